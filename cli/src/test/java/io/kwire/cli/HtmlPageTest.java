package io.kwire.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Set;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * {@code explain --html}: a well-formed XHTML document with one cell per frame byte, each cell in the
 * region of the deepest tree node (as the page itself states it) holding that byte, a legend naming
 * every region, and nothing fetched from elsewhere.
 */
class HtmlPageTest {
  @TempDir
  Path dir;

  private Document page(String hex, String... extra) throws Exception {
    Path out = dir.resolve("frame.html");
    List<String> args = new ArrayList<>(List.of("explain", "--html", out.toString()));
    args.addAll(List.of(extra));
    CliRun run = CliRun.withInput(hex, args.toArray(String[]::new));
    assertEquals(0, run.exitCode(), run.err());
    String html = Files.readString(out);
    for (String external : List.of("http:", "https:", "src=", "href=", "@import")) {
      assertFalse(html.replace("http://www.w3.org/1999/xhtml", "").contains(external), "refers elsewhere: " + external);
    }
    DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
    factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", false);
    return factory.newDocumentBuilder().parse(new ByteArrayInputStream(html.getBytes(StandardCharsets.UTF_8)));
  }

  private static String sampleHex(String... args) {
    CliRun run = CliRun.of(args);
    assertEquals(0, run.exitCode(), run.err());
    return run.out().trim();
  }

  @Test
  void requestPageHasOneCellPerByteInTheRegionOfItsDeepestNode() throws Exception {
    String hex = sampleHex("sample", "CreateTopics", "--version", "7", "--request", "--hex-only");
    assertStructure(page(hex), HexFormat.of().parseHex(hex));
  }

  @Test
  void responseAndRecordsPagesToo() throws Exception {
    String response = sampleHex("sample", "CreateTopics", "--version", "7", "--response", "--hex-only");
    assertStructure(page(response, "--api", "CreateTopics", "--version", "7"), HexFormat.of().parseHex(response));
    String produce = sampleHex("sample", "Produce", "--request", "--hex-only");
    Document doc = page(produce);
    assertStructure(doc, HexFormat.of().parseHex(produce));
    Set<String> regions = new java.util.HashSet<>();
    NodeList cells = doc.getElementsByTagName("td");
    for (int i = 0; i < cells.getLength(); i++) {
      regions.add(((Element) cells.item(i)).getAttribute("data-region"));
    }
    assertTrue(regions.containsAll(Set.of("frame", "rpc header", "request body", "RecordBatch", "tagged_fields")),
        regions.toString());
  }

  @Test
  void bytesOfSecretFieldsAreHidden() {
    io.kwire.messages.SaslAuthenticateRequest auth = io.kwire.messages.SaslAuthenticateRequestCodec.INSTANCE
        .newBuilder().authBytes(new byte[] {1, 2, 3}).build();
    byte[] frame = io.kwire.runtime.Frames.encodeRequest(new io.kwire.runtime.RequestHeader((short) 36, (short) 2, 1,
        "c"), io.kwire.messages.SaslAuthenticateRequestCodec.INSTANCE, auth);
    io.kwire.runtime.explain.WireNode root = io.kwire.runtime.explain.FrameExplainer.of(
        io.kwire.runtime.KwireRegistry.standard()).hidingSecrets().explainRequest(frame);
    io.kwire.runtime.explain.WireNode secret = Trees.named(root, "AuthBytes");
    assertEquals(4, secret.size(), "compact length and three bytes");
    String html = HtmlPage.render("secret", frame, root);
    for (int i = 0; i < frame.length; i++) {
      boolean hidden = i >= secret.offset() && i < secret.end();
      java.util.regex.Matcher cell = java.util.regex.Pattern.compile("id=\"b" + i + "\"[^>]*>([^<]*)</td>").matcher(html);
      assertTrue(cell.find(), "cell " + i);
      assertEquals(hidden ? "**" : String.format("%02x", frame[i] & 0xFF), cell.group(1), "byte " + i);
    }
    assertTrue(html.contains("AuthBytes bytes = &lt;redacted, 4 bytes&gt;"), html);
  }

  private static void assertStructure(Document doc, byte[] frame) {
    assertEquals("html", doc.getDocumentElement().getTagName());
    assertEquals(1, doc.getElementsByTagName("script").getLength());
    assertEquals(1, doc.getElementsByTagName("style").getLength());

    List<Element> nodes = new ArrayList<>();
    NodeList spans = doc.getElementsByTagName("span");
    Set<String> legend = new java.util.HashSet<>();
    for (int i = 0; i < spans.getLength(); i++) {
      Element span = (Element) spans.item(i);
      if (span.getAttribute("class").startsWith("node ")) {
        nodes.add(span);
      } else {
        legend.add(span.getTextContent());
      }
    }
    assertEquals(Set.of("frame", "rpc header", "request body", "response body", "RecordBatch", "Record",
        "tagged_fields"), legend);

    NodeList cells = doc.getElementsByTagName("td");
    assertEquals(frame.length, cells.getLength(), "one cell per byte");
    for (int i = 0; i < frame.length; i++) {
      Element cell = (Element) cells.item(i);
      assertEquals("b" + i, cell.getAttribute("id"));
      assertEquals(String.format("%02x", frame[i] & 0xFF), cell.getTextContent());
      Element deepest = deepestNodeAt(nodes, i);
      assertNotNull(deepest, "no tree node holds byte " + i);
      assertEquals(deepest.getAttribute("data-region"), cell.getAttribute("data-region"), "byte " + i);
      assertEquals(deepest.getAttribute("id"), cell.getAttribute("data-node"), "byte " + i);
      assertTrue(cell.getAttribute("class").contains("r-"), "coloured by region");
    }
    assertEquals((frame.length + 15) / 16, doc.getElementsByTagName("tbody").item(0).getChildNodes().getLength()
        - countText(doc.getElementsByTagName("tbody").item(0).getChildNodes()), "rows of 16");
  }

  private static int countText(NodeList children) {
    int text = 0;
    for (int i = 0; i < children.getLength(); i++) {
      if (!(children.item(i) instanceof Element)) {
        text++;
      }
    }
    return text;
  }

  /** The node whose byte range holds {@code at} and that is nested deepest in the page's tree. */
  private static Element deepestNodeAt(List<Element> nodes, int at) {
    Element best = null;
    int bestDepth = -1;
    for (Element node : nodes) {
      int off = Integer.parseInt(node.getAttribute("data-off"));
      int len = Integer.parseInt(node.getAttribute("data-len"));
      int depth = depth(node);
      if (at >= off && at < off + len && depth > bestDepth) {
        best = node;
        bestDepth = depth;
      }
    }
    return best;
  }

  private static int depth(Element e) {
    int depth = 0;
    for (org.w3c.dom.Node n = e; n != null; n = n.getParentNode()) {
      if (n instanceof Element p && p.getTagName().equals("ul")) {
        depth++;
      }
    }
    return depth;
  }
}

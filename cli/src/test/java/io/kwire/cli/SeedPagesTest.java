package io.kwire.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The four seed pages (copied into test resources from shared/seeds): {@code kwire sample} at the
 * page's version prints the page's captions and object trees, node by node, and {@code kwire explain}
 * of the printed hex prints the same trees. The pages' field descriptions come from Kafka's JSON
 * schemas ("about"), which kwire's descriptors do not carry, so only the notes kwire writes itself
 * (frame, headers, tagged-field counts, the body) are compared.
 */
class SeedPagesTest {
  private static final Set<String> NOTED = Set.of("Frame", "size", "RequestHeader", "ResponseHeader",
      "request_api_key", "request_api_version", "correlation_id", "client_id", "tagged_fields");

  static Stream<String> pages() {
    return Stream.of("000_372219b370af6514.txt", "001_44e9c730ccba84e5.txt", "002_f46510ca029f5df4.txt",
        "003_d60650ed2865f383.txt");
  }

  @ParameterizedTest
  @MethodSource("pages")
  void sampleAndExplainPrintTheSeedPagesTrees(String page) throws IOException {
    List<String> lines = read(page);
    String api = lines.get(0).trim();
    String version = lines.get(lines.indexOf("- Encoded at") + 1).replace("- v", "").trim();
    List<String> seedTrees = new ArrayList<>();
    List<String> seedCaptions = new ArrayList<>();
    for (int i = 0; i < lines.size(); i++) {
      if (lines.get(i).equals("object tree")) {
        seedTrees.add(lines.get(i + 1));
      }
      if (lines.get(i).equals("Request") || lines.get(i).equals("Response")) {
        seedCaptions.add(lines.get(i + 1));
      }
    }
    assertEquals(2, seedTrees.size(), "request and response trees on " + page);

    CliRun sample = CliRun.of("sample", api, "--version", version);
    assertEquals(0, sample.exitCode(), sample.err());
    List<Section> sections = Section.split(sample.out());
    assertEquals(2, sections.size());
    for (int i = 0; i < 2; i++) {
      Section section = sections.get(i);
      assertEquals(seedCaptions.get(i), section.caption());
      assertTreeMatchesSeed(seedTrees.get(i), section.tree(), page);

      String[] args = i == 0 ? new String[] {"explain"} : new String[] {"explain", "--api", api, "--version", version};
      CliRun explain = CliRun.withInput(section.hex(), args);
      assertEquals(0, explain.exitCode(), explain.err());
      assertEquals(section.tree(), Section.treeOf(explain.out()), "explain of the sample's hex");
    }
  }

  private static void assertTreeMatchesSeed(String seedTree, List<String> ours, String page) {
    List<TreeNodeText> expected = TreeNodeText.parseFlat(seedTree);
    List<TreeNodeText> actual = TreeNodeText.parseLines(ours);
    assertTrue(expected.size() > 15, "the seed tree parsed into " + expected.size() + " nodes");
    assertEquals(expected.size(), actual.size(), page + ": node count\n" + String.join("\n", ours));
    for (int n = 0; n < expected.size(); n++) {
      TreeNodeText e = expected.get(n);
      TreeNodeText a = actual.get(n);
      String where = page + " node " + n + " (" + e.name() + ")";
      assertEquals(e.name(), a.name(), where);
      assertEquals(e.type(), a.type(), where);
      assertEquals(e.value(), a.value(), where);
      assertEquals(e.offset(), a.offset(), where);
      assertEquals(e.size(), a.size(), where);
      boolean bodyStruct = n > 0 && e.type().equals("struct") && e.value() == null;
      if (NOTED.contains(e.name()) || bodyStruct) {
        assertEquals(e.note(), a.note(), where);
      }
    }
  }

  private static List<String> read(String page) throws IOException {
    try (InputStream in = SeedPagesTest.class.getResourceAsStream("/seeds/" + page)) {
      return Arrays.asList(new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n"));
    }
  }

  /** One frame of {@code kwire sample}: caption, {@code hex: ...}, blank, tree, blank, bytes. */
  record Section(String caption, String hex, List<String> tree) {
    static List<Section> split(String out) {
      List<String> lines = Arrays.asList(out.split("\n", -1));
      List<Section> sections = new ArrayList<>();
      for (int i = 0; i < lines.size(); i++) {
        if (lines.get(i).startsWith("hex: ")) {
          String caption = lines.get(i - 1);
          String hex = lines.get(i).substring(5);
          List<String> tree = new ArrayList<>();
          for (int j = i + 2; !lines.get(j).isEmpty(); j++) {
            tree.add(lines.get(j));
          }
          sections.add(new Section(caption, hex, tree));
        }
      }
      return sections;
    }

    /** The tree printed by {@code explain}: every line before the first blank one. */
    static List<String> treeOf(String out) {
      List<String> tree = new ArrayList<>();
      for (String line : out.split("\n", -1)) {
        if (line.isEmpty()) {
          break;
        }
        tree.add(line);
      }
      return tree;
    }
  }
}

package io.kwire.tests.build;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;

/**
 * What a user's build relies on: the BOM (which has no parent, so its version is written twice)
 * manages exactly the published modules at this build's version, and every published POM carries
 * what a public release needs, itself or through kwire-parent.
 */
class PublishedPomsTest {
  private static final Path ROOT = Path.of(System.getProperty("kwire.rootDir", ".."));
  private static final List<String> PUBLISHED = List.of("kwire-annotations", "kwire-runtime", "kwire-spec",
      "kwire-processor", "kwire-messages", "kwire-json", "kwire-capture", "kwire-bridge", "kwire-net", "kwire-proxy", "kwire-fake");

  @Test
  void bomManagesEveryPublishedModuleAtThisVersion() throws Exception {
    Element bom = read("bom/pom.xml");
    String version = System.getProperty("kwire.version");
    assertNotNull(version);
    assertEquals(version, child(bom, "version").getTextContent());
    assertEquals(null, child(bom, "parent"), "an imported BOM's parent would leak its dependencyManagement");

    List<String> managed = new ArrayList<>();
    NodeList dependencies = child(child(bom, "dependencyManagement"), "dependencies").getElementsByTagName("dependency");
    for (int i = 0; i < dependencies.getLength(); i++) {
      Element d = (Element) dependencies.item(i);
      assertEquals("io.kwire", child(d, "groupId").getTextContent());
      assertEquals("${project.version}", child(d, "version").getTextContent());
      managed.add(child(d, "artifactId").getTextContent());
    }
    assertEquals(PUBLISHED, managed);
  }

  @ParameterizedTest
  @ValueSource(strings = {"pom.xml", "bom/pom.xml"})
  void releaseMetadataIsDeclared(String pom) throws Exception {
    Element project = read(pom);
    for (String element : List.of("name", "description", "url", "licenses", "scm", "developers")) {
      assertNotNull(child(project, element), pom + " lacks <" + element + ">");
    }
    Element license = child(child(project, "licenses"), "license");
    assertEquals("Apache-2.0", child(license, "name").getTextContent());
    assertNotNull(child(child(project, "scm"), "connection"));
  }

  @ParameterizedTest
  @ValueSource(strings = {"annotations", "runtime", "processor", "messages", "json", "bridge", "net", "proxy", "fake"})
  void publishedModulesNameAndDescribeThemselves(String module) throws Exception {
    Element project = read(module + "/pom.xml");
    assertEquals("kwire-" + module, child(project, "artifactId").getTextContent());
    assertEquals("kwire-parent", child(child(project, "parent"), "artifactId").getTextContent());
    assertFalse(child(project, "name").getTextContent().isBlank());
    assertFalse(child(project, "description").getTextContent().isBlank());
  }

  private static Element read(String pom) throws Exception {
    Document doc = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(ROOT.resolve(pom).toFile());
    return doc.getDocumentElement();
  }

  /** The first child element named {@code name}, or null. */
  private static Element child(Element parent, String name) {
    for (Node n = parent.getFirstChild(); n != null; n = n.getNextSibling()) {
      if (n instanceof Element e && e.getTagName().equals(name)) {
        return e;
      }
    }
    return null;
  }
}

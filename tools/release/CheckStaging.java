import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import java.util.zip.ZipFile;
import javax.xml.parsers.DocumentBuilderFactory;
import org.w3c.dom.Element;
import org.w3c.dom.Node;

/**
 * Checks a staging repository made by {@code mvn -Prelease deploy} (target/staging-deploy) against
 * what Maven Central requires of every published module: the POM with name, description, url,
 * licenses, developers and scm (the last four may come from kwire-parent), the jar, its sources and
 * javadoc jars, an .md5 and .sha1 of each file that match it, and with {@code --signed} an .asc
 * signature of each. The modules expected are kwire-parent, kwire-bom and every module kwire-bom
 * manages. Prints one line per problem and exits 1 if there is any.
 *
 * <p>Run: {@code java tools/release/CheckStaging.java target/staging-deploy [--signed]} (JDK 17+).
 */
public final class CheckStaging {
  private final Path repo;
  private final boolean signed;
  private final List<String> problems = new ArrayList<>();
  private int files;

  private CheckStaging(Path repo, boolean signed) {
    this.repo = repo;
    this.signed = signed;
  }

  public static void main(String[] args) throws Exception {
    if (args.length < 1) {
      System.err.println("usage: java tools/release/CheckStaging.java STAGING_DIR [--signed]");
      System.exit(2);
    }
    Path repo = Path.of(args[0]);
    boolean signed = args.length > 1 && args[1].equals("--signed");
    Path root = Path.of(System.getProperty("kwire.root", "."));
    CheckStaging check = new CheckStaging(repo, signed);
    List<String> expected = new ArrayList<>(List.of("kwire-parent", "kwire-bom"));
    expected.addAll(managedModules(root.resolve("bom/pom.xml")));
    for (String artifactId : expected) {
      check.module(artifactId);
    }
    check.nothingElse(expected);
    if (check.problems.isEmpty()) {
      System.out.println("Staging repository " + repo + ": " + expected.size() + " modules, " + check.files
          + " files, every required piece present" + (signed ? " and signed" : " (signatures not required)"));
    } else {
      check.problems.forEach(p -> System.out.println("MISSING or WRONG: " + p));
      System.out.println(check.problems.size() + " problems in " + repo);
      System.exit(1);
    }
  }

  private static List<String> managedModules(Path bom) throws Exception {
    Element project = parse(bom);
    List<String> modules = new ArrayList<>();
    Element dependencies = child(child(project, "dependencyManagement").orElseThrow(), "dependencies").orElseThrow();
    for (Node n = dependencies.getFirstChild(); n != null; n = n.getNextSibling()) {
      if (n instanceof Element d) {
        modules.add(text(d, "artifactId").orElseThrow());
      }
    }
    return modules;
  }

  private void module(String artifactId) throws Exception {
    Path dir = repo.resolve("io/kwire").resolve(artifactId);
    Optional<Path> versionDir = onlyDirectory(dir);
    if (versionDir.isEmpty()) {
      problems.add(artifactId + ": no version directory under " + dir);
      return;
    }
    Optional<Path> pom = newest(versionDir.get(), artifactId, ".pom");
    if (pom.isEmpty()) {
      problems.add(artifactId + ": no POM in " + versionDir.get());
      return;
    }
    String stem = pom.get().getFileName().toString().replaceFirst("\\.pom$", "");
    Element project = parse(pom.get());
    String packaging = text(project, "packaging").orElse("jar");
    metadata(artifactId, project);
    List<String> required = new ArrayList<>(List.of(stem + ".pom"));
    if (packaging.equals("jar")) {
      required.addAll(List.of(stem + ".jar", stem + "-sources.jar", stem + "-javadoc.jar"));
    }
    for (String name : required) {
      Path file = versionDir.get().resolve(name);
      if (!Files.isRegularFile(file)) {
        problems.add(artifactId + ": " + name);
        continue;
      }
      files++;
      checksum(file, "MD5", ".md5");
      checksum(file, "SHA-1", ".sha1");
      if (signed && !Files.isRegularFile(Path.of(file + ".asc"))) {
        problems.add(artifactId + ": " + name + ".asc (signature)");
      }
    }
    if (packaging.equals("jar")) {
      contents(artifactId, versionDir.get().resolve(stem + ".jar"), "module-info.class", ".class");
      contents(artifactId, versionDir.get().resolve(stem + "-sources.jar"), null, ".java");
      contents(artifactId, versionDir.get().resolve(stem + "-javadoc.jar"), "index.html", ".html");
    }
  }

  /** Central's required POM elements; url, licenses, developers and scm may be kwire-parent's. */
  private void metadata(String artifactId, Element project) throws Exception {
    for (String own : List.of("name", "description")) {
      if (text(project, own).filter(t -> !t.isBlank()).isEmpty()) {
        problems.add(artifactId + ": <" + own + "> in its POM");
      }
    }
    Element parent = null;
    if (child(project, "parent").isPresent()) {
      String parentId = text(child(project, "parent").get(), "artifactId").orElse("");
      Optional<Path> parentPom = onlyDirectory(repo.resolve("io/kwire").resolve(parentId))
          .flatMap(d -> newest(d, parentId, ".pom"));
      if (parentPom.isEmpty()) {
        problems.add(artifactId + ": its parent " + parentId + " is not staged");
      } else {
        parent = parse(parentPom.get());
      }
    }
    for (String inherited : List.of("url", "licenses", "developers", "scm")) {
      if (child(project, inherited).isEmpty() && (parent == null || child(parent, inherited).isEmpty())) {
        problems.add(artifactId + ": <" + inherited + "> in its POM or its parent's");
      }
    }
    Element licensed = child(project, "licenses").isPresent() || parent == null ? project : parent;
    child(licensed, "licenses").flatMap(l -> child(l, "license")).flatMap(l -> text(l, "name"))
        .filter(n -> !n.isBlank()).ifPresentOrElse(n -> { }, () -> problems.add(artifactId + ": a license with a name"));
  }

  private void checksum(Path file, String algorithm, String suffix) throws IOException, NoSuchAlgorithmException {
    Path sum = Path.of(file + suffix);
    if (!Files.isRegularFile(sum)) {
      problems.add(repo.relativize(file) + suffix);
      return;
    }
    String expected = HexFormat.of().formatHex(MessageDigest.getInstance(algorithm).digest(Files.readAllBytes(file)));
    String written = Files.readString(sum).trim().split("\\s+")[0];
    if (!expected.equalsIgnoreCase(written)) {
      problems.add(repo.relativize(sum) + " does not match the file");
    }
  }

  /** A jar that holds {@code entry} (when given) and at least one entry ending in {@code suffix}. */
  private void contents(String artifactId, Path jar, String entry, String suffix) throws IOException {
    if (!Files.isRegularFile(jar)) {
      return; // already reported
    }
    try (ZipFile zip = new ZipFile(jar.toFile())) {
      if (entry != null && zip.getEntry(entry) == null) {
        problems.add(artifactId + ": " + jar.getFileName() + " holds no " + entry);
      }
      if (zip.stream().noneMatch(e -> e.getName().endsWith(suffix))) {
        problems.add(artifactId + ": " + jar.getFileName() + " holds no " + suffix + " file");
      }
    }
  }

  /** No other kwire artifact is staged (an application or a test module published by mistake). */
  private void nothingElse(List<String> expected) throws IOException {
    Path group = repo.resolve("io/kwire");
    if (!Files.isDirectory(group)) {
      problems.add("no io/kwire directory in " + repo);
      return;
    }
    try (Stream<Path> staged = Files.list(group)) {
      staged.map(p -> p.getFileName().toString()).filter(n -> !expected.contains(n))
          .forEach(n -> problems.add(n + " is staged but is not a published module"));
    }
  }

  private Optional<Path> onlyDirectory(Path dir) throws IOException {
    if (!Files.isDirectory(dir)) {
      return Optional.empty();
    }
    try (Stream<Path> entries = Files.list(dir)) {
      List<Path> dirs = entries.filter(Files::isDirectory).toList();
      if (dirs.size() > 1) {
        problems.add(dir + " holds " + dirs.size() + " versions: stage one release into an empty directory");
      }
      return dirs.stream().findFirst();
    }
  }

  /** The newest {@code artifactId-*.suffix} (a snapshot deployed twice keeps both, timestamped). */
  private static Optional<Path> newest(Path dir, String artifactId, String suffix) {
    try (Stream<Path> entries = Files.list(dir)) {
      return entries.filter(p -> {
        String n = p.getFileName().toString();
        return n.startsWith(artifactId + "-") && n.endsWith(suffix);
      }).max(Path::compareTo);
    } catch (IOException e) {
      return Optional.empty();
    }
  }

  private static Element parse(Path xml) throws Exception {
    try (InputStream in = Files.newInputStream(xml)) {
      return DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(in).getDocumentElement();
    }
  }

  private static Optional<Element> child(Element parent, String name) {
    for (Node n = parent.getFirstChild(); n != null; n = n.getNextSibling()) {
      if (n instanceof Element e && e.getTagName().equals(name)) {
        return Optional.of(e);
      }
    }
    return Optional.empty();
  }

  private static Optional<String> text(Element parent, String name) {
    return child(parent, name).map(e -> e.getTextContent().trim());
  }
}

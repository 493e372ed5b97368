package io.kwire.tests.conformance;

import static org.junit.jupiter.api.Assertions.fail;

import io.kwire.tests.conformance.SpecCheck.Release;
import io.kwire.tests.conformance.SpecModel.MessageSpec;
import io.kwire.tests.conformance.SpecSource.SpecFile;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.DynamicContainer;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Every message spec in both Kafka jars against the model kwire's processor generated (its
 * descriptors), one test per spec file. See {@link SpecCheck} for how one kwire record is checked
 * against two releases.
 *
 * <p>For local work, {@code -Dkwire.conformance.only=RequestHeader,ResponseHeader} (or the
 * environment variable {@code KWIRE_CONFORMANCE_ONLY}) restricts the check to the named messages.
 * The check's informational notes (e.g. declared ranges that differ but agree on every version)
 * are counted in the summary line and listed only with {@code -Dkwire.conformance.notes=true}.
 */
class SpecConformanceTest {
  static final String ONLY_PROPERTY = "kwire.conformance.only";
  static final String ONLY_VARIABLE = "KWIRE_CONFORMANCE_ONLY";
  static final String NOTES_PROPERTY = "kwire.conformance.notes";

  private static final Map<String, AtomicInteger> SPECS_CHECKED = new TreeMap<>();
  private static final AtomicInteger VERSIONS_CHECKED = new AtomicInteger();
  private static final AtomicInteger FIELDS_COMPARED = new AtomicInteger();
  private static final AtomicInteger NOTES = new AtomicInteger();

  @TestFactory
  Stream<DynamicContainer> everySpecMatchesKwireModel() {
    Path newestJar = SpecSource.currentKafkaJar();
    Path legacyJar = SpecSource.legacyKafkaJar();
    List<SpecFile> newest = SpecSource.read(newestJar);
    List<SpecFile> legacy = SpecSource.read(legacyJar);
    KwireModels kwire = KwireModels.standard();
    Set<String> only = onlyFilter();
    return Stream.of(
        release(SpecSource.releaseOf(newestJar), Release.NEWEST, newest, byName(legacy), kwire, only),
        release(SpecSource.releaseOf(legacyJar), Release.LEGACY, legacy, byName(newest), kwire, only));
  }

  private static DynamicContainer release(String label, Release release, List<SpecFile> specs,
      Map<String, MessageSpec> otherRelease, KwireModels kwire, Set<String> only) {
    Stream<DynamicTest> tests = specs.stream()
        .filter(s -> only.isEmpty() || only.contains(s.name()))
        .map(s -> DynamicTest.dynamicTest(s.file(), () -> check(label, release, s, otherRelease, kwire)));
    return DynamicContainer.dynamicContainer("kafka-clients " + label, tests);
  }

  /**
   * APIs that 4.x renamed without changing the wire, both ways: the same API key in the other release.
   * kwire follows the newer name.
   */
  private static final Map<String, String> RENAMED = Map.of(
      "ListClientMetricsResourcesRequest", "ListConfigResourcesRequest",
      "ListClientMetricsResourcesResponse", "ListConfigResourcesResponse",
      "ListConfigResourcesRequest", "ListClientMetricsResourcesRequest",
      "ListConfigResourcesResponse", "ListClientMetricsResourcesResponse");

  private static void check(String label, Release release, SpecFile file, Map<String, MessageSpec> otherRelease,
      KwireModels kwire) {
    String where = file.file() + " (Kafka " + label + ")";
    if (file.error() != null) {
      fail(where + " does not parse: " + file.error().getMessage(), file.error());
    }
    MessageSpec counterpart = otherRelease.get(file.spec().name());
    if (counterpart == null) {
      counterpart = otherRelease.get(RENAMED.getOrDefault(file.spec().name(), ""));
    }
    SpecCheck.Result result = SpecCheck.run(file.spec(), release, counterpart, kwire);
    SPECS_CHECKED.computeIfAbsent(label, k -> new AtomicInteger()).incrementAndGet();
    VERSIONS_CHECKED.addAndGet(result.versionsChecked());
    FIELDS_COMPARED.addAndGet(result.fieldsCompared());
    NOTES.addAndGet(result.notes().size());
    if (Boolean.getBoolean(NOTES_PROPERTY)) {
      for (String note : result.notes()) {
        System.out.println("[conformance] info: " + where + ": " + note);
      }
    }
    if (!result.differences().isEmpty()) {
      fail(where + " differs from kwire in " + result.differences().size() + " place(s):\n  "
          + result.differences().stream().map(Difference::toString).collect(Collectors.joining("\n  ")));
    }
  }

  @AfterAll
  static void reportCounts() {
    System.out.println("[conformance] specs checked per release: " + SPECS_CHECKED
        + "; (message, version) pairs checked: " + VERSIONS_CHECKED
        + "; field comparisons: " + FIELDS_COMPARED
        + "; informational notes: " + NOTES + (Boolean.getBoolean(NOTES_PROPERTY) ? "" : " (list them with -D" + NOTES_PROPERTY + "=true)"));
  }

  private static Map<String, MessageSpec> byName(List<SpecFile> specs) {
    Map<String, MessageSpec> map = new HashMap<>();
    for (SpecFile s : specs) {
      if (s.spec() != null) {
        map.put(s.spec().name(), s.spec());
      }
    }
    return map;
  }

  private static Set<String> onlyFilter() {
    String value = System.getProperty(ONLY_PROPERTY, System.getenv(ONLY_VARIABLE));
    if (value == null || value.isBlank()) {
      return Set.of();
    }
    return Arrays.stream(value.split(",")).map(String::trim).filter(s -> !s.isEmpty()).collect(Collectors.toSet());
  }
}

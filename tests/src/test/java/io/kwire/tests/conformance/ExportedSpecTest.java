package io.kwire.tests.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.kwire.tests.conformance.SpecCheck.Release;
import io.kwire.tests.conformance.SpecModel.MessageSpec;
import io.kwire.tests.conformance.SpecSource.SpecFile;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicContainer;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * The specs kwire's processor exports in Kafka's JSON format against Kafka's own, version by version:
 * every version of 4.4.0's validVersions, and of 3.9.1's those 4.x removed, has the same fields in
 * the same order with the same types, nullability, tags, defaults and compact encoding (the same
 * {@link WireView}, compared by the same {@link Comparer} as kwire's descriptors in
 * {@link SpecConformanceTest}). The exported text is read with a parser that rejects any attribute
 * Kafka's format lacks.
 */
class ExportedSpecTest {
  /** Kafka's headers: hand-written codecs in the runtime, whose specs the runtime carries as resources. */
  private static final Set<String> HEADERS = Set.of("RequestHeader", "ResponseHeader");

  private static final List<SpecFile> EXPORTED = ExportedSpecs.read(ExportedSpecs.kwireOutputs());

  @TestFactory
  Stream<DynamicContainer> everyKafkaSpecHasTheSameLayoutInTheExportedSpec() {
    List<SpecFile> newest = SpecSource.read(SpecSource.currentKafkaJar());
    List<SpecFile> legacy = SpecSource.read(SpecSource.legacyKafkaJar());
    return Stream.of(
        release("kafka-clients 4.4.0", Release.NEWEST, newest, legacy),
        release("kafka-clients 3.9.1", Release.LEGACY, legacy, newest));
  }

  @Test
  void everyExportedSpecIsOneOfKafkasMessages() {
    Set<String> kafka = new HashSet<>();
    Stream.concat(SpecSource.read(SpecSource.currentKafkaJar()).stream(),
        SpecSource.read(SpecSource.legacyKafkaJar()).stream()).forEach(f -> {
          MessageSpec e = find(f.spec(), EXPORTED);
          if (e != null) {
            kafka.add(e.name());
          }
        });
    Set<String> exported = EXPORTED.stream().map(SpecFile::name).collect(Collectors.toCollection(TreeSet::new));
    assertEquals(kwireMessages() + HEADERS.size(), exported.size(),
        "one spec per record of kwire-messages, and the headers'");
    exported.removeAll(kafka);
    assertTrue(exported.isEmpty(), "exported specs no Kafka spec matches: " + exported);
    for (SpecFile f : EXPORTED) {
      assertEquals(f.spec().name() + ".json", f.file());
    }
  }

  /** The runtime's header specs (written by hand) against its header codecs' descriptors. */
  @Test
  void theHeaderSpecsDescribeTheRuntimesHeaderCodecs() {
    for (io.kwire.runtime.meta.MessageDescriptor d : List.of(io.kwire.runtime.RequestHeaderCodec.DESCRIPTOR,
        io.kwire.runtime.ResponseHeaderCodec.DESCRIPTOR)) {
      MessageSpec spec = EXPORTED.stream().filter(f -> f.name().equals(d.name())).findFirst().orElseThrow().spec();
      assertEquals(d.validVersions().toString(), spec.validVersions());
      Comparer comparer = new Comparer();
      for (int v = d.validVersions().lowest(); v <= d.validVersions().highest(); v++) {
        comparer.compare(v, Projector.project(spec, v, true), Projector.project(d, v, true));
      }
      assertEquals(List.of(), comparer.differences());
    }
  }

  private static DynamicContainer release(String label, Release release, List<SpecFile> specs,
      List<SpecFile> otherRelease) {
    return DynamicContainer.dynamicContainer(label, specs.stream()
        .map(s -> DynamicTest.dynamicTest(s.file(), () -> check(label, release, s.spec(), otherRelease))));
  }

  private static void check(String label, Release release, MessageSpec kafka, List<SpecFile> otherRelease) {
    MessageSpec counterpart = find(kafka, otherRelease);
    List<Integer> versions = SpecCheck.versionsToCheck(kafka, release, counterpart);
    if (versions.isEmpty()) {
      return; // a 4.4.0 placeholder ("none") or a 3.9.1 spec whose every version 4.4.0 redefines
    }
    MessageSpec exported = find(kafka, EXPORTED);
    assertNotNull(exported, "no exported spec for " + kafka.name());
    boolean newest = release == Release.NEWEST;
    Comparer comparer = new Comparer(newest || counterpart == null ? Set.of() : SpecCheck.fieldPaths(counterpart));
    for (int v : versions) {
      comparer.compare(v, Projector.project(kafka, v, newest), Projector.project(exported, v, newest));
    }
    if (!comparer.differences().isEmpty()) {
      fail(kafka.name() + " (" + label + ") differs from the exported spec in " + comparer.differences().size()
          + " place(s):\n  " + comparer.differences().stream().map(Difference::toString)
              .collect(Collectors.joining("\n  ")));
    }
  }

  /** The same API (key and type) or, for other messages, the same name; null if none. */
  private static MessageSpec find(MessageSpec spec, List<SpecFile> in) {
    for (SpecFile f : in) {
      MessageSpec s = f.spec();
      boolean same = spec.apiKey() != null
          ? spec.apiKey().equals(s.apiKey()) && spec.type().equals(s.type())
          : s.apiKey() == null && spec.name().equals(s.name());
      if (same) {
        return s;
      }
    }
    return null;
  }

  /** The codecs of kwire-messages (the registry may hold test codecs too). */
  static long kwireMessages() {
    return io.kwire.runtime.KwireRegistry.standard().codecs().stream()
        .filter(c -> c.getClass().getPackageName().equals("io.kwire.messages")).count();
  }
}

package io.kwire.tests.conformance;

import java.util.Optional;
import java.util.OptionalInt;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kwire.annotations.Listener;
import io.kwire.annotations.MessageType;
import io.kwire.runtime.meta.FieldDescriptor;
import io.kwire.runtime.meta.MessageDescriptor;
import io.kwire.runtime.meta.StructDescriptor;
import io.kwire.runtime.meta.VersionRange;
import io.kwire.tests.conformance.SpecCheck.Release;
import io.kwire.tests.conformance.SpecModel.FieldSpec;
import io.kwire.tests.conformance.SpecModel.MessageSpec;
import io.kwire.tests.conformance.SpecSource.SpecFile;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The other half of proving the comparison: a kwire model that states exactly what a spec states
 * must pass, for every real spec of both jars. This keeps the conformance test free of false
 * alarms that come from reading the specs (comments, scalar spellings, common structs, defaults).
 */
class SpecDerivedModelTest {

  @ParameterizedTest
  @ValueSource(strings = {"current", "legacy"})
  void modelStatingTheSpecPasses(String which) {
    Path jar = which.equals("current") ? SpecSource.currentKafkaJar() : SpecSource.legacyKafkaJar();
    List<String> failures = new ArrayList<>();
    int versions = 0;
    List<SpecFile> specs = SpecSource.read(jar);
    for (SpecFile file : specs) {
      assertTrue(file.error() == null, () -> file.file() + ": " + file.error());
      MessageSpec spec = file.spec();
      KwireModels models = new KwireModels(List.of(modelOf(spec)));
      SpecCheck.Result result = SpecCheck.run(spec, Release.NEWEST, null, models);
      versions += result.versionsChecked();
      result.differences().forEach(d -> failures.add(file.file() + " " + d));
    }
    assertEquals(List.of(), failures);
    assertTrue(specs.size() > 150 && versions > 500, specs.size() + " specs, " + versions + " versions");
  }

  /** A descriptor that says exactly what the spec says, as the processor should generate it. */
  static MessageDescriptor modelOf(MessageSpec spec) {
    List<Listener> listeners = new ArrayList<>();
    for (String l : spec.listeners()) {
      listeners.add(l.equals("zkBroker") ? Listener.ZK_BROKER : Listener.valueOf(l.toUpperCase(Locale.ROOT)));
    }
    return new MessageDescriptor(spec.name(), MessageType.valueOf(spec.type().toUpperCase(Locale.ROOT)),
        (short) (spec.apiKey() == null ? -1 : spec.apiKey()), range(spec.valid()), range(spec.flexible()),
        range(spec.deprecated()), spec.latestVersionUnstable(), listeners,
        new StructDescriptor(spec.name(), fieldsOf(spec, spec.fields())));
  }

  private static List<FieldDescriptor> fieldsOf(MessageSpec spec, List<FieldSpec> fields) {
    List<FieldDescriptor> list = new ArrayList<>();
    for (FieldSpec f : fields) {
      StructDescriptor struct = spec.isStruct(f)
          ? new StructDescriptor(f.elementType(), fieldsOf(spec, spec.childrenOf(f)))
          : null;
      list.add(new FieldDescriptor(f.name(), f.name(), f.type(), range(f.present()), range(f.nullable()),
          f.tag() == null ? OptionalInt.empty() : OptionalInt.of(f.tag()), range(f.tagged()), f.ignorable(),
          f.defaultValue() == null ? "" : f.defaultValue(), f.mapKey(),
          Optional.ofNullable(f.flexibleVersions()).map(VersionRange::parse), f.zeroCopy(),
          f.entityType() == null ? "unknown" : f.entityType(), struct, false));
    }
    return list;
  }

  private static VersionRange range(SpecVersions v) {
    return VersionRange.of(v.lowest(), v.highest());
  }
}

package io.kwire.tests.conformance;

import static io.kwire.tests.conformance.WireView.*;

import io.kwire.runtime.meta.FieldDescriptor;
import io.kwire.runtime.meta.MessageDescriptor;
import io.kwire.runtime.meta.VersionRange;
import io.kwire.tests.conformance.SpecModel.FieldSpec;
import io.kwire.tests.conformance.SpecModel.MessageSpec;
import io.kwire.tests.conformance.WireView.FieldView;
import io.kwire.tests.conformance.WireView.MessageView;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Projects a Kafka spec or a kwire descriptor to its {@link WireView} at one version. */
final class Projector {
  private Projector() {}

  /**
   * @param releaseAttributes whether to include attributes that only the newest Kafka release is
   *     authoritative for (deprecation, unstable latest version)
   */
  static MessageView project(MessageSpec spec, int version, boolean releaseAttributes) {
    SpecVersions valid = spec.valid();
    Map<String, String> attributes = new LinkedHashMap<>();
    attributes.put(API_KEY, String.valueOf(spec.apiKey() == null ? -1 : spec.apiKey()));
    attributes.put(TYPE, spec.type());
    attributes.put(VALID, String.valueOf(valid.contains(version)));
    attributes.put(FLEXIBLE, String.valueOf(spec.flexible().contains(version)));
    if (releaseAttributes) {
      attributes.put(DEPRECATED, String.valueOf(spec.deprecated().contains(version)));
      attributes.put(UNSTABLE, String.valueOf(spec.latestVersionUnstable() && version == valid.highest()));
    }
    return new MessageView(spec.name(), attributes, specFields(spec, spec.fields(), version, spec.flexible()));
  }

  private static List<FieldView> specFields(MessageSpec spec, List<FieldSpec> fields, int version,
      SpecVersions messageFlexible) {
    List<FieldView> views = new ArrayList<>();
    for (FieldSpec f : fields) {
      if (!f.present().contains(version)) {
        continue;
      }
      boolean tagged = f.tagged().contains(version);
      SpecVersions flexible = SpecVersions.parseOr(f.flexibleVersions(), messageFlexible);
      Map<String, String> a = new LinkedHashMap<>();
      a.put(FIELD_TYPE, f.type());
      a.put(NULLABLE, String.valueOf(f.nullable().contains(version)));
      a.put(TAGGED, String.valueOf(tagged));
      a.put(TAG, tagged && f.tag() != null ? f.tag().toString() : NOT_TAGGED);
      a.put(DEFAULT, Defaults.normalize(f.type(), f.defaultValue()));
      a.put(IGNORABLE, String.valueOf(f.ignorable()));
      a.put(MAP_KEY, String.valueOf(f.mapKey()));
      a.put(COMPACT, String.valueOf(flexible.contains(version)));
      a.put(ZERO_COPY, String.valueOf(f.zeroCopy()));
      a.put(ENTITY_TYPE, f.entityType() == null ? "unknown" : f.entityType());
      List<FieldView> children = spec.isStruct(f)
          ? specFields(spec, spec.childrenOf(f), version, messageFlexible)
          : List.of();
      views.add(new FieldView(f.name(), a, children));
    }
    return views;
  }

  static MessageView project(MessageDescriptor d, int version, boolean releaseAttributes) {
    VersionRange valid = d.validVersions();
    Map<String, String> attributes = new LinkedHashMap<>();
    attributes.put(API_KEY, String.valueOf(d.apiKey()));
    attributes.put(TYPE, KwireModels.typeOf(d));
    attributes.put(VALID, String.valueOf(valid.contains(version)));
    attributes.put(FLEXIBLE, String.valueOf(d.flexibleVersions().contains(version)));
    if (releaseAttributes) {
      attributes.put(DEPRECATED, String.valueOf(d.deprecatedVersions().contains(version)));
      attributes.put(UNSTABLE, String.valueOf(d.latestVersionUnstable() && version == valid.highest()));
    }
    return new MessageView(d.name(), attributes,
        kwireFields(d.body().fields(), version, d.flexibleVersions()));
  }

  private static List<FieldView> kwireFields(List<FieldDescriptor> fields, int version,
      VersionRange messageFlexible) {
    List<FieldView> views = new ArrayList<>();
    for (FieldDescriptor f : fields) {
      if (!f.versions().contains(version)) {
        continue;
      }
      boolean tagged = f.taggedVersions().contains(version);
      VersionRange flexible = f.flexibleVersionsOr(messageFlexible);
      Map<String, String> a = new LinkedHashMap<>();
      a.put(FIELD_TYPE, f.type());
      a.put(NULLABLE, String.valueOf(f.nullableVersions().contains(version)));
      a.put(TAGGED, String.valueOf(tagged));
      a.put(TAG, tagged ? Integer.toString(f.tag().orElseThrow()) : NOT_TAGGED);
      a.put(DEFAULT, Defaults.normalize(f.type(), f.defaultValue()));
      a.put(IGNORABLE, String.valueOf(f.ignorable()));
      a.put(MAP_KEY, String.valueOf(f.mapKey()));
      a.put(COMPACT, String.valueOf(flexible.contains(version)));
      a.put(ZERO_COPY, String.valueOf(f.zeroCopy()));
      a.put(ENTITY_TYPE, String.valueOf(f.entityType()));
      List<FieldView> children = f.struct() == null
          ? List.of()
          : kwireFields(f.struct().fields(), version, messageFlexible);
      views.add(new FieldView(f.name(), a, children));
    }
    return views;
  }
}

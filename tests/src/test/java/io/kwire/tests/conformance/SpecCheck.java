package io.kwire.tests.conformance;

import io.kwire.annotations.Listener;
import io.kwire.runtime.meta.FieldDescriptor;
import io.kwire.runtime.meta.MessageDescriptor;
import io.kwire.runtime.meta.StructDescriptor;
import io.kwire.runtime.meta.VersionRange;
import io.kwire.tests.conformance.SpecModel.FieldSpec;
import io.kwire.tests.conformance.SpecModel.MessageSpec;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * Checks one Kafka spec against kwire's model. kwire serves both Kafka releases with one record:
 * its versions are the union of both, and where both releases define a version the newer one wins.
 * So a spec of the newest release is checked at all its versions, and a spec of the older release
 * only at the versions the newer one no longer has (all of them if the newer release lacks it).
 * Attributes without a version and without wire effect ({@link WireView#DECLARATION_ONLY}), and
 * deprecation, unstable latest version and listeners, are the newer release's wherever it has them.
 */
final class SpecCheck {
  private SpecCheck() {}

  enum Release {
    NEWEST,
    LEGACY
  }

  /**
   * @param differences failures
   * @param notes information only, e.g. declared ranges that differ but agree on every version
   */
  record Result(List<Difference> differences, List<String> notes, int versionsChecked, int fieldsCompared) {}

  /**
   * @param counterpart the same message's spec in the other release, or {@code null}
   */
  static Result run(MessageSpec spec, Release release, MessageSpec counterpart, KwireModels kwire) {
    List<Integer> versions = versionsToCheck(spec, release, counterpart);
    List<String> notes = new ArrayList<>();
    KwireModels.Lookup lookup = kwire.find(spec);
    boolean newest = release == Release.NEWEST;
    Comparer comparer = new Comparer(newest || counterpart == null ? Set.of() : fieldPaths(counterpart));
    if (lookup.descriptor() == null) {
      if (versions.isEmpty()) {
        notes.add("no versions of its own to check (" + lookup.problem() + ")");
      } else {
        comparer.add(new Difference(Difference.ALL_VERSIONS, spec.name(), "kwire record", "defined",
            lookup.problem()));
      }
      return new Result(comparer.differences(), notes, 0, 0);
    }
    MessageDescriptor model = lookup.descriptor();
    for (int v : versions) {
      comparer.compare(v, Projector.project(spec, v, newest), Projector.project(model, v, newest));
    }
    // The union check belongs to one release's test: the newest, unless only the older has the spec.
    if (newest || counterpart == null) {
      checkNoExtraVersions(spec, counterpart, model, comparer);
    }
    // Listeners come from the release that still defines the API: 4.4.0 keeps removed APIs as "none".
    boolean listenersFromHere = newest ? !isNone(spec) : counterpart == null || isNone(counterpart);
    if (listenersFromHere && !isNone(spec)) {
      checkListeners(spec, model, comparer);
    }
    if (newest) {
      noteDeclaredRanges(spec, model, notes);
    }
    return new Result(comparer.differences(), notes, versions.size(), comparer.fieldsCompared());
  }

  static List<Integer> versionsToCheck(MessageSpec spec, Release release, MessageSpec counterpart) {
    SpecVersions valid = spec.valid();
    SpecVersions newer = release == Release.LEGACY && counterpart != null ? counterpart.valid() : SpecVersions.NONE;
    List<Integer> versions = new ArrayList<>();
    for (int v = valid.lowest(); v <= valid.highest(); v++) {
      if (!newer.contains(v)) {
        versions.add(v);
      }
    }
    return versions;
  }

  /** Every field path of a spec, at any version, e.g. {@code ProduceRequest.TopicData.Name}. */
  static Set<String> fieldPaths(MessageSpec spec) {
    Set<String> paths = new HashSet<>();
    addPaths(spec, spec.fields(), spec.name(), paths);
    return paths;
  }

  private static void addPaths(MessageSpec spec, List<FieldSpec> fields, String parent, Set<String> paths) {
    for (FieldSpec f : fields) {
      String path = parent + "." + f.name();
      if (paths.add(path) && spec.isStruct(f)) {
        addPaths(spec, spec.childrenOf(f), path, paths);
      }
    }
  }

  /** Versions kwire declares that neither Kafka release defines. */
  private static void checkNoExtraVersions(MessageSpec spec, MessageSpec counterpart, MessageDescriptor model,
      Comparer comparer) {
    VersionRange valid = model.validVersions();
    if (valid.isOpenEnded()) {
      comparer.add(new Difference(Difference.ALL_VERSIONS, spec.name(), "validVersions", "bounded",
          valid.toString()));
      return;
    }
    for (int v = valid.lowest(); v <= valid.highest(); v++) {
      boolean defined = spec.valid().contains(v) || (counterpart != null && counterpart.valid().contains(v));
      if (!defined) {
        comparer.add(new Difference(v, spec.name(), "version", "not defined by either release", "declared"));
      }
    }
  }

  private static boolean isNone(MessageSpec spec) {
    return spec.validVersions() == null || spec.validVersions().trim().equals("none");
  }

  private static void checkListeners(MessageSpec spec, MessageDescriptor model, Comparer comparer) {
    TreeSet<String> kafka = new TreeSet<>(spec.listeners());
    TreeSet<String> kwire = new TreeSet<>();
    for (Listener l : model.listeners()) {
      kwire.add(kafkaSpelling(l));
    }
    if (!kafka.equals(kwire)) {
      comparer.add(new Difference(Difference.ALL_VERSIONS, spec.name(), "listeners", kafka.toString(),
          kwire.toString()));
    }
  }

  static String kafkaSpelling(Listener listener) {
    return switch (listener) {
      case BROKER -> "broker";
      case CONTROLLER -> "controller";
      case ZK_BROKER -> "zkBroker";
    };
  }

  /**
   * Declared ranges that differ from the newest spec's text. Not failures: kwire may declare
   * {@code 0+} where Kafka says {@code 0-5} of a message whose last version is 5, and its merged
   * validVersions may be wider than the newest release's. The per-version comparison decides.
   */
  private static void noteDeclaredRanges(MessageSpec spec, MessageDescriptor model, List<String> notes) {
    noteRange(notes, spec.name(), "validVersions", spec.valid(), model.validVersions());
    noteRange(notes, spec.name(), "flexibleVersions", spec.flexible(), model.flexibleVersions());
    noteFieldRanges(spec, spec.fields(), model.body(), model.flexibleVersions(), spec.name(), notes);
  }

  private static void noteFieldRanges(MessageSpec spec, List<FieldSpec> fields, StructDescriptor struct,
      VersionRange kwireFlexible, String parent, List<String> notes) {
    if (struct == null) {
      return;
    }
    for (FieldSpec f : fields) {
      FieldDescriptor d = field(struct, f.name());
      if (d == null) {
        continue; // reported per version where it matters
      }
      String path = parent + "." + f.name();
      noteRange(notes, path, "versions", f.present(), d.versions());
      noteRange(notes, path, "nullableVersions", f.nullable(), d.nullableVersions());
      noteRange(notes, path, "taggedVersions", f.tagged(), d.taggedVersions());
      if (f.flexibleVersions() != null || d.flexibleVersions().isPresent()) {
        noteRange(notes, path, "flexibleVersions",
            SpecVersions.parseOr(f.flexibleVersions(), spec.flexible()),
            d.flexibleVersionsOr(kwireFlexible));
      }
      if (spec.isStruct(f)) {
        noteFieldRanges(spec, spec.childrenOf(f), d.struct(), kwireFlexible, path, notes);
      }
    }
  }

  /** The field with Kafka name {@code name}, or {@code null}. */
  private static FieldDescriptor field(StructDescriptor struct, String name) {
    for (FieldDescriptor f : struct.fields()) {
      if (f.name().equals(name)) {
        return f;
      }
    }
    return null;
  }

  private static void noteRange(List<String> notes, String path, String attribute, SpecVersions kafka,
      VersionRange kwire) {
    boolean same = kafka.isEmpty()
        ? kwire.isEmpty()
        : !kwire.isEmpty() && kafka.lowest() == kwire.lowest() && kafka.highest() == kwire.highest();
    if (!same) {
      notes.add(path + " " + attribute + ": Kafka declares " + kafka + ", kwire " + kwire
          + " (declared ranges differ; per-version results decide)");
    }
  }
}

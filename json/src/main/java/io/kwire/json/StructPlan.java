package io.kwire.json;

import io.kwire.runtime.meta.FieldDescriptor;
import io.kwire.runtime.meta.MessageDescriptor;
import io.kwire.runtime.meta.StructDescriptor;
import io.kwire.runtime.meta.VersionRange;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A struct as one version of a message has it: its fields on the wire (in order) and in the tagged
 * section (by tag), each a {@link FieldPlan}. Made once per message and version and cached, so that
 * reading and writing JSON do not go through version ranges, type strings and name maps for every
 * field of every message (the {@code --jsonl} batch modes do millions).
 */
final class StructPlan {
  /**
   * Plans by message descriptor (by identity: generated descriptors are constants) and version.
   * Cleared when it grows past this many, in case a caller makes new descriptors all the time.
   */
  private static final int MAX_CACHED = 8192;
  private static final ConcurrentHashMap<Key, StructPlan> CACHE = new ConcurrentHashMap<>();

  final StructDescriptor descriptor;
  /** Per field of the descriptor, by index: its plan, or null when the version does not have it. */
  final FieldPlan[] byIndex;
  /** The fields written in place, in wire order. */
  final FieldPlan[] inline;
  /** The fields that travel in the tagged section at this version, by ascending tag. */
  final FieldPlan[] tagged;
  /** Whether the struct ends with a tagged section (the message is flexible at this version). */
  final boolean flexible;

  private StructPlan(StructDescriptor descriptor, short version, VersionRange messageFlexible, boolean flexible) {
    this.descriptor = descriptor;
    this.flexible = flexible;
    List<FieldDescriptor> fields = descriptor.fields();
    this.byIndex = new FieldPlan[fields.size()];
    List<FieldPlan> inlineFields = new ArrayList<>();
    List<FieldPlan> taggedFields = new ArrayList<>();
    for (int i = 0; i < fields.size(); i++) {
      FieldDescriptor f = fields.get(i);
      if (!f.versions().contains(version)) {
        continue;
      }
      StructPlan struct = f.struct() == null ? null : new StructPlan(f.struct(), version, messageFlexible, flexible);
      FieldPlan plan = new FieldPlan(f, i, f.nullableVersions().contains(version),
          f.flexibleVersionsOr(messageFlexible).contains(version), struct);
      byIndex[i] = plan;
      if (f.isTagged() && f.taggedVersions().contains(version)) {
        taggedFields.add(plan);
      } else {
        inlineFields.add(plan);
      }
    }
    taggedFields.sort(Comparator.comparingInt(FieldPlan::tag));
    this.inline = inlineFields.toArray(new FieldPlan[0]);
    this.tagged = taggedFields.toArray(new FieldPlan[0]);
  }

  /** The body of {@code message} at {@code version}, which the caller has checked is valid. */
  static StructPlan of(MessageDescriptor message, short version) {
    Key key = new Key(message, version);
    StructPlan plan = CACHE.get(key);
    if (plan == null) {
      if (CACHE.size() >= MAX_CACHED) {
        CACHE.clear();
      }
      plan = new StructPlan(message.body(), version, message.flexibleVersions(), message.isFlexible(version));
      CACHE.putIfAbsent(key, plan);
    }
    return plan;
  }

  /** The tagged field with {@code tag}, or null. */
  FieldPlan taggedField(int tag) {
    for (FieldPlan f : tagged) {
      if (f.tag() == tag) {
        return f;
      }
    }
    return null;
  }

  /** A descriptor by identity and a version. */
  private static final class Key {
    private final MessageDescriptor message;
    private final short version;

    Key(MessageDescriptor message, short version) {
      this.message = message;
      this.version = version;
    }

    @Override
    public boolean equals(Object o) {
      return o instanceof Key k && k.message == message && k.version == version;
    }

    @Override
    public int hashCode() {
      return System.identityHashCode(message) * 31 + version;
    }
  }
}

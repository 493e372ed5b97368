package io.kwire.processor.write;

import com.palantir.javapoet.NameAllocator;
import io.kwire.processor.model.FieldModel;
import io.kwire.processor.model.MessageModel;
import io.kwire.processor.model.StructModel;
import io.kwire.runtime.meta.VersionRange;
import java.util.List;

/**
 * What the size, write and read methods of one struct share: the struct, the versions in which it
 * can be reached (where every method's reasoning starts), and the helpers that write values.
 */
final class StructScope {
  /** Names the generated methods use for themselves; fields named like these get another local name. */
  private static final List<String> RESERVED = List.of(
      "message", "version", "out", "in", "size", "field", "i", "n", "e", "x", "tag", "tagCount",
      "taggedCount", "unknown", "unknownFields", "limit", "t", "u", "mark", "before", "valueSize", "start");

  final MessageModel message;
  final StructModel struct;
  final CodecNames names;
  final Values values;
  final DefaultCode defaults;

  StructScope(MessageModel message, StructModel struct, CodecNames names) {
    this.message = message;
    this.struct = struct;
    this.names = names;
    this.values = new Values(names);
    this.defaults = new DefaultCode(names::defaultStruct);
  }

  /** Versions from which the struct's methods can be called. */
  VersionRange reachable() {
    return struct.reachableVersions();
  }

  /** Fresh local names, the reserved ones taken. */
  static NameAllocator locals() {
    NameAllocator names = new NameAllocator();
    for (String reserved : RESERVED) {
      names.newName(reserved, reserved);
    }
    return names;
  }

  /** Whether the tagged section exists in {@code possible}. */
  VersionCondition flexible(VersionRange possible) {
    return VersionCondition.of(message.flexibleVersions(), possible);
  }

  /** Whether a tagged field is in the section, within the flexible versions of {@code possible}. */
  VersionCondition taggedIn(FieldModel f, VersionRange flexiblePossible) {
    return VersionCondition.of(f.taggedVersions(), flexiblePossible);
  }

  /** The tagged fields, by tag, that can be in the section somewhere in {@code flexiblePossible}. */
  List<FieldModel> taggedFieldsIn(VersionRange flexiblePossible) {
    return struct.taggedFieldsByTag().stream().filter(f -> !taggedIn(f, flexiblePossible).never()).toList();
  }

  /** The name of the component keeping unknown tags, or null when the struct keeps none. */
  String unknownTagsName() {
    return struct.unknownTags().map(u -> u.name()).orElse(null);
  }

  Values.Encoding inline(FieldModel f, VersionRange possible) {
    return values.encoding(f, possible, message.flexibleVersions(), false);
  }

  Values.Encoding tagged(FieldModel f, VersionRange possible) {
    return values.encoding(f, possible, message.flexibleVersions(), true);
  }

  /** How encoding errors name a field: {@code Struct.field}. */
  String label(FieldModel f) {
    return struct.name() + "." + f.javaName();
  }

  FieldModel field(int index) {
    return struct.fields().get(index);
  }
}

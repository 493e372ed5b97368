package io.kwire.processor.model;

import com.palantir.javapoet.ClassName;
import io.kwire.runtime.meta.VersionRange;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * A record that is a message body or a struct.
 *
 * @param name Kafka's struct name (the record's simple name, or the message name for the body)
 * @param fields the fields in wire order
 * @param unknownTags the component keeping unknown tagged fields, if the record has one
 * @param reachableVersions the versions in which the struct can be on the wire at all: the message's
 *     valid versions for the body; for a struct, the hull of the versions of every field that holds it,
 *     each narrowed by the versions in which its own struct is reachable
 */
public record StructModel(
    ClassName className, String name, List<FieldModel> fields, Optional<UnknownTagsComponent> unknownTags,
    VersionRange reachableVersions) {
  public StructModel {
    fields = List.copyOf(fields);
  }

  public boolean keepsUnknownTags() {
    return unknownTags.isPresent();
  }

  public List<FieldModel> taggedFieldsByTag() {
    return fields.stream().filter(FieldModel::isTagged).sorted(Comparator.comparingInt(FieldModel::tag)).toList();
  }

  public StructModel withReachableVersions(VersionRange reachable) {
    return new StructModel(className, name, fields, unknownTags, reachable);
  }
}

package io.kwire.processor.model;

import com.palantir.javapoet.ClassName;
import java.util.List;

/**
 * A record that is a message body or a struct.
 *
 * @param name Kafka's struct name (the record's simple name, or the message name for the body)
 * @param fields the fields in wire order
 * @param unknownTagsIndex the constructor position of the UnknownTaggedFields component, or -1
 * @param unknownTagsName that component's name, or null
 */
public record StructModel(ClassName className, String name, List<FieldModel> fields, int unknownTagsIndex, String unknownTagsName) {
  public StructModel {
    fields = List.copyOf(fields);
  }

  public boolean keepsUnknownTags() {
    return unknownTagsIndex >= 0;
  }

  public List<FieldModel> taggedFieldsByTag() {
    return fields.stream().filter(FieldModel::isTagged).sorted((a, b) -> Integer.compare(a.tag(), b.tag())).toList();
  }

  /** Number of record components: the fields plus the unknown-tags carrier. */
  public int componentCount() {
    return fields.size() + (keepsUnknownTags() ? 1 : 0);
  }
}

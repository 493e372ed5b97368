package io.kwire.tests.differential;

import io.kwire.runtime.meta.FieldDescriptor;
import io.kwire.runtime.records.Records;
import io.kwire.runtime.wire.UnknownTaggedFields;
import java.util.UUID;

/**
 * The smallest complete instance: zeros, empty strings and bytes, one element per array, no null,
 * tagged fields at their defaults, records as one empty RecordBatch v2.
 */
final class MinimalPolicy implements ValuePolicy {
  @Override
  public boolean setTaggedField() {
    return false;
  }

  @Override
  public boolean chooseNull() {
    return false;
  }

  @Override
  public int arrayLength(int depth) {
    return 1;
  }

  @Override
  public Object scalar(String kafkaType, Class<?> javaClass, FieldDescriptor field) {
    if (Numbers.isInteger(kafkaType)) {
      return Numbers.box(0, javaClass);
    }
    return switch (kafkaType) {
      case "bool" -> false;
      case "float64" -> 0.0;
      case "string" -> "";
      case "uuid" -> new UUID(0, 0);
      case "bytes" -> FieldDefaults.emptyBytes(javaClass);
      case "records" -> Records.wrap(EmptyRecordBatch.bytes());
      default -> throw new IllegalArgumentException(field.name() + ": unexpected type " + kafkaType);
    };
  }

  @Override
  public UnknownTaggedFields unknownTaggedFields(int highestKnownTag) {
    return UnknownTaggedFields.EMPTY;
  }
}

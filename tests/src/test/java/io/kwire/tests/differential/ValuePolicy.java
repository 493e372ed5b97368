package io.kwire.tests.differential;

import io.kwire.runtime.meta.FieldDescriptor;
import io.kwire.runtime.wire.UnknownTaggedFields;

/** The choices {@link MessageFactory} leaves open while it fills a record for one version. */
interface ValuePolicy {
  /** Whether a tagged field gets a value; otherwise it keeps its default and is not written. */
  boolean setTaggedField();

  /** Whether a field that is nullable at this version is null. */
  boolean chooseNull();

  /** Element count of an array nested {@code depth} structs deep (0 = message body). */
  int arrayLength(int depth);

  /** A value of a non-struct Kafka type ({@code int32}, {@code string}, ...) as {@code javaClass}. */
  Object scalar(String kafkaType, Class<?> javaClass, FieldDescriptor field);

  /** Unknown tagged fields for a flexible struct whose highest known tag is {@code highestKnownTag}. */
  UnknownTaggedFields unknownTaggedFields(int highestKnownTag);
}

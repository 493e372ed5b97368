package io.kwire.tests.semantics;

import io.kwire.annotations.DataMessage;
import io.kwire.annotations.Field;
import io.kwire.runtime.wire.UnknownTaggedFields;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A data message with tagged struct fields whose defaults are not null, the second holding the
 * first, and a struct that counts calls of its {@code equals}: encoding a default must not walk it.
 */
@DataMessage(validVersions = "0-1", flexibleVersions = "1+")
public record Tally(
    @Field(versions = "0+") int id,
    @Field(versions = "1+", tag = 0, taggedVersions = "1+") Counter counter,
    @Field(versions = "1+", tag = 1, taggedVersions = "1+") Pair pair,
    UnknownTaggedFields unknownTaggedFields) {

  static final AtomicInteger EQUALS_CALLS = new AtomicInteger();

  public record Counter(@Field(versions = "0+", defaultValue = "5") int value) {
    @Override
    public boolean equals(Object o) {
      EQUALS_CALLS.incrementAndGet();
      return o instanceof Counter c && c.value == value;
    }

    @Override
    public int hashCode() {
      return value;
    }
  }

  public record Pair(@Field(versions = "0+") Counter left, @Field(versions = "0+") int right) {}
}

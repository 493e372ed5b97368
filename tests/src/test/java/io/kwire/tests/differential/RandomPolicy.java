package io.kwire.tests.differential;

import io.kwire.runtime.meta.FieldDescriptor;
import io.kwire.runtime.records.Records;
import io.kwire.runtime.wire.RawTaggedField;
import io.kwire.runtime.wire.UnknownTaggedFields;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.UUID;

/** Random choices from one seeded {@link Random}, biased towards edge cases. */
final class RandomPolicy implements ValuePolicy {
  private static final double[] SPECIAL_DOUBLES = {
    0.0, -0.0, 1.0, -1.0, Double.MIN_VALUE, Double.MAX_VALUE, Double.NEGATIVE_INFINITY,
    Double.POSITIVE_INFINITY, Double.NaN
  };

  private final Random random;

  RandomPolicy(Random random) {
    this.random = random;
  }

  @Override
  public boolean setTaggedField() {
    return random.nextBoolean();
  }

  @Override
  public boolean chooseNull() {
    return random.nextInt(4) == 0;
  }

  @Override
  public int arrayLength(int depth) {
    // Fewer elements deeper down keeps nested arrays from multiplying out.
    return random.nextInt(depth < 2 ? 5 : 3);
  }

  @Override
  public Object scalar(String kafkaType, Class<?> javaClass, FieldDescriptor field) {
    if (Numbers.isInteger(kafkaType)) {
      return Numbers.box(integer(Numbers.range(kafkaType)), javaClass);
    }
    return switch (kafkaType) {
      case "bool" -> random.nextBoolean();
      case "float64" -> random.nextInt(3) == 0
          ? SPECIAL_DOUBLES[random.nextInt(SPECIAL_DOUBLES.length)]
          : (random.nextDouble() - 0.5) * Math.pow(10, random.nextInt(40) - 20);
      case "string" -> RandomText.string(random);
      case "uuid" -> random.nextInt(6) == 0 ? new UUID(0, 0) : new UUID(random.nextLong(), random.nextLong());
      case "bytes" -> javaClass == ByteBuffer.class ? ByteBuffer.wrap(bytes()) : bytes();
      case "records" -> records();
      default -> throw new IllegalArgumentException(field.name() + ": unexpected type " + kafkaType);
    };
  }

  /** Half the time an extreme of the range (min, max, 0, -1, 1), otherwise uniform in it. */
  private long integer(long[] range) {
    long min = range[0];
    long max = range[1];
    if (random.nextBoolean()) {
      long[] extremes = {min, max, 0, -1, 1};
      long pick = extremes[random.nextInt(extremes.length)];
      return pick < min ? 0 : pick;
    }
    if (min == Long.MIN_VALUE) {
      return random.nextLong();
    }
    return min + (long) (random.nextDouble() * (max - min + 1));
  }

  private byte[] bytes() {
    int length = switch (random.nextInt(8)) {
      case 0, 1 -> 0;
      case 2 -> 128 + random.nextInt(100); // a two-byte varint length
      default -> 1 + random.nextInt(12);
    };
    byte[] b = new byte[length];
    random.nextBytes(b);
    return b;
  }

  /** Kafka neither validates records on write nor on read of a message body, so any bytes do. */
  private Records records() {
    return switch (random.nextInt(3)) {
      case 0 -> Records.wrap(new byte[0]);
      case 1 -> Records.wrap(EmptyRecordBatch.bytes());
      default -> Records.wrap(bytes());
    };
  }

  @Override
  public UnknownTaggedFields unknownTaggedFields(int highestKnownTag) {
    if (random.nextInt(4) != 0) {
      return UnknownTaggedFields.EMPTY;
    }
    List<RawTaggedField> fields = new ArrayList<>();
    int tag = highestKnownTag;
    int count = 1 + random.nextInt(3);
    for (int i = 0; i < count; i++) {
      // Sometimes a tag of two or more varint bytes.
      tag += 1 + (random.nextInt(4) == 0 ? 100 + random.nextInt(20_000) : random.nextInt(3));
      fields.add(new RawTaggedField(tag, bytes()));
    }
    return UnknownTaggedFields.of(fields);
  }
}

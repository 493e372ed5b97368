package io.kwire.tests.hostile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.kwire.messages.MetadataRequestCodec;
import io.kwire.runtime.KwireRegistry;
import io.kwire.runtime.MessageCodec;
import io.kwire.runtime.RequestHeaderCodec;
import io.kwire.runtime.ResponseHeaderCodec;
import io.kwire.runtime.meta.VersionRange;
import io.kwire.runtime.wire.DecodeOptions;
import io.kwire.runtime.wire.KwireProtocolException;
import io.kwire.tests.Hex;
import io.kwire.tests.differential.MessageFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * Malformed input gets {@link KwireProtocolException} and nothing else: for every codec and version,
 * every truncation of a valid body, and seeded mutants ({@link Mutator}) decoded strictly and
 * leniently. Whatever decodes must re-encode to {@code size()} bytes that decode to an equal message
 * ({@link RoundTrip}), and every valid message round-trips.
 */
class HostileInputTest {
  private static final int MUTANTS_PER_MESSAGE = 96;

  private static List<MessageCodec<?>> codecs() {
    List<MessageCodec<?>> codecs = new ArrayList<>(KwireRegistry.standard().codecs());
    codecs.add(RequestHeaderCodec.INSTANCE);
    codecs.add(ResponseHeaderCodec.INSTANCE);
    return codecs;
  }

  @TestFactory
  Stream<DynamicTest> truncatedAndCorruptedBodiesRaiseOnlyProtocolExceptions() {
    return codecs().stream().map(codec -> DynamicTest.dynamicTest(codec.descriptor().name(), () -> {
      VersionRange valid = codec.descriptor().validVersions();
      for (int v = valid.lowest(); v <= valid.highest(); v++) {
        check(codec, (short) v);
      }
    }));
  }

  private static <T> void check(MessageCodec<T> codec, short version) {
    long seed = codec.descriptor().name().hashCode() * 31L + version;
    T message = MessageFactory.random(codec, version, seed);
    byte[] body = codec.encode(message, version);
    RoundTrip.check(codec, version, codec.decode(body, version), body);
    for (int length = 0; length < body.length; length++) {
      byte[] prefix = java.util.Arrays.copyOf(body, length);
      try {
        codec.decode(prefix, version);
        fail(codec.descriptor().name() + " v" + version + ": a " + length + "-byte prefix of a " + body.length
            + "-byte body decoded without error: " + Hex.of(prefix));
      } catch (KwireProtocolException expected) {
        assertTrue(expected.offset() >= 0 && expected.offset() <= length, expected::getMessage);
      }
    }
    Mutator mutator = new Mutator(seed);
    for (int i = 0; i < MUTANTS_PER_MESSAGE; i++) {
      byte[] mutant = mutator.mutate(body);
      for (DecodeOptions options : MODES) {
        try {
          RoundTrip.check(codec, version, codec.decode(mutant, version, options), mutant);
        } catch (KwireProtocolException expected) {
          // the only acceptable failure
        } catch (RuntimeException | OutOfMemoryError | StackOverflowError e) {
          throw new AssertionError(codec.descriptor().name() + " v" + version + (options.lenient() ? " (lenient)" : "")
              + " threw " + e + " on " + Hex.of(mutant), e);
        }
      }
    }
  }

  private static final DecodeOptions[] MODES = {DecodeOptions.STRICT, DecodeOptions.LENIENT};

  @Test
  void aForgedArrayCountIsRefusedBeforeAllocating() {
    // MetadataRequest v9 (flexible): topics count 1,000,000 (uvarint 1,000,001) and nothing else.
    byte[] body = Hex.bytes("c1 84 3d 00");
    KwireProtocolException e = assertThrows(KwireProtocolException.class,
        () -> MetadataRequestCodec.INSTANCE.decode(body, (short) 9));
    assertEquals(0, e.offset());
    assertEquals("MetadataRequest.topics", e.fieldPath());
    assertTrue(e.reason().startsWith("array of 1000000 element(s) needs at least"), e.reason());
  }

  @Test
  void theErrorNamesTheFieldPathAndOffset() {
    // CreatePartitionsRequest v3: one topic whose compact name claims 100 bytes; 8 follow.
    byte[] body = Hex.bytes("02 65 6162 000000000000");
    KwireProtocolException e = assertThrows(KwireProtocolException.class,
        () -> io.kwire.messages.CreatePartitionsRequestCodec.INSTANCE.decode(body, (short) 3));
    assertEquals("CreatePartitionsRequest.topics[0].name", e.fieldPath());
    assertEquals(2, e.offset());
    assertEquals("malformed input at offset 2 (CreatePartitionsRequest.topics[0].name): needs 100 byte(s), only 8 remain",
        e.getMessage());
  }
}

package io.kwire.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.kwire.annotations.MessageType;
import io.kwire.runtime.ApiMessageCodec;
import io.kwire.runtime.KwireRegistry;
import io.kwire.runtime.explain.FrameExplainer;
import io.kwire.runtime.explain.WireNode;
import io.kwire.runtime.records.RecordBatchBuilder;
import io.kwire.runtime.wire.KwireProtocolException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Damaged frames (bytes flipped, cut short, grown), from every API's sample and from a frame with
 * real records: the walker either explains every byte or raises KwireProtocolException with an offset
 * inside the frame, never another exception. Fixed seed, so a failure reproduces.
 */
class MalformedFramesTest {
  private static final KwireRegistry REGISTRY = KwireRegistry.standard();
  private static final FrameExplainer EXPLAINER = FrameExplainer.of(REGISTRY);

  @Test
  void damagedFramesGiveOnlyKwireProtocolException() {
    Random random = new Random(20261201L);
    int malformed = 0;
    int explained = 0;
    for (ApiMessageCodec<?> codec : REGISTRY.apis()) {
      var valid = codec.descriptor().validVersions();
      short[] versions = {valid.lowest(), valid.highest()};
      for (short version : versions) {
        boolean request = codec.type() == MessageType.REQUEST;
        byte[] sample = request ? SampleWriter.requestFrame(codec, version) : SampleWriter.responseFrame(codec, version);
        for (int round = 0; round < 25; round++) {
          byte[] frame = damage(sample, random);
          try {
            WireNode root = request ? EXPLAINER.explainRequest(frame)
                : EXPLAINER.explainResponse(frame, codec.apiKey(), version);
            Trees.assertTiles(root, codec.descriptor().name());
            assertEquals(frame.length, root.size());
            explained++;
          } catch (KwireProtocolException e) {
            assertTrue(e.offset() >= 0 && e.offset() <= frame.length, e.getMessage());
            malformed++;
          } catch (RuntimeException e) {
            fail(codec.descriptor().name() + " v" + version + " on " + java.util.HexFormat.of().formatHex(frame), e);
          }
        }
      }
    }
    assertTrue(malformed > 1000 && explained > 100, malformed + " malformed, " + explained + " explained");
  }

  @Test
  void damagedRecordsGiveOnlyKwireProtocolException() {
    byte[] records = RecordBatchBuilder.create(7)
        .append(1, "key".getBytes(StandardCharsets.UTF_8), "value".getBytes(StandardCharsets.UTF_8))
        .append(2, null, new byte[3])
        .build().toByteArray();
    byte[] sample = SampleWriter.requestFrame(Apis.find(REGISTRY, "Produce", MessageType.REQUEST), (short) 3);
    ByteBuffer produce = ByteBuffer.allocate(sample.length - 61 + records.length);
    produce.put(sample, 0, sample.length - 65).putInt(records.length).put(records);
    produce.putInt(0, produce.capacity() - 4);
    Random random = new Random(7L);
    for (int round = 0; round < 3000; round++) {
      byte[] frame = produce.array().clone();
      int at = sample.length - 61 + random.nextInt(records.length);
      frame[at] = (byte) random.nextInt(256);
      try {
        Trees.assertTiles(EXPLAINER.explainRequest(frame), "Produce");
      } catch (KwireProtocolException e) {
        assertTrue(e.offset() >= 0 && e.offset() <= frame.length, e.getMessage());
      }
    }
  }

  /** Flips bytes, cuts the frame or adds to it; half the time the size prefix is made to agree again. */
  private static byte[] damage(byte[] frame, Random random) {
    byte[] out;
    switch (random.nextInt(3)) {
      case 0 -> {
        out = frame.clone();
        for (int n = 1 + random.nextInt(3); n > 0; n--) {
          out[4 + random.nextInt(out.length - 4)] = (byte) random.nextInt(256);
        }
      }
      case 1 -> out = Arrays.copyOf(frame, random.nextInt(frame.length));
      default -> {
        out = Arrays.copyOf(frame, frame.length + 1 + random.nextInt(8));
        for (int i = frame.length; i < out.length; i++) {
          out[i] = (byte) random.nextInt(256);
        }
      }
    }
    if (out.length >= 4 && random.nextBoolean()) {
      ByteBuffer.wrap(out).putInt(0, out.length - 4);
    }
    return out;
  }
}

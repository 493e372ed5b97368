package io.kwire.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kwire.annotations.MessageType;
import io.kwire.runtime.ApiMessageCodec;
import io.kwire.runtime.KwireRegistry;
import io.kwire.runtime.MessageCodec;
import io.kwire.runtime.explain.FrameExplainer;
import io.kwire.runtime.explain.Region;
import io.kwire.runtime.explain.WireNode;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/**
 * For every API, version and direction: the sample is a legal message (the generated codec decodes
 * it and encodes the result back to the same bytes), and its explanation covers every byte once.
 */
class EveryApiSampleTest {
  private static final KwireRegistry REGISTRY = KwireRegistry.standard();
  private static final FrameExplainer EXPLAINER = FrameExplainer.of(REGISTRY);

  @Test
  void everySampleDecodesReencodesAndExplainsByteForByte() {
    int frames = 0;
    for (ApiMessageCodec<?> codec : REGISTRY.apis()) {
      var valid = codec.descriptor().validVersions();
      for (int v = valid.lowest(); v <= valid.highest(); v++) {
        short version = (short) v;
        String where = codec.descriptor().name() + " v" + v;
        byte[] body = SampleWriter.body(codec.descriptor(), version);
        assertArrayEquals(body, roundTrip(codec, body, version), where + ": decode then encode");

        boolean request = codec.type() == MessageType.REQUEST;
        byte[] frame = request ? SampleWriter.requestFrame(codec, version) : SampleWriter.responseFrame(codec, version);
        assertArrayEquals(body, Arrays.copyOfRange(frame, frame.length - body.length, frame.length), where);
        WireNode root = request ? EXPLAINER.explainRequest(frame) : EXPLAINER.explainResponse(frame, codec.apiKey(), version);
        assertEquals(0, root.offset());
        assertEquals(frame.length, root.size(), where);
        Trees.assertTiles(root, where);
        WireNode bodyNode = root.children().get(2);
        assertEquals(frame.length - body.length, bodyNode.offset(), where + ": body offset");
        assertEquals(request ? Region.REQUEST_BODY : Region.RESPONSE_BODY, bodyNode.region());
        frames++;
      }
    }
    assertTrue(frames > 500, "explained " + frames + " sample frames");
  }

  @Test
  void recordsFieldsHoldOneEmpty61ByteBatch() {
    ApiMessageCodec<?> produce = Apis.find(REGISTRY, "Produce", MessageType.REQUEST);
    byte[] frame = SampleWriter.requestFrame(produce, (short) 9);
    WireNode batch = Trees.named(EXPLAINER.explainRequest(frame), "RecordBatch[0]");
    assertEquals(61, batch.size());
    assertEquals("v2, 0 records", batch.value());
    assertEquals("none, CREATE_TIME", Trees.named(batch, "attributes").note());
    assertTrue(Trees.named(batch, "crc").note().endsWith("valid"));
  }

  @SuppressWarnings("unchecked")
  private static <T> byte[] roundTrip(ApiMessageCodec<?> codec, byte[] body, short version) {
    MessageCodec<T> typed = (MessageCodec<T>) codec;
    return typed.encode(typed.decode(body, version), version);
  }
}

package io.kwire.runtime.explain;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.kwire.annotations.MessageType;
import io.kwire.runtime.Frames;
import io.kwire.runtime.KwireRegistry;
import io.kwire.runtime.Ping;
import io.kwire.runtime.PingCodec;
import io.kwire.runtime.RequestHeader;
import io.kwire.runtime.ResponseHeader;
import io.kwire.runtime.wire.KwireProtocolException;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The walker over hand-written codecs: header versions, nullable client ids, the frame's size. */
class FrameExplainerTest {
  private static final PingCodec REQUEST = new PingCodec(20000, MessageType.REQUEST);
  private static final PingCodec RESPONSE = new PingCodec(20000, MessageType.RESPONSE);
  private static final FrameExplainer EXPLAINER = FrameExplainer.of(KwireRegistry.of(REQUEST, RESPONSE));

  private static List<String> names(WireNode node) {
    return node.children().stream().map(WireNode::name).toList();
  }

  @Test
  void requestHeaderFieldsFollowTheHeaderVersion() {
    byte[] v0 = Frames.encodeRequest(new RequestHeader((short) 20000, (short) 0, 5, "c"), REQUEST, new Ping(9));
    WireNode root = EXPLAINER.explainRequest(v0);
    assertEquals(List.of("Frame", "RequestHeader", "PingREQUEST"), names(root));
    WireNode header = root.children().get(1);
    assertEquals("v1", header.type());
    assertEquals(List.of("request_api_key", "request_api_version", "correlation_id", "client_id"), names(header));
    assertEquals("\"c\" (int16 len=1)", header.children().get(3).value());
    assertEquals(v0.length, root.size());

    byte[] v1 = Frames.encodeRequest(new RequestHeader((short) 20000, (short) 1, 5, null), REQUEST, new Ping(9));
    WireNode flexible = EXPLAINER.explainRequest(v1).children().get(1);
    assertEquals("v2", flexible.type());
    assertEquals("null (int16 len=-1)", flexible.children().get(3).value());
    assertEquals("tagged_fields", flexible.children().get(4).name());
  }

  @Test
  void responsesUseTheVersionTheCallerGives() {
    byte[] frame = Frames.encodeResponse(new ResponseHeader(3), RESPONSE, (short) 1, new Ping(9));
    WireNode root = EXPLAINER.explainResponse(frame, 20000, (short) 1);
    WireNode header = root.children().get(1);
    assertEquals("ResponseHeader", header.name());
    assertEquals(List.of("correlation_id", "tagged_fields"), names(header));
    assertEquals("3", header.children().get(0).value());
    assertEquals(Region.RESPONSE_BODY, root.children().get(2).region());
  }

  @Test
  void aWrongSizeOrTrailingBytesAreMalformed() {
    byte[] frame = Frames.encodeResponse(new ResponseHeader(3), RESPONSE, (short) 0, new Ping(9));
    byte[] longer = java.util.Arrays.copyOf(frame, frame.length + 1);
    KwireProtocolException size = assertThrows(KwireProtocolException.class,
        () -> EXPLAINER.explainResponse(longer, 20000, (short) 0));
    assertEquals("Frame.size", size.fieldPath());
    longer[3]++;
    KwireProtocolException trailing = assertThrows(KwireProtocolException.class,
        () -> EXPLAINER.explainResponse(longer, 20000, (short) 0));
    assertEquals(frame.length, trailing.offset());
    assertEquals("PingRESPONSE", trailing.fieldPath());
  }
}

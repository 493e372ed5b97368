package io.kwire.tests.catalogue;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kwire.annotations.MessageType;
import io.kwire.messages.FetchResponse;
import io.kwire.messages.FetchResponseCodec;
import io.kwire.messages.ProduceRequest;
import io.kwire.messages.ProduceRequestCodec;
import io.kwire.runtime.ApiMessageCodec;
import io.kwire.runtime.KwireRegistry;
import io.kwire.runtime.meta.MessageDescriptor;
import io.kwire.runtime.wire.UnknownApiException;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The registry as a catalogue of Kafka's protocol: every key, both directions, header versions. */
class CatalogueTest {
  private static final KwireRegistry REGISTRY = KwireRegistry.standard();

  @Test
  void everyKafkaApiKeyHasARequestAndAResponseThatAgreeOnVersions() {
    for (int key = 0; key <= 94; key++) {
      ApiMessageCodec<?> request = REGISTRY.findRequest(key).orElse(null);
      ApiMessageCodec<?> response = REGISTRY.findResponse(key).orElse(null);
      assertNotNull(request, "request " + key);
      assertNotNull(response, "response " + key);
      MessageDescriptor req = request.descriptor();
      MessageDescriptor resp = response.descriptor();
      assertEquals(MessageType.REQUEST, req.type());
      assertEquals(MessageType.RESPONSE, resp.type());
      assertEquals(req.name().replaceAll("Request$", ""), resp.name().replaceAll("Response$", ""));
      assertEquals(req.validVersions(), resp.validVersions(), req.name());
      assertEquals(req.flexibleVersions(), resp.flexibleVersions(), req.name());
    }
    List<ApiMessageCodec<?>> kafkas = REGISTRY.apis().stream()
        .filter(c -> c.messageType().getPackageName().equals("io.kwire.messages")).toList();
    assertEquals(190, kafkas.size());
  }

  @Test
  void headerVersionsFollowKafkasRule() {
    ApiMessageCodec<?> apiVersions = REGISTRY.response(18);
    for (short v = 0; v <= apiVersions.descriptor().validVersions().highest(); v++) {
      assertEquals(0, apiVersions.headerVersion(v), "ApiVersions responses always use header v0");
      assertEquals(v >= 3 ? 2 : 1, REGISTRY.request(18).headerVersion(v));
    }
    assertEquals(1, REGISTRY.request(17).headerVersion((short) 1), "SaslHandshake is never flexible");
    assertEquals(0, REGISTRY.response(17).headerVersion((short) 1));
    assertEquals(0, REGISTRY.request(7).headerVersion((short) 0), "ControlledShutdown v0 uses request header v0");
    assertEquals(1, REGISTRY.request(7).headerVersion((short) 1));
    assertEquals(2, REGISTRY.request(0).headerVersion((short) 9));
    assertEquals(1, REGISTRY.response(1).headerVersion((short) 12));
  }

  @Test
  void everyCodecHandsOutABuilderStartingFromTheDefaults() {
    for (ApiMessageCodec<?> codec : REGISTRY.apis()) {
      Object built = codec.newBuilder().build();
      assertSame(codec.messageType(), built.getClass(), codec.descriptor().name());
    }
    ProduceRequest produce = ProduceRequestCodec.INSTANCE.newBuilder().acks((short) -1).timeoutMs(30000).build();
    assertEquals(30000, produce.timeoutMs());
  }

  @Test
  void codecsAreFoundByKeyAndByRecordClass() {
    assertSame(ProduceRequestCodec.class, REGISTRY.request(0).getClass());
    assertSame(FetchResponseCodec.class, REGISTRY.codecFor(FetchResponse.class).getClass());
    assertEquals("Produce", REGISTRY.request(0).descriptor().name().replace("Request", ""));
    // 4.4.0 speaks 3-13; kwire adds the versions 0-2 that 3.9.1 still had
    assertEquals("0-13", REGISTRY.request(0).descriptor().validVersions().toString());
    assertEquals("9+", REGISTRY.request(0).descriptor().flexibleVersions().toString());
  }

  @Test
  void aKeyNobodyRegisteredIsAbsentOrAnError() {
    assertSame(ProduceRequestCodec.class, REGISTRY.findRequest(0).orElseThrow().getClass());
    assertTrue(REGISTRY.findResponse(9999).isEmpty());
    UnknownApiException e = assertThrows(UnknownApiException.class, () -> REGISTRY.response(9999));
    assertEquals(9999, e.apiKey());
    assertEquals(MessageType.RESPONSE, e.type());
  }
}

package io.kwire.bridge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kwire.messages.ApiVersionsRequest;
import io.kwire.messages.ApiVersionsRequestBuilder;
import io.kwire.messages.ApiVersionsResponse;
import io.kwire.messages.FetchRequestBuilder;
import io.kwire.messages.MetadataRequestBuilder;
import io.kwire.messages.ProduceRequest;
import io.kwire.messages.ProduceRequestBuilder;
import io.kwire.runtime.KwireRegistry;
import io.kwire.runtime.RequestHeader;
import io.kwire.runtime.records.Compression;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class BridgeTranslatorTest {
  private final BridgeTranslator bridge = new BridgeTranslator(Brokers.kafka44(), () -> 1_000L);

  private static RequestHeader header(int key, int version) {
    return new RequestHeader((short) key, (short) version, 7, "old-client");
  }

  private RequestTranslation translate(int key, int version) {
    Object body = key == 0
        ? ProduceTranslationTest.produce((short) 1, "t", 0, ProduceTranslationTest.messageSet((byte) 1, Compression.NONE))
        : KwireRegistry.standard().request(key).newBuilder().build();
    return bridge.translateRequest(header(key, version), body);
  }

  @Test
  void producesMinimumIsRaisedOnAKip896BrokerThoughItAdvertisesZero() {
    BrokerVersions v = bridge.brokerVersions();
    assertEquals(0, v.advertisedMin((short) 0));
    assertEquals(3, v.min((short) 0));
    assertFalse(v.supports((short) 0, (short) 2));
    assertTrue(v.supports((short) 0, (short) 3));
    assertEquals(0, new BrokerVersions(Brokers.kafka39()).min((short) 0));
  }

  /** What kafka-clients 0.9 and 0.10 send (issue 13's measurements): removed versions translated, the rest passed. */
  @Test
  void oldClientRequestsAreTranslatedExactlyWhereTheBrokerRemovedTheVersion() {
    int[][] translated = {{0, 0}, {0, 1}, {0, 2}, {1, 0}, {1, 1}, {1, 2}, {1, 3}, {2, 0}, {8, 0}, {8, 1}, {9, 0},
        {19, 0}, {19, 1}, {20, 0}, {32, 0}};
    int[][] passed = {{3, 0}, {3, 1}, {3, 2}, {10, 0}, {11, 0}, {11, 1}, {12, 0}, {13, 0}, {14, 0}, {9, 1}, {9, 2},
        {2, 1}, {8, 2}, {0, 3}, {1, 4}};
    for (int[] kv : translated) {
      RequestTranslation t = translate(kv[0], kv[1]);
      assertInstanceOf(RequestTranslation.Translated.class, t, "api " + kv[0] + " v" + kv[1]);
      RequestTranslation.Translated tr = (RequestTranslation.Translated) t;
      assertEquals(bridge.brokerVersions().min((short) kv[0]), tr.upstreamHeader().requestApiVersion());
      assertEquals(7, tr.upstreamHeader().correlationId());
      assertEquals("old-client", tr.upstreamHeader().clientId());
      assertTrue(bridge.translates((short) kv[0], (short) kv[1]));
    }
    for (int[] kv : passed) {
      assertInstanceOf(RequestTranslation.PassThrough.class, translate(kv[0], kv[1]), "api " + kv[0] + " v" + kv[1]);
      assertFalse(bridge.translates((short) kv[0], (short) kv[1]));
    }
  }

  @Test
  void aBrokerWithEveryOldVersionGetsEverythingAsItIs() {
    BridgeTranslator old = new BridgeTranslator(Brokers.kafka39());
    for (int key : new int[] {0, 1, 2, 8, 9, 19, 20, 32}) {
      Object body = KwireRegistry.standard().request(key).newBuilder().build();
      assertInstanceOf(RequestTranslation.PassThrough.class, old.translateRequest(header(key, 0), body));
    }
  }

  @Test
  void clientsAreOfferedTheTranslatedVersionsAndTheBrokersMaximum() {
    ApiVersionsResponse widened = bridge.clientApiVersions(Brokers.kafka44());
    Map<Short, short[]> ranges = new HashMap<>();
    widened.apiKeys().forEach(k -> ranges.put(k.apiKey(), new short[] {k.minVersion(), k.maxVersion()}));
    int[][] expected = {{0, 0, 13}, {1, 0, 18}, {2, 0, 11}, {3, 0, 13}, {8, 0, 10}, {9, 0, 10}, {19, 0, 7}, {20, 0, 6},
        {32, 0, 4}, {29, 0, 3}, {35, 0, 5}, {10, 0, 6}, {18, 0, 5}};
    for (int[] e : expected) {
      short[] r = ranges.get((short) e[0]);
      assertEquals(e[1], r[0], "min of api " + e[0]);
      assertEquals(e[2], r[1], "max of api " + e[0]);
      assertEquals(e[1], bridge.clientMinVersion((short) e[0]));
    }
    assertEquals(Brokers.kafka44().apiKeys().size(), widened.apiKeys().size());
    Wire.response(widened, (short) 18, (short) 0);
  }

  @Test
  void apiVersionsIsForwardedAtTheClientsVersionAndItsAnswerWidened() {
    ApiVersionsRequest request = new ApiVersionsRequestBuilder().build();
    RequestTranslation.Translated t = assertInstanceOf(RequestTranslation.Translated.class,
        bridge.translateRequest(header(18, 0), request));
    assertEquals(0, t.upstreamHeader().requestApiVersion());
    assertSame(request, t.upstreamRequest());
    ApiVersionsResponse back = (ApiVersionsResponse) t.translateResponse(Brokers.kafka44()).response();
    assertEquals(0, back.apiKeys().stream().filter(k -> k.apiKey() == 1).findFirst().orElseThrow().minVersion());
  }

  @Test
  void anUnknownApiVersionsVersionGetsTheVersion0Fallback() {
    RequestTranslation.LocalResponse local = assertInstanceOf(RequestTranslation.LocalResponse.class,
        bridge.translateRequest(header(18, 99), null));
    assertEquals(0, local.responseVersion());
    ApiVersionsResponse fallback = Wire.response((ApiVersionsResponse) local.response(), (short) 18, (short) 0);
    assertEquals(KafkaErrors.UNSUPPORTED_VERSION, fallback.errorCode());
    assertEquals(1, fallback.apiKeys().size());
    assertEquals(18, fallback.apiKeys().get(0).apiKey());
    assertEquals(5, fallback.apiKeys().get(0).maxVersion());
    // the broker's own fallback goes back untouched
    assertSame(fallback, bridge.clientApiVersions(fallback));
  }

  @Test
  void produceWithAcksZeroExpectsNoResponseWhetherTranslatedOrNot() {
    ProduceRequest acks0 = new ProduceRequestBuilder().acks((short) 0).build();
    assertFalse(bridge.translateRequest(header(0, 2), acks0).expectsResponse());
    assertFalse(bridge.translateRequest(header(0, 9), acks0).expectsResponse());
    assertTrue(bridge.translateRequest(header(3, 0), new MetadataRequestBuilder().build()).expectsResponse());
    assertTrue(bridge.translateRequest(header(1, 0), new FetchRequestBuilder().build()).expectsResponse());
  }
}

package io.kwire.proxy;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.kwire.messages.MetadataRequestBuilder;
import io.kwire.messages.MetadataRequestCodec;
import io.kwire.messages.MetadataResponse;
import io.kwire.messages.MetadataResponseCodec;
import io.kwire.messages.ProduceRequestBuilder;
import io.kwire.messages.ProduceRequestCodec;
import io.kwire.messages.ProduceResponse;
import io.kwire.messages.ProduceResponseCodec;
import io.kwire.proxy.filters.TenantFilter;
import io.kwire.runtime.Frames;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Issue 29: a client whose id names no tenant had its connection closed, which Kafka's clients
 * retry for ever; now each request gets the authorization error a broker gives, in its own shape,
 * and the connection stays.
 */
class ProxyTenantRefusalTest {
  @Test
  void aClientWithoutATenantGetsAuthorizationErrorsInEachRequestsShape() throws Exception {
    List<String> brokerSaw = Collections.synchronizedList(new ArrayList<>());
    FakeBroker.Answer nothing = (connection, request, out) -> brokerSaw.add("api " + Frames.peekRequest(request).apiKey());
    try (FakeBroker broker = new FakeBroker(nothing);
        KwireProxy proxy = KwireProxy.start(ProxyConfig.of(new InetSocketAddress("127.0.0.1", 0), broker.address())
            .withFilter(new TenantFilter(".")).withEvents(line -> { }));
        Socket client = Wire.connect(proxy.localAddress())) { // client id "proxy-test": no "."
      client.getOutputStream().write(Wire.request(ProduceRequestCodec.INSTANCE, (short) 9, 1, new ProduceRequestBuilder()
          .acks((short) -1).timeoutMs(1000).topicData(List.of(new ProduceRequestBuilder.TopicProduceDataBuilder()
              .name("orders").partitionData(List.of(new ProduceRequestBuilder.PartitionProduceDataBuilder().index(3)
                  .build())).build())).build()));
      ProduceResponse produce = Frames.decodeResponse(Wire.readFrame(client), ProduceResponseCodec.INSTANCE, (short) 9)
          .body();
      assertEquals("orders", produce.responses().get(0).name());
      assertEquals(3, produce.responses().get(0).partitionResponses().get(0).index());
      assertEquals(29, produce.responses().get(0).partitionResponses().get(0).errorCode(), "TOPIC_AUTHORIZATION_FAILED");

      client.getOutputStream().write(Wire.request(MetadataRequestCodec.INSTANCE, (short) 12, 2, new MetadataRequestBuilder()
          .topics(List.of(new MetadataRequestBuilder.MetadataRequestTopicBuilder().name("orders").build())).build()));
      MetadataResponse metadata = Frames.decodeResponse(Wire.readFrame(client), MetadataResponseCodec.INSTANCE,
          (short) 12).body();
      assertEquals("orders", metadata.topics().get(0).name());
      assertEquals(29, metadata.topics().get(0).errorCode(), "the connection stays, the next request refused alike");
      assertEquals(List.of(), brokerSaw);
    }
  }
}

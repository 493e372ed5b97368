package io.kwire.capture;

import io.kwire.messages.ApiVersionsRequestBuilder;
import io.kwire.messages.ApiVersionsRequestCodec;
import io.kwire.messages.ApiVersionsResponseBuilder;
import io.kwire.messages.ApiVersionsResponseCodec;
import io.kwire.messages.FindCoordinatorRequestBuilder;
import io.kwire.messages.FindCoordinatorRequestCodec;
import io.kwire.messages.FindCoordinatorResponseBuilder;
import io.kwire.messages.FindCoordinatorResponseCodec;
import io.kwire.messages.MetadataRequestBuilder;
import io.kwire.messages.MetadataRequestCodec;
import io.kwire.messages.MetadataResponseBuilder;
import io.kwire.messages.MetadataResponseCodec;
import io.kwire.runtime.ApiMessageCodec;
import io.kwire.runtime.Frames;
import io.kwire.runtime.RequestHeader;
import io.kwire.runtime.ResponseHeader;
import java.util.List;

/** Kafka frames for test captures: three exchanges of a client, as kwire's codecs encode them. */
final class KafkaTraffic {
  static final String CLIENT_ID = "test-client";

  private KafkaTraffic() {}

  /** A request and its response frame. */
  record FramePair(String api, short version, int correlationId, byte[] request, byte[] response) {}

  static <T> byte[] request(ApiMessageCodec<T> codec, int version, int correlationId, T body) {
    return Frames.encodeRequest(new RequestHeader(codec.apiKey(), (short) version, correlationId, CLIENT_ID), codec,
        body);
  }

  static <T> byte[] response(ApiMessageCodec<T> codec, int version, int correlationId, T body) {
    return Frames.encodeResponse(new ResponseHeader(correlationId), codec, (short) version, body);
  }

  /** ApiVersions v3 (naming the client software), Metadata v12 for topic orders, FindCoordinator v3 for group-a. */
  static List<FramePair> threeExchanges(int firstCorrelationId) {
    int c = firstCorrelationId;
    return List.of(
        new FramePair("ApiVersions", (short) 3, c,
            request(ApiVersionsRequestCodec.INSTANCE, 3, c, new ApiVersionsRequestBuilder()
                .clientSoftwareName("kwire-test").clientSoftwareVersion("1.2.3").build()),
            response(ApiVersionsResponseCodec.INSTANCE, 3, c, new ApiVersionsResponseBuilder().apiKeys(List.of(
                new ApiVersionsResponseBuilder.ApiVersionBuilder().apiKey((short) 3).minVersion((short) 0)
                    .maxVersion((short) 13).build())).build())),
        new FramePair("Metadata", (short) 12, c + 1,
            request(MetadataRequestCodec.INSTANCE, 12, c + 1, new MetadataRequestBuilder().topics(List.of(
                new MetadataRequestBuilder.MetadataRequestTopicBuilder().name("orders").build())).build()),
            response(MetadataResponseCodec.INSTANCE, 12, c + 1, new MetadataResponseBuilder().topics(List.of(
                new MetadataResponseBuilder.MetadataResponseTopicBuilder().name("orders").errorCode((short) 3)
                    .build())).build())),
        new FramePair("FindCoordinator", (short) 3, c + 2,
            request(FindCoordinatorRequestCodec.INSTANCE, 3, c + 2, new FindCoordinatorRequestBuilder()
                .key("group-a").build()),
            response(FindCoordinatorResponseCodec.INSTANCE, 3, c + 2, new FindCoordinatorResponseBuilder()
                .errorCode((short) 15).build())));
  }

  /** One connection that carries {@code pairs} in turn, each request then its response. */
  static TcpConversation conversation(List<FramePair> pairs, boolean handshake, int segment) {
    TcpConversation tcp = new TcpConversation("10.0.0.1", 50123, "10.0.0.2", 9092, 1_700_000_000_000_000_000L);
    if (handshake) {
      tcp.handshake();
    }
    for (FramePair pair : pairs) {
      tcp.client(pair.request(), segment);
      tcp.broker(pair.response(), segment);
    }
    return tcp.fin();
  }
}

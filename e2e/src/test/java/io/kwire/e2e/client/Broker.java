package io.kwire.e2e.client;

import io.kwire.e2e.EmbeddedKafka;
import io.kwire.messages.ApiVersionsRequestBuilder;
import io.kwire.messages.ApiVersionsRequestCodec;
import io.kwire.messages.ApiVersionsResponse;
import io.kwire.messages.ApiVersionsResponseCodec;
import io.kwire.messages.CreateTopicsRequest;
import io.kwire.messages.CreateTopicsRequestBuilder;
import io.kwire.messages.CreateTopicsRequestCodec;
import io.kwire.messages.CreateTopicsResponse;
import io.kwire.messages.CreateTopicsResponseCodec;
import io.kwire.messages.DescribeProducersRequestBuilder;
import io.kwire.messages.DescribeProducersRequestCodec;
import io.kwire.messages.DescribeProducersResponseCodec;
import io.kwire.messages.MetadataRequest;
import io.kwire.messages.MetadataRequestBuilder;
import io.kwire.messages.MetadataRequestCodec;
import io.kwire.messages.MetadataResponse;
import io.kwire.messages.MetadataResponseCodec;
import io.kwire.net.KwireClient;
import io.kwire.runtime.ApiMessageCodec;
import io.kwire.runtime.ApiVersionNegotiation;
import io.kwire.runtime.ApiVersionsReply;
import io.kwire.runtime.Frames;
import io.kwire.runtime.KwireRegistry;
import io.kwire.runtime.RequestHeader;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The shared embedded broker seen through kwire alone: the versions negotiated once from its
 * ApiVersions response, kwire-net connections, unique topic names, and the few steps most tests start with.
 */
public final class Broker {
  private static final String CLIENT_ID = "kwire-e2e";
  private static final AtomicInteger NAMES = new AtomicInteger();
  private static final AtomicInteger CORRELATION_IDS = new AtomicInteger(1_000_000);
  private static ApiVersionNegotiation versions;

  private Broker() {}

  /** A kwire-net client connected to the shared broker (it has negotiated its ApiVersions already). */
  public static KwireClient connect() {
    return KwireClient.builder().clientId(CLIENT_ID).connect(EmbeddedKafka.shared().address());
  }

  /** Sends {@code body} at {@code version} and waits for its response: the suite's one-request-at-a-time call. */
  public static <Q, R> R call(KwireClient client, ApiMessageCodec<Q> request, ApiMessageCodec<R> response,
      short version, Q body) {
    return client.send(request, body, response, version).join();
  }

  /** A correlation id for a frame a test builds itself (any will do: the client matches responses in order). */
  public static int nextCorrelationId() {
    return CORRELATION_IDS.incrementAndGet();
  }

  /** Negotiated once per JVM: ApiVersions at kwire's highest version, asked again after a fallback. */
  public static synchronized ApiVersionNegotiation versions() {
    if (versions == null) {
      try (KwireClient client = connect()) {
        // Ask at the highest ApiVersions version kwire has; a broker that lacks it answers at v0.
        short ask = ApiVersionsRequestCodec.INSTANCE.descriptor().validVersions().highest();
        ApiVersionsReply<ApiVersionsResponse> reply = apiVersions(client, ask);
        if (reply.fellBack()) {
          reply = apiVersions(client, negotiate(reply).require(18));
        }
        versions = negotiate(reply);
      }
    }
    return versions;
  }

  public static ApiVersionNegotiation negotiate(ApiVersionsReply<ApiVersionsResponse> reply) {
    return ApiVersionNegotiation.of(reply.body().apiKeys(), ApiVersionsResponse.ApiVersion::apiKey,
        ApiVersionsResponse.ApiVersion::minVersion, ApiVersionsResponse.ApiVersion::maxVersion, KwireRegistry.standard());
  }

  /** An ApiVersions request at {@code version} (one kwire can encode), its reply read with the v0 fallback. */
  public static ApiVersionsReply<ApiVersionsResponse> apiVersions(KwireClient client, short version) {
    int correlationId = nextCorrelationId();
    byte[] frame = Frames.encodeRequest(new RequestHeader((short) 18, version, correlationId, CLIENT_ID),
        ApiVersionsRequestCodec.INSTANCE,
        new ApiVersionsRequestBuilder().clientSoftwareName("kwire-e2e").clientSoftwareVersion("0.1.0").build());
    ApiVersionsReply<ApiVersionsResponse> reply =
        ApiVersionsReply.decode(client.sendFrame(frame).join(), ApiVersionsResponseCodec.INSTANCE, version);
    if (reply.header().correlationId() != correlationId) {
      throw new IllegalStateException("response correlation id " + reply.header().correlationId()
          + " does not match request " + correlationId);
    }
    return reply;
  }

  /** The version of {@code apiKey} this suite speaks: the highest both sides support. */
  public static short version(int apiKey) {
    return versions().require(apiKey);
  }

  /** A topic name no other test uses. */
  public static String uniqueTopic(String prefix) {
    return "kwire-" + prefix + "-" + NAMES.incrementAndGet() + "-" + Long.toHexString(System.nanoTime() & 0xffffff);
  }

  public static CreateTopicsRequest.CreatableTopic topic(String name, int partitions) {
    return new CreateTopicsRequestBuilder.CreatableTopicBuilder()
        .name(name).numPartitions(partitions).replicationFactor((short) 1).build();
  }

  public static CreateTopicsResponse createTopics(KwireClient client, boolean validateOnly,
      List<CreateTopicsRequest.CreatableTopic> topics) {
    return call(client, CreateTopicsRequestCodec.INSTANCE, CreateTopicsResponseCodec.INSTANCE, version(19),
        new CreateTopicsRequestBuilder().topics(topics).timeoutMs(30_000).validateOnly(validateOnly).build());
  }

  /** Creates a topic, waits until every partition has a leader, and returns its id. */
  public static UUID createTopic(KwireClient client, String name, int partitions) {
    CreateTopicsResponse.CreatableTopicResult result =
        createTopics(client, false, List.of(topic(name, partitions))).topics().get(0);
    if (result.errorCode() != 0) {
      throw new IllegalStateException("creating " + name + " failed: " + result.errorCode() + " " + result.errorMessage());
    }
    awaitLeaders(client, name, partitions);
    return result.topicId();
  }

  public static MetadataResponse metadata(KwireClient client, List<String> topics) {
    List<MetadataRequest.MetadataRequestTopic> requested = topics.stream()
        .map(t -> new MetadataRequestBuilder.MetadataRequestTopicBuilder().name(t).build()).toList();
    return call(client, MetadataRequestCodec.INSTANCE, MetadataResponseCodec.INSTANCE, version(3),
        new MetadataRequestBuilder().topics(requested).allowAutoTopicCreation(false).build());
  }

  /**
   * Polls Metadata (every 20 ms, up to 10 s) until the topic has {@code partitions} partitions, all led,
   * then DescribeProducers until every leader serves its partition: Kafka's metadata cache can name a
   * leader before that broker's replica manager has the partition, which then answers Produce
   * NOT_LEADER_OR_FOLLOWER (as differential.Calls.awaitLeaders waits too).
   */
  public static MetadataResponse.MetadataResponseTopic awaitLeaders(KwireClient client, String topic, int partitions) {
    MetadataResponse.MetadataResponseTopic led = poll(() -> {
      MetadataResponse.MetadataResponseTopic t = metadata(client, List.of(topic)).topics().get(0);
      boolean ready = t.errorCode() == 0 && t.partitions().size() == partitions
          && t.partitions().stream().allMatch(p -> p.errorCode() == 0 && p.leaderId() >= 0);
      return ready ? t : null;
    }, "topic " + topic + " with " + partitions + " led partitions");
    List<Integer> indexes = java.util.stream.IntStream.range(0, partitions).boxed().toList();
    poll(() -> call(client, DescribeProducersRequestCodec.INSTANCE, DescribeProducersResponseCodec.INSTANCE, version(61),
        new DescribeProducersRequestBuilder().topics(List.of(new DescribeProducersRequestBuilder.TopicRequestBuilder()
            .name(topic).partitionIndexes(indexes).build())).build())
        .topics().get(0).partitions().stream().allMatch(p -> p.errorCode() == 0) ? led : null,
        "topic " + topic + " served by its leaders");
    return led;
  }

  /** Calls {@code attempt} every 20 ms until it returns non-null, for at most 10 s. */
  public static <T> T poll(java.util.function.Supplier<T> attempt, String what) {
    long deadline = System.nanoTime() + 10_000_000_000L;
    while (true) {
      T result = attempt.get();
      if (result != null) {
        return result;
      }
      if (System.nanoTime() > deadline) {
        throw new AssertionError("gave up waiting for " + what);
      }
      try {
        Thread.sleep(20);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new AssertionError(e);
      }
    }
  }
}

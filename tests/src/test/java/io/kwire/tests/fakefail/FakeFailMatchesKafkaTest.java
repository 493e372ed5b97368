package io.kwire.tests.fakefail;

import static org.junit.jupiter.api.DynamicContainer.dynamicContainer;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import io.kwire.fake.FakeCluster;
import io.kwire.json.KwireJson;
import io.kwire.json.JsonOptions;
import io.kwire.messages.ApiVersionsRequestBuilder;
import io.kwire.messages.ApiVersionsResponse;
import io.kwire.net.KwireClient;
import io.kwire.runtime.ApiMessageCodec;
import io.kwire.runtime.Frames;
import io.kwire.runtime.KwireRegistry;
import io.kwire.runtime.RequestHeader;
import io.kwire.runtime.meta.MessageDescriptor;
import io.kwire.tests.oracle.KafkaOracle;
import io.kwire.tests.oracle.KafkaOracles;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicContainer;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * A control's {@code fail(errorCode)} answers as Kafka's own {@code getErrorResponse} does: for
 * every API the fake serves and every version it advertises (ApiVersions, through the public
 * control API, over a socket), random requests of several topics, partitions, resources or groups
 * are failed by the fake and handed to Kafka's request class (kafka-clients 4.4.0, or 3.9.1 for
 * the versions 4.x removed), and the two response bodies must be the same bytes, or the same
 * content but for the differences {@link FailMasks} explains.
 */
class FakeFailMatchesKafkaTest {
  /** Codes the requests are failed with, in turn: a partition, a policy, a version, a group and an unknown server error. */
  private static final short[] CODES = {6, 44, 35, 16, -1, 42};

  private static FakeCluster cluster;
  private static KwireClient client;
  private static int correlationId;

  @BeforeAll
  static void start() {
    cluster = FakeCluster.builder().autoCreateTopics(false).seed(7).start();
    client = connect();
  }

  private static KwireClient connect() {
    return KwireClient.builder().rawFrames()
        .connect(new InetSocketAddress(cluster.brokers().get(0).host(), cluster.brokers().get(0).port()));
  }

  @AfterAll
  static void stop() {
    if (client != null) {
      client.close();
    }
    if (cluster != null) {
      cluster.close();
    }
  }

  @TestFactory
  Stream<DynamicContainer> everyServedApiAndVersionFailsAsKafkaDoes() throws Exception {
    ApiVersionsResponse served = client.send(
        new ApiVersionsRequestBuilder().clientSoftwareName("kwire-tests").clientSoftwareVersion("1").build(), ApiVersionsResponse.class,
        (short) 3).get(10, TimeUnit.SECONDS);
    Assertions.assertEquals(0, served.errorCode(), "ApiVersions");
    Assertions.assertTrue(served.apiKeys().size() >= 30, "the fake advertises " + served.apiKeys());
    KwireRegistry registry = KwireRegistry.standard();
    List<DynamicContainer> apis = new ArrayList<>();
    for (ApiVersionsResponse.ApiVersion api : served.apiKeys()) {
      ApiMessageCodec<?> request = registry.request(api.apiKey());
      ApiMessageCodec<?> response = registry.response(api.apiKey());
      apis.add(dynamicContainer(request.descriptor().name() + " (" + api.apiKey() + ")",
          IntStream.rangeClosed(api.minVersion(), api.maxVersion())
              .mapToObj(v -> dynamicTest("v" + v, () -> check(request, response, (short) v)))));
    }
    return apis.stream();
  }

  private static <Q> void check(ApiMessageCodec<Q> requestCodec, ApiMessageCodec<?> responseCodec, short version)
      throws Exception {
    KafkaOracle oracle = oracleFor(requestCodec.descriptor(), version);
    ClassLoader kafka = oracle.messageClass(requestCodec.descriptor()).orElseThrow().getClassLoader();
    int widest = 0;
    boolean hasArrays = FailRequests.hasArrays(requestCodec, version);
    // the first PER_VERSION seeds, and more (up to MAX_PER_VERSION) until one names several of something
    for (int i = 0; i < FailRequests.PER_VERSION || (hasArrays && widest < 2 && i < FailRequests.MAX_PER_VERSION);
        i++) {
      Q request = FailRequests.of(requestCodec, version, i);
      widest = Math.max(widest, FailRequests.widestArray(requestCodec, request, version));
      short code = CODES[i % CODES.length];
      String what = requestCodec.descriptor().name() + " v" + version + " (seed "
          + FailRequests.seed(requestCodec, version, i) + ", error " + code + ", oracle kafka-clients "
          + oracle.label() + ")";
      byte[] expected = KafkaErrorResponses.of(oracle, kafka, requestCodec.apiKey(), version,
          requestCodec.encode(request, version), code);
      String kafkaJson = json(responseCodec.descriptor(), expected, version);
      byte[] actual;
      try {
        actual = failedByTheFake(requestCodec, responseCodec, request, version, code);
      } catch (Exception e) {
        throw new AssertionError(what + ": the fake did not answer: " + e + "\n  request: " + request
            + "\n  kafka: " + kafkaJson, e);
      }
      if (Arrays.equals(expected, actual)) {
        continue;
      }
      String fakeJson = json(responseCodec.descriptor(), actual, version);
      String difference = FailMasks.difference(kafkaJson, fakeJson, KafkaErrorResponses.message(kafka, code),
          FailMasks.kafkaOrderIsAHashMaps(requestCodec.descriptor().name(), version));
      if (difference != null) {
        Assertions.fail(what + ": " + difference + "\n  request: " + request + "\n  kafka: " + kafkaJson
            + "\n  fake:  " + fakeJson);
      }
    }
    if (hasArrays) {
      Assertions.assertTrue(widest >= 2, requestCodec.descriptor().name() + " v" + version
          + ": no request named two or more topics, partitions, resources or groups");
    }
  }

  private static <Q, R> byte[] failedByTheFake(ApiMessageCodec<Q> requestCodec, ApiMessageCodec<R> responseCodec,
      Q request, short version, short code) throws Exception {
    if (!client.isOpen()) {
      client = connect(); // a failure before this one closed it
    }
    cluster.control(requestCodec.apiKey()).once().fail(code);
    RequestHeader header = new RequestHeader(requestCodec.apiKey(), version, ++correlationId, "fail-test");
    byte[] frame = client.sendFrame(Frames.encodeRequest(header, requestCodec, request)).get(10, TimeUnit.SECONDS);
    R response = Frames.decodeResponse(frame, responseCodec, version).body();
    return responseCodec.encode(response, version);
  }

  private static String json(MessageDescriptor descriptor, byte[] body, short version) {
    return KwireJson.bytesToJson(descriptor, body, version, JsonOptions.DEFAULT);
  }

  private static KafkaOracle oracleFor(MessageDescriptor descriptor, short version) {
    if (KafkaOracles.current().supports(descriptor, version)) {
      return KafkaOracles.current();
    }
    if (KafkaOracles.legacy().supports(descriptor, version)) {
      return KafkaOracles.legacy();
    }
    throw new AssertionError("neither kafka-clients " + KafkaOracles.CURRENT_VERSION + " nor "
        + KafkaOracles.LEGACY_VERSION + " has " + descriptor.name() + " v" + version);
  }
}

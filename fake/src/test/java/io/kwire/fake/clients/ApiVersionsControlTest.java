package io.kwire.fake.clients;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kwire.fake.ControlHandle;
import io.kwire.fake.FakeBroker;
import io.kwire.fake.FakeCluster;
import io.kwire.fake.RecordedExchange;
import io.kwire.messages.ApiVersionsRequest;
import io.kwire.messages.ApiVersionsRequestBuilder;
import io.kwire.messages.ApiVersionsResponse;
import io.kwire.messages.ApiVersionsResponseBuilder;
import io.kwire.net.KwireClient;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.Optional;
import java.util.Properties;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.protocol.Errors;
import org.junit.jupiter.api.Test;

/** ApiVersions is the fake's like every other API: recorded, and controls fail, answer or drop it. */
class ApiVersionsControlTest {
  private static final ApiVersionsRequest V3 = new ApiVersionsRequestBuilder().clientSoftwareName("kwire-test")
      .clientSoftwareVersion("1").build();

  @Test
  void aProducersApiVersionsIsRecordedWithTheFeatures() throws Exception {
    try (FakeCluster cluster = FakeCluster.builder().topic("av", 1, 1).start()) {
      cluster.recording().start();
      try (KafkaProducer<String, String> producer = new KafkaProducer<>(ClientConfigs.producer(cluster))) {
        producer.send(new ProducerRecord<>("av", "k", "v")).get();
      }
      List<RecordedExchange> apiVersions = cluster.recording().entries().stream()
          .filter(e -> e.api().equals("ApiVersions")).toList();
      assertTrue(apiVersions.size() >= 1, "the producer's connections each asked");
      RecordedExchange first = apiVersions.get(0);
      assertEquals(5, first.context().apiVersion(), "kafka-clients 4.4 asks at v5");
      ApiVersionsResponse response = first.response(ApiVersionsResponse.class);
      assertEquals(List.of("metadata.version=33", "group.version=1", "transaction.version=2", "share.version=2",
          "streams.version=1"),
          response.finalizedFeatures().stream().map(f -> f.name() + "=" + f.maxVersionLevel()).toList());
      assertTrue(first.json().contains("\"finalizedFeatures\":[{\"name\":\"metadata.version\""), first.json());
    }
  }

  @Test
  void controlsFailAndAnswerApiVersions() {
    try (FakeCluster cluster = FakeCluster.builder().start(); KwireClient client = connect(cluster)) {
      ControlHandle failed = cluster.control(ApiVersionsRequest.class).once()
          .fail(Errors.CLUSTER_AUTHORIZATION_FAILED.code());
      assertEquals(Errors.CLUSTER_AUTHORIZATION_FAILED.code(), ask(client).errorCode());
      assertEquals(1, failed.fired());
      assertEquals(Errors.NONE.code(), ask(client).errorCode(), "once: the next one is the broker's");

      ApiVersionsResponse only = new ApiVersionsResponseBuilder().apiKeys(List.of(
          new ApiVersionsResponseBuilder.ApiVersionBuilder().apiKey((short) 18).minVersion((short) 0)
              .maxVersion((short) 3).build())).build();
      try (ControlHandle answered = cluster.control(ApiVersionsRequest.class).answer((request, context) -> Optional.of(only))) {
        assertEquals(only.apiKeys(), ask(client).apiKeys());
        assertEquals(1, answered.fired());
      }
      assertTrue(ask(client).apiKeys().size() > 20, "removed: the broker's list again");
    }
  }

  @Test
  void aProducerWhoseFirstApiVersionsIsDroppedReconnectsAndSends() throws Exception {
    try (FakeCluster cluster = FakeCluster.builder().topic("dropped", 1, 1).start()) {
      ControlHandle drop = cluster.control(18).once().drop();
      Properties props = ClientConfigs.producer(cluster);
      try (KafkaProducer<String, String> producer = new KafkaProducer<>(props)) {
        assertEquals(0, producer.send(new ProducerRecord<>("dropped", "k", "v")).get().offset());
      }
      assertEquals(1, drop.fired());
    }
  }

  private static ApiVersionsResponse ask(KwireClient client) {
    return client.send(V3, ApiVersionsResponse.class, (short) 3).join();
  }

  private static KwireClient connect(FakeCluster cluster) {
    FakeBroker broker = cluster.brokers().get(0);
    return KwireClient.builder().clientId("av-test").connect(new InetSocketAddress(broker.host(), broker.port()));
  }
}

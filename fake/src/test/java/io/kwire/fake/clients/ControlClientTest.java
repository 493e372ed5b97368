package io.kwire.fake.clients;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kwire.fake.ControlHandle;
import io.kwire.fake.FakeBroker;
import io.kwire.fake.FakeCluster;
import io.kwire.fake.RecordedExchange;
import io.kwire.messages.FetchRequest;
import io.kwire.messages.MetadataRequest;
import io.kwire.messages.MetadataResponse;
import io.kwire.messages.MetadataResponseBuilder;
import io.kwire.messages.MetadataResponseBuilder.MetadataResponseBrokerBuilder;
import io.kwire.messages.MetadataResponseBuilder.MetadataResponsePartitionBuilder;
import io.kwire.messages.MetadataResponseBuilder.MetadataResponseTopicBuilder;
import io.kwire.messages.ProduceRequest;
import io.kwire.messages.ProduceResponse;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.protocol.Errors;
import org.junit.jupiter.api.Test;

/** Controls and the recording as kafka-clients 4.4.0 meet them: failures it retries, delays, drops, answers. */
class ControlClientTest {
  @Test
  void aProduceFailedOnceWithNotLeaderIsRetriedAndWrittenOnce() throws Exception {
    try (FakeCluster cluster = FakeCluster.builder().topic("retried", 1, 1).start()) {
      cluster.recording().start();
      ControlHandle failure = cluster.control(ProduceRequest.class).once().fail(Errors.NOT_LEADER_OR_FOLLOWER.code());
      Properties props = ClientConfigs.producer(cluster);
      props.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, true);
      try (KafkaProducer<String, String> producer = new KafkaProducer<>(props)) {
        assertEquals(0, producer.send(new ProducerRecord<>("retried", "k", "v1")).get().offset());
        assertEquals(1, producer.send(new ProducerRecord<>("retried", "k", "v2")).get().offset());
      }
      assertEquals(1, failure.fired());
      List<Short> produceErrors = cluster.recording().entries().stream().filter(e -> e.api().equals("Produce"))
          .map(e -> e.response(ProduceResponse.class).responses().get(0).partitionResponses().get(0).errorCode())
          .toList();
      assertEquals(List.of(Errors.NOT_LEADER_OR_FOLLOWER.code(), Errors.NONE.code(), Errors.NONE.code()),
          produceErrors);
    }
  }

  @Test
  void aConsumerReadsThroughDelayedFetches() {
    try (FakeCluster cluster = FakeCluster.builder().topic("slow", 1, 1).start()) {
      send(cluster, "slow", "v");
      ControlHandle delay = cluster.control(FetchRequest.class).delay(Duration.ofMillis(300));
      try (KafkaConsumer<String, String> consumer = new KafkaConsumer<>(ClientConfigs.consumer(cluster, null))) {
        consumer.assign(List.of(new TopicPartition("slow", 0)));
        long started = System.nanoTime();
        List<ConsumerRecord<String, String>> got = poll(consumer, 1);
        long tookMs = (System.nanoTime() - started) / 1_000_000;
        assertEquals("v", got.get(0).value());
        assertTrue(tookMs >= 300, "the fetch was held: " + tookMs + " ms");
      }
      assertTrue(delay.fired() >= 1, "fired " + delay.fired());
    }
  }

  @Test
  void aProducerRecoversFromADroppedConnection() throws Exception {
    try (FakeCluster cluster = FakeCluster.builder().topic("dropped", 1, 1).start()) {
      ControlHandle drop = cluster.control(ProduceRequest.class).once().drop();
      try (KafkaProducer<String, String> producer = new KafkaProducer<>(ClientConfigs.producer(cluster))) {
        assertEquals(0, producer.send(new ProducerRecord<>("dropped", "k", "v1")).get().offset(),
            "the dropped request was not written; its retry was");
        assertEquals(1, producer.send(new ProducerRecord<>("dropped", "k", "v2")).get().offset());
      }
      assertEquals(1, drop.fired());
    }
  }

  @Test
  void aHookAnswersMetadataItself() throws Exception {
    try (FakeCluster cluster = FakeCluster.start()) {
      FakeBroker broker = cluster.brokers().get(0);
      MetadataResponse invented = new MetadataResponseBuilder()
          .brokers(List.of(new MetadataResponseBrokerBuilder().nodeId(0).host(broker.host()).port(broker.port()).build()))
          .clusterId(cluster.clusterId()).controllerId(0)
          .topics(List.of(new MetadataResponseTopicBuilder().name("invented").partitions(List.of(
              new MetadataResponsePartitionBuilder().partitionIndex(0).leaderId(0).replicaNodes(List.of(0))
                  .isrNodes(List.of(0)).build())).build()))
          .build();
      try (ControlHandle answer = cluster.control(MetadataRequest.class)
          .answer((request, context) -> Optional.of(invented));
          Admin admin = Admin.create(ClientConfigs.admin(cluster))) {
        assertEquals(Set.of("invented"), admin.listTopics().names().get());
        assertTrue(answer.fired() >= 1);
      }
      try (Admin admin = Admin.create(ClientConfigs.admin(cluster))) {
        assertEquals(Set.of(), admin.listTopics().names().get(), "the broker's own answer once removed");
      }
    }
  }

  @Test
  void theRecordingShowsAProducersMetadataAndProduceExchanges() throws Exception {
    try (FakeCluster cluster = FakeCluster.builder().topic("seen", 1, 1).start()) {
      cluster.recording().start();
      send(cluster, "seen", "v");
      List<RecordedExchange> entries = cluster.recording().entries();
      assertEquals(List.of("ApiVersions", "Metadata", "ApiVersions", "Produce"),
          entries.stream().map(RecordedExchange::api).toList(),
          "the bootstrap connection's exchanges, then the leader's (a connection of its own)");
      entries = entries.stream().filter(e -> !e.api().equals("ApiVersions")).toList();
      int port = cluster.brokers().get(0).port();
      String id = "uxrVcxm4nNho-w5vaE35kg"; // both drawn from the default seed
      String topicId = "uxrVcxm4nNho-w5vaE35kg";
      assertEquals(id, cluster.clusterId());
      RecordedExchange metadata = entries.get(0);
      assertEquals("{\"broker\":0,\"connection\":\"" + metadata.context().connectionId() + "\",\"api\":\"Metadata\","
          + "\"apiKey\":3,\"apiVersion\":13,\"correlationId\":1,\"clientId\":\"producer-1\","
          + "\"request\":{\"topics\":[{\"topicId\":\"AAAAAAAAAAAAAAAAAAAAAA\",\"name\":\"seen\"}],"
          + "\"allowAutoTopicCreation\":true,\"includeTopicAuthorizedOperations\":false},"
          + "\"response\":{\"throttleTimeMs\":0,\"brokers\":[{\"nodeId\":0,\"host\":\"127.0.0.1\",\"port\":" + port
          + ",\"rack\":null}],\"clusterId\":\"" + id + "\",\"controllerId\":0,\"topics\":[{\"errorCode\":0,"
          + "\"name\":\"seen\",\"topicId\":\"" + topicId + "\",\"isInternal\":false,\"partitions\":[{\"errorCode\":0,"
          + "\"partitionIndex\":0,\"leaderId\":0,\"leaderEpoch\":0,\"replicaNodes\":[0],\"isrNodes\":[0],"
          + "\"offlineReplicas\":[]}],\"topicAuthorizedOperations\":-2147483648}],\"errorCode\":0}}", metadata.json());
      RecordedExchange produce = entries.get(1);
      assertEquals("{\"broker\":0,\"connection\":\"" + produce.context().connectionId() + "\",\"api\":\"Produce\","
          + "\"apiKey\":0,\"apiVersion\":13,\"correlationId\":3,\"clientId\":\"producer-1\","
          + "\"request\":{\"transactionalId\":null,\"acks\":-1,\"timeoutMs\":5000,\"topicData\":[{\"topicId\":\""
          + topicId + "\",\"partitionData\":[{\"index\":0,\"records\":\"\"}]}]},"
          + "\"response\":{\"responses\":[{\"topicId\":\"" + topicId + "\",\"partitionResponses\":[{\"index\":0,"
          + "\"errorCode\":0,\"baseOffset\":0,\"logAppendTimeMs\":-1,\"logStartOffset\":0,\"recordErrors\":[],"
          + "\"errorMessage\":null}]}],\"throttleTimeMs\":0}}", produce.json());
      int batchBytes = produce.request(ProduceRequest.class).topicData().get(0).partitionData().get(0).records()
          .sizeInBytes();
      assertTrue(batchBytes > 61, "the typed request has the batch the JSON leaves out, as Kafka's converters do: "
          + batchBytes + " bytes");
    }
  }

  private static void send(FakeCluster cluster, String topic, String value) {
    try (KafkaProducer<String, String> producer = new KafkaProducer<>(ClientConfigs.producer(cluster))) {
      producer.send(new ProducerRecord<>(topic, 0, "k", value)).get();
    } catch (Exception e) {
      throw new AssertionError(e);
    }
  }

  private static List<ConsumerRecord<String, String>> poll(KafkaConsumer<String, String> consumer, int count) {
    List<ConsumerRecord<String, String>> got = new java.util.ArrayList<>();
    long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
    while (got.size() < count && System.nanoTime() < deadline) {
      consumer.poll(Duration.ofMillis(100)).forEach(got::add);
    }
    assertEquals(count, got.size());
    return got;
  }
}

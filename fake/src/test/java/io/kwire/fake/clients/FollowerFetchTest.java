package io.kwire.fake.clients;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kwire.fake.FakeCluster;
import io.kwire.fake.RecordedExchange;
import io.kwire.messages.FetchResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.Test;

/**
 * KIP-392 with kafka-clients 4.4.0: with racks and the rack-aware replica selector, the leader sends
 * a consumer in another rack to the in-sync follower of its rack, which serves its records; without
 * the selector (Kafka's default) or without client.rack, the leader serves everything.
 */
class FollowerFetchTest {
  private static final TopicPartition P0 = new TopicPartition("t", 0);

  @Test
  void aConsumerWithClientRackFetchesFromTheFollowerInItsRack() throws Exception {
    try (FakeCluster kafka = racked().rackAwareReplicaSelector(true).start()) {
      produce(kafka);
      kafka.recording().start();
      assertEquals(List.of("v0", "v1", "v2"), consume(kafka, "rack-2"));
      assertEquals(Set.of(0, 2), brokersServingRecordsOrRedirects(kafka));
      List<Integer> redirects = new ArrayList<>();
      for (RecordedExchange e : fetches(kafka)) {
        FetchResponse.PartitionData data = e.response(FetchResponse.class).responses().get(0).partitions().get(0);
        if (e.context().brokerId() == 0) {
          assertEquals(0, data.records().sizeInBytes(), "the leader sends no records with a preferred replica");
          redirects.add(data.preferredReadReplica());
        }
      }
      assertTrue(!redirects.isEmpty() && redirects.stream().allMatch(r -> r == 2), "redirects: " + redirects);
      assertEquals(Set.of(2), brokersWithRecords(kafka), "broker 2, a follower, served the records");
    }
  }

  @Test
  void theLeaderInTheClientsRackServesItself() throws Exception {
    try (FakeCluster kafka = racked().rackAwareReplicaSelector(true).start()) {
      produce(kafka);
      kafka.recording().start();
      assertEquals(List.of("v0", "v1", "v2"), consume(kafka, "rack-0"));
      assertEquals(Set.of(0), brokersServingRecordsOrRedirects(kafka));
    }
  }

  @Test
  void withoutTheSelectorTheLeaderServesEveryRack() throws Exception {
    try (FakeCluster kafka = racked().start()) {
      produce(kafka);
      kafka.recording().start();
      assertEquals(List.of("v0", "v1", "v2"), consume(kafka, "rack-2"));
      assertEquals(Set.of(0), brokersServingRecordsOrRedirects(kafka));
      assertEquals(Set.of(0), brokersWithRecords(kafka));
    }
  }

  /** Three brokers in three racks; partition 0 of "t" led by broker 0 with replicas 0, 1, 2. */
  private static FakeCluster.Builder racked() {
    return FakeCluster.builder().brokers(3).rack(0, "rack-0").rack(1, "rack-1").rack(2, "rack-2").topic("t", 1, 3);
  }

  private static void produce(FakeCluster kafka) throws Exception {
    try (KafkaProducer<String, String> producer = new KafkaProducer<>(ClientConfigs.producer(kafka))) {
      for (int i = 0; i < 3; i++) {
        producer.send(new ProducerRecord<>("t", 0, "k", "v" + i)).get();
      }
    }
  }

  private static List<String> consume(FakeCluster kafka, String rack) {
    Properties props = ClientConfigs.consumer(kafka, null);
    props.put(ConsumerConfig.CLIENT_RACK_CONFIG, rack);
    try (KafkaConsumer<String, String> consumer = new KafkaConsumer<>(props)) {
      consumer.assign(List.of(P0));
      List<String> out = new ArrayList<>();
      long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
      while (out.size() < 3 && System.nanoTime() < deadline) {
        for (ConsumerRecord<String, String> r : consumer.poll(Duration.ofMillis(100))) {
          out.add(r.value());
        }
      }
      return out;
    }
  }

  /** The fetches answered with partition 0 in them (an incremental fetch session leaves out what did not change). */
  private static List<RecordedExchange> fetches(FakeCluster kafka) {
    return kafka.recording().entries().stream().filter(e -> e.api().equals("Fetch") && e.response() != null
        && !e.response(FetchResponse.class).responses().isEmpty()).toList();
  }

  /** The brokers that answered a fetch of partition 0 without an error. */
  private static Set<Integer> brokersServingRecordsOrRedirects(FakeCluster kafka) {
    Set<Integer> out = new TreeSet<>();
    for (RecordedExchange e : fetches(kafka)) {
      FetchResponse.PartitionData data = e.response(FetchResponse.class).responses().get(0).partitions().get(0);
      if (data.errorCode() == 0) {
        out.add(e.context().brokerId());
      }
    }
    return out;
  }

  private static Set<Integer> brokersWithRecords(FakeCluster kafka) {
    Set<Integer> out = new TreeSet<>();
    for (RecordedExchange e : fetches(kafka)) {
      if (e.response(FetchResponse.class).responses().get(0).partitions().get(0).records().sizeInBytes() > 0) {
        out.add(e.context().brokerId());
      }
    }
    return out;
  }
}

package io.kwire.fake.clients;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.kwire.fake.FakeCluster;
import io.kwire.fake.junit.FakeKafka;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.Test;

/** A leader moved under running clients: they get NOT_LEADER_OR_FOLLOWER, find the new leader and carry on. */
@FakeKafka(brokers = 2)
class LeaderMoveTest {
  @Test
  void producerAndConsumerFollowTheNewLeader(FakeCluster cluster) throws Exception {
    cluster.createTopic("moving", 1, 2);
    TopicPartition tp = new TopicPartition("moving", 0);
    List<ConsumerRecord<String, String>> got = new ArrayList<>();
    try (KafkaProducer<String, String> producer = new KafkaProducer<>(ClientConfigs.producer(cluster));
        KafkaConsumer<String, String> consumer = new KafkaConsumer<>(ClientConfigs.consumer(cluster, null))) {
      consumer.assign(List.of(tp));
      for (int i = 0; i < 5; i++) {
        producer.send(new ProducerRecord<>("moving", 0, "k", "before" + i)).get();
      }
      poll(consumer, got, 5);
      int oldLeader = leader(cluster);
      cluster.moveLeader("moving", 0, 1 - oldLeader);
      for (int i = 0; i < 5; i++) {
        producer.send(new ProducerRecord<>("moving", 0, "k", "after" + i)).get();
      }
      poll(consumer, got, 10);
      assertEquals(1 - oldLeader, leader(cluster));
    }
    assertEquals(10, got.size());
    assertEquals(Optional.of(0), got.get(4).leaderEpoch());
    assertEquals("after0", got.get(5).value());
    assertEquals(5, got.get(5).offset());
    assertEquals(Optional.of(1), got.get(5).leaderEpoch(), "written in the new leader's epoch");
  }

  private static int leader(FakeCluster cluster) throws Exception {
    try (Admin admin = Admin.create(ClientConfigs.admin(cluster))) {
      return admin.describeTopics(List.of("moving")).allTopicNames().get().get("moving").partitions().get(0).leader()
          .id();
    }
  }

  private static void poll(KafkaConsumer<String, String> consumer, List<ConsumerRecord<String, String>> into,
      int until) {
    long deadline = System.nanoTime() + Duration.ofSeconds(15).toNanos();
    while (into.size() < until && System.nanoTime() < deadline) {
      consumer.poll(Duration.ofMillis(100)).forEach(into::add);
    }
    assertEquals(until, into.size(), "records by now");
  }
}

package io.kwire.fake.clients;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kwire.fake.FakeBroker;
import io.kwire.fake.FakeCluster;
import io.kwire.fake.RecordedExchange;
import io.kwire.messages.MetadataRequestBuilder;
import io.kwire.messages.MetadataRequestBuilder.MetadataRequestTopicBuilder;
import io.kwire.messages.MetadataResponse;
import io.kwire.messages.ProduceRequest;
import io.kwire.messages.ProduceResponse;
import io.kwire.net.KwireClient;
import java.io.IOException;
import java.net.ConnectException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.TreeSet;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.junit.jupiter.api.Test;

/**
 * Brokers that stop, start again, join and leave: leadership moves to an in-sync replica, a
 * partition without one goes offline, and real clients (kafka-clients 4.4.0) ride it out.
 */
class BrokerFailureTest {
  private static final short LEADER_NOT_AVAILABLE = 5;
  private static final short NOT_ENOUGH_REPLICAS = 19;

  @Test
  void aStoppedBrokersPortRefusesItsLeadershipMovesAndItComesBackOnTheSamePort() throws Exception {
    try (FakeCluster kafka = FakeCluster.builder().brokers(3).topic("t", 3, 3).topic("solo", 1, 1).start()) {
      FakeBroker one = kafka.brokers().get(1);
      MetadataResponse.MetadataResponsePartition ledByOne = partitionLedBy(metadata(kafka, 0, "t"), 1);
      int soloLeader = metadata(kafka, 0, "solo").topics().get(0).partitions().get(0).leaderId();

      kafka.stopBroker(1);
      assertThrows(ConnectException.class, () -> connect(one));
      assertFalse(kafka.isRunning(1));
      MetadataResponse after = metadata(kafka, 0, "t");
      assertEquals(List.of(0, 2), after.brokers().stream().map(MetadataResponse.MetadataResponseBroker::nodeId)
          .toList());
      MetadataResponse.MetadataResponsePartition moved = after.topics().get(0).partitions()
          .get(ledByOne.partitionIndex());
      assertNotEquals(1, moved.leaderId());
      assertEquals(ledByOne.leaderEpoch() + 1, moved.leaderEpoch());
      assertFalse(moved.isrNodes().contains(1));
      assertEquals(List.of(1), moved.offlineReplicas());

      kafka.startBroker(1);
      assertTrue(kafka.isRunning(1));
      assertEquals(one, kafka.brokers().get(1), "the same node id and port");
      MetadataResponse back = metadata(kafka, 1, "t");
      assertEquals(3, back.brokers().size());
      MetadataResponse.MetadataResponsePartition rejoined = back.topics().get(0).partitions()
          .get(ledByOne.partitionIndex());
      assertEquals(new TreeSet<>(List.of(0, 1, 2)), new TreeSet<>(rejoined.isrNodes()));
      assertEquals(moved.leaderId(), rejoined.leaderId(), "leadership stays where it went");
      assertEquals(List.of(), rejoined.offlineReplicas());

      // the only replica of "solo" stops: offline, leader -1, until it returns
      int other = soloLeader == 0 ? 1 : 0;
      kafka.stopBroker(soloLeader);
      MetadataResponse.MetadataResponsePartition offline = metadata(kafka, other, "solo").topics().get(0)
          .partitions().get(0);
      assertEquals(LEADER_NOT_AVAILABLE, offline.errorCode());
      assertEquals(-1, offline.leaderId());
      kafka.startBroker(soloLeader);
      MetadataResponse.MetadataResponsePartition online = metadata(kafka, other, "solo").topics().get(0)
          .partitions().get(0);
      assertEquals(0, online.errorCode());
      assertEquals(soloLeader, online.leaderId());
    }
  }

  @Test
  void addedAndRemovedBrokers() throws Exception {
    try (FakeCluster kafka = FakeCluster.builder().brokers(1).start()) {
      FakeBroker added = kafka.addBroker();
      assertEquals(1, added.nodeId());
      kafka.createTopic("wide", 2, 2);
      assertEquals(2, metadata(kafka, 1, "wide").brokers().size());
      kafka.removeBroker(1);
      assertEquals(List.of(0), kafka.brokers().stream().map(FakeBroker::nodeId).toList());
      assertThrows(IllegalArgumentException.class, () -> kafka.startBroker(1));
      MetadataResponse left = metadata(kafka, 0, "wide");
      assertEquals(1, left.brokers().size());
      for (MetadataResponse.MetadataResponsePartition p : left.topics().get(0).partitions()) {
        assertEquals(0, p.leaderId());
        assertEquals(List.of(1), p.offlineReplicas());
      }
      assertEquals(2, kafka.addBroker().nodeId(), "a removed broker's id is not used again");
    }
  }

  @Test
  void anIdempotentProducerAndAConsumerGroupRideOutABrokerStoppingAndRestarting() throws Exception {
    int count = 600;
    try (FakeCluster kafka = FakeCluster.builder().brokers(3).topic("ride", 3, 3).start()) {
      Properties producerConfig = ClientConfigs.producer(kafka);
      producerConfig.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, true);
      producerConfig.put(ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG, 30_000);
      producerConfig.put(ProducerConfig.RETRY_BACKOFF_MS_CONFIG, 20);
      Properties consumerConfig = ClientConfigs.consumer(kafka, "riders");
      consumerConfig.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
      List<String> got = new ArrayList<>();
      try (KafkaProducer<String, String> producer = new KafkaProducer<>(producerConfig);
          KafkaConsumer<String, String> consumer = new KafkaConsumer<>(consumerConfig)) {
        consumer.subscribe(List.of("ride"));
        kafka.recording().start();
        List<Future<RecordMetadata>> sent = new ArrayList<>();
        for (int i = 0; i < count; i++) {
          sent.add(producer.send(new ProducerRecord<>("ride", "k" + (i % 7), "v" + i)));
          if (i == count / 3) {
            for (Future<RecordMetadata> f : sent) {
              f.get(30, TimeUnit.SECONDS);
            }
            assertTrue(kafka.recording().entries().stream().anyMatch(e -> e.context().brokerId() == 1
                && e.request() instanceof ProduceRequest), "broker 1 led a partition and took writes");
            kafka.stopBroker(1); // with the sends after it under way
          } else if (i == 2 * count / 3) {
            kafka.startBroker(1);
          }
          if (i % 50 == 0) {
            poll(consumer, got, 0);
          }
        }
        for (Future<RecordMetadata> f : sent) {
          f.get(30, TimeUnit.SECONDS);
        }
        poll(consumer, got, count);
      }
      assertEquals(count, got.size(), "no record lost or duplicated");
      assertEquals(count, new TreeSet<>(got).size());
      int total = 0;
      for (int p = 0; p < 3; p++) {
        total += kafka.records("ride", p).size();
      }
      assertEquals(count, total, "the logs hold each record once");
    }
  }

  @Test
  void acksAllIsRefusedBelowMinInsyncReplicasAndAcceptedWhenABrokerReturns() throws Exception {
    try (FakeCluster kafka = FakeCluster.builder().brokers(3).start()) {
      try (Admin admin = Admin.create(ClientConfigs.admin(kafka))) {
        admin.createTopics(List.of(new NewTopic("safe", 1, (short) 3)
            .configs(Map.of("min.insync.replicas", "2")))).all().get();
      }
      int leader = metadata(kafka, 0, "safe").topics().get(0).partitions().get(0).leaderId();
      kafka.recording().start();
      Properties config = ClientConfigs.producer(kafka);
      config.put(ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG, 60_000);
      config.put(ProducerConfig.REQUEST_TIMEOUT_MS_CONFIG, 30_000);
      try (KafkaProducer<String, String> producer = new KafkaProducer<>(config)) {
        producer.send(new ProducerRecord<>("safe", "k", "with three")).get(20, TimeUnit.SECONDS);
        int[] followers = {(leader + 1) % 3, (leader + 2) % 3};
        kafka.stopBroker(followers[0]);
        producer.send(new ProducerRecord<>("safe", "k", "with two")).get(20, TimeUnit.SECONDS);
        kafka.stopBroker(followers[1]);
        Future<RecordMetadata> alone = producer.send(new ProducerRecord<>("safe", "k", "with one"));
        awaitAnswer(kafka, NOT_ENOUGH_REPLICAS);
        assertFalse(alone.isDone(), "retried while the ISR is too small");
        kafka.startBroker(followers[0]);
        assertEquals(2, alone.get(30, TimeUnit.SECONDS).offset(), "accepted once two replicas are in sync");
      }
      assertEquals(3, kafka.records("safe", 0).size());
    }
  }

  private static void awaitAnswer(FakeCluster kafka, short error) throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
    while (System.nanoTime() < deadline) {
      for (RecordedExchange e : kafka.recording().entries()) {
        if (e.response() instanceof ProduceResponse r && r.responses().stream()
            .flatMap(t -> t.partitionResponses().stream()).anyMatch(p -> p.errorCode() == error)) {
          return;
        }
      }
      Thread.sleep(20);
    }
    throw new AssertionError("no Produce answered with error " + error);
  }

  private static void poll(KafkaConsumer<String, String> consumer, List<String> into, int until) {
    long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
    do {
      for (ConsumerRecord<String, String> r : consumer.poll(Duration.ofMillis(until == 0 ? 0 : 100))) {
        into.add(r.value());
      }
    } while (into.size() < until && System.nanoTime() < deadline);
  }

  private static MetadataResponse.MetadataResponsePartition partitionLedBy(MetadataResponse metadata, int node) {
    return metadata.topics().get(0).partitions().stream().filter(p -> p.leaderId() == node).findFirst()
        .orElseThrow();
  }

  private static MetadataResponse metadata(FakeCluster kafka, int node, String topic) {
    FakeBroker broker = kafka.brokers().get(node);
    try (KwireClient client = KwireClient.connect(new InetSocketAddress(broker.host(), broker.port()))) {
      return client.send(new MetadataRequestBuilder().topics(List.of(new MetadataRequestTopicBuilder().name(topic)
          .build())).build(), MetadataResponse.class, (short) 12).join();
    }
  }

  private static void connect(FakeBroker broker) throws IOException {
    try (Socket socket = new Socket()) {
      socket.connect(new InetSocketAddress(broker.host(), broker.port()), 2_000);
    }
  }
}

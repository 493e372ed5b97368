package io.kwire.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kwire.proxy.KwireProxy;
import io.kwire.proxy.ProxyConfig;
import io.kwire.messages.errors.ErrorCodes;
import io.kwire.proxy.filters.FaultFilter;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.protocol.Errors;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.Test;

/**
 * {@code --filter faults:...} against Kafka 4.4.0's clients and the embedded broker: the faults a
 * client must ride through (an idempotent producer's retries, a group's coordinator moves and
 * rebalances) and the one it must not (a fenced transactional producer), as against a real broker.
 */
class ProxyFaultsClientsTest {
  private final List<String> events = Collections.synchronizedList(new ArrayList<>());

  private KwireProxy proxy(FaultFilter... faults) {
    ProxyConfig config = ProxyConfig.of(new InetSocketAddress("127.0.0.1", 0), EmbeddedKafka.shared().address())
        .withEvents(events::add);
    for (FaultFilter fault : faults) {
      config = config.withFilter(fault);
    }
    return KwireProxy.start(config);
  }

  private static String topic(String name, int partitions) throws Exception {
    String topic = name + "-" + System.nanoTime();
    try (Admin admin = EmbeddedKafka.shared().admin()) {
      admin.createTopics(List.of(new NewTopic(topic, partitions, (short) 1))).all().get(30, TimeUnit.SECONDS);
    }
    return topic;
  }

  /** The table the faults filter names errors by is Kafka's. */
  @Test
  void errorNamesAreKafkas() {
    List<String> names = ErrorCodes.names();
    for (int i = 0; i < names.size(); i++) {
      assertEquals(Errors.forCode((short) (i - 1)).name(), names.get(i), "code " + (i - 1));
    }
  }

  /**
   * NOT_LEADER_OR_FOLLOWER on every third Produce, and on every fifth a response lost after the broker
   * appended the batch: the idempotent producer retries both, and the broker keeps one copy of each.
   */
  @Test
  void anIdempotentProducerWritesEveryRecordOnceThroughErrorsAndLostResponses() throws Exception {
    String topic = topic("faults-idempotent", 2);
    FaultFilter notLeader = new FaultFilter("api=Produce,do=error:NOT_LEADER_OR_FOLLOWER,every=3,times=4");
    FaultFilter lost = new FaultFilter("api=Produce,do=lose-response,every=5,times=3");
    int records = 400;
    try (KwireProxy proxy = proxy(notLeader, lost)) {
      Map<String, Object> config = producerConfig("127.0.0.1:" + proxy.localAddress().getPort());
      try (KafkaProducer<String, String> producer = new KafkaProducer<>(config)) {
        for (int i = 0; i < records; i++) {
          producer.send(new ProducerRecord<>(topic, i % 2, "k" + i, Integer.toString(i)));
          if (i % 10 == 9) {
            producer.flush(); // many Produce requests, so that the faults fire among them
          }
        }
        producer.flush();
      }
    }
    assertEquals(4, notLeader.fired());
    assertEquals(3, lost.fired());
    assertTrue(events.stream().filter(e -> e.contains("fault injected: response to correlation id")).count() == 3,
        events.toString());
    Map<Integer, List<Integer>> read = readAll(topic, 2);
    for (int partition = 0; partition < 2; partition++) {
      List<Integer> want = new ArrayList<>();
      for (int i = partition; i < records; i += 2) {
        want.add(i);
      }
      assertEquals(want, read.get(partition), "partition " + partition + ": each record once, in order");
    }
  }

  /**
   * COORDINATOR_NOT_AVAILABLE on FindCoordinator, JoinGroup and OffsetCommit, REBALANCE_IN_PROGRESS on
   * heartbeats: the group member finds its coordinator again, rejoins, commits, and reads everything.
   */
  @Test
  void aConsumerGroupRidesThroughCoordinatorErrorsAndRebalances() throws Exception {
    String topic = topic("faults-group", 2);
    int records = 60;
    try (KafkaProducer<String, String> producer = new KafkaProducer<>(producerConfig(
        EmbeddedKafka.shared().bootstrapServers()))) {
      for (int i = 0; i < records; i++) {
        producer.send(new ProducerRecord<>(topic, i % 2, "k" + i, Integer.toString(i)));
      }
      producer.flush();
    }
    String group = "faults-group-" + System.nanoTime();
    FaultFilter findCoordinator = new FaultFilter("api=FindCoordinator,group=" + group
        + ",do=error:COORDINATOR_NOT_AVAILABLE,times=2");
    FaultFilter join = new FaultFilter("api=JoinGroup,do=error:COORDINATOR_NOT_AVAILABLE,times=1");
    FaultFilter commit = new FaultFilter("api=OffsetCommit,do=error:COORDINATOR_NOT_AVAILABLE,times=1");
    FaultFilter rebalance = new FaultFilter("api=Heartbeat,group=" + group + ",do=error:REBALANCE_IN_PROGRESS,every=2,times=2");
    Set<Integer> seen = new java.util.TreeSet<>();
    try (KwireProxy proxy = proxy(findCoordinator, join, commit, rebalance)) {
      Map<String, Object> config = new HashMap<>();
      config.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, "127.0.0.1:" + proxy.localAddress().getPort());
      config.put(ConsumerConfig.GROUP_ID_CONFIG, group);
      config.put(ConsumerConfig.GROUP_PROTOCOL_CONFIG, "classic");
      config.put(ConsumerConfig.HEARTBEAT_INTERVAL_MS_CONFIG, 100);
      config.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
      config.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
      config.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class);
      config.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class);
      try (KafkaConsumer<String, String> consumer = new KafkaConsumer<>(config)) {
        consumer.subscribe(Set.of(topic));
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        // Until every record is read and committed and both heartbeat faults have fired (each makes
        // the member rejoin), polling as a consumer does.
        while ((seen.size() < records || rebalance.fired() < 2 || commit.fired() < 1) && System.nanoTime() < deadline) {
          for (ConsumerRecord<String, String> record : consumer.poll(Duration.ofMillis(100))) {
            seen.add(Integer.parseInt(record.value()));
          }
          consumer.commitSync(Duration.ofSeconds(30));
        }
      }
    }
    assertEquals(records, seen.size(), "every record read");
    assertEquals(2, findCoordinator.fired());
    assertEquals(1, join.fired());
    assertEquals(1, commit.fired());
    assertEquals(2, rebalance.fired());
    try (Admin admin = EmbeddedKafka.shared().admin()) {
      Map<TopicPartition, OffsetAndMetadata> committed = admin.listConsumerGroupOffsets(group)
          .partitionsToOffsetAndMetadata().get(30, TimeUnit.SECONDS);
      assertEquals(records / 2, committed.get(new TopicPartition(topic, 0)).offset());
      assertEquals(records / 2, committed.get(new TopicPartition(topic, 1)).offset());
    }
  }

  /**
   * A transactional producer fenced on purpose fails as one fenced by a real broker does: the same
   * exception from commitTransaction, whether PRODUCER_FENCED comes in EndTxn's answer or the broker
   * fenced it for a newer producer with its transactional id.
   */
  @Test
  void aTransactionalProducerFencedOnPurposeFailsAsAgainstARealBroker() throws Exception {
    String topic = topic("faults-txn", 1);
    String direct = EmbeddedKafka.shared().bootstrapServers();
    // The real thing: a second producer with the same transactional id fences the first.
    Exception real;
    String realId = "fenced-real-" + System.nanoTime();
    try (KafkaProducer<String, String> first = new KafkaProducer<>(transactional(direct, realId))) {
      first.initTransactions();
      first.beginTransaction();
      first.send(new ProducerRecord<>(topic, "k", "v")).get(30, TimeUnit.SECONDS);
      try (KafkaProducer<String, String> second = new KafkaProducer<>(transactional(direct, realId))) {
        second.initTransactions();
      }
      real = assertThrows(Exception.class, first::commitTransaction);
    }
    FaultFilter fence = new FaultFilter("api=EndTxn,do=error:PRODUCER_FENCED,times=1");
    Exception injected;
    try (KwireProxy proxy = proxy(fence);
        KafkaProducer<String, String> producer = new KafkaProducer<>(transactional(
            "127.0.0.1:" + proxy.localAddress().getPort(), "fenced-injected-" + System.nanoTime()))) {
      producer.initTransactions();
      producer.beginTransaction();
      producer.send(new ProducerRecord<>(topic, "k", "v")).get(30, TimeUnit.SECONDS);
      injected = assertThrows(Exception.class, producer::commitTransaction);
    }
    System.out.println("fenced: real " + real + "; injected " + injected);
    assertEquals(1, fence.fired());
    assertEquals(real.getClass(), injected.getClass());
    assertEquals(org.apache.kafka.common.errors.ProducerFencedException.class, injected.getClass());

    // INVALID_PRODUCER_EPOCH on its Produce: what a real broker answers a fenced producer's send.
    Exception realSend;
    String realSendId = "fenced-send-" + System.nanoTime();
    try (KafkaProducer<String, String> first = new KafkaProducer<>(transactional(direct, realSendId))) {
      first.initTransactions();
      first.beginTransaction();
      first.send(new ProducerRecord<>(topic, "k", "v")).get(30, TimeUnit.SECONDS);
      try (KafkaProducer<String, String> second = new KafkaProducer<>(transactional(direct, realSendId))) {
        second.initTransactions();
      }
      realSend = sendThenCommit(first, topic);
    }
    FaultFilter epoch = new FaultFilter("api=Produce,do=error:INVALID_PRODUCER_EPOCH,every=2,times=1");
    Exception injectedSend;
    try (KwireProxy proxy = proxy(epoch);
        KafkaProducer<String, String> producer = new KafkaProducer<>(transactional(
            "127.0.0.1:" + proxy.localAddress().getPort(), "epoch-injected-" + System.nanoTime()))) {
      producer.initTransactions();
      producer.beginTransaction();
      producer.send(new ProducerRecord<>(topic, "k", "v")).get(30, TimeUnit.SECONDS);
      injectedSend = sendThenCommit(producer, topic);
    }
    System.out.println("fenced send: real " + realSend + "; injected " + injectedSend);
    assertEquals(1, epoch.fired());
    assertNotNull(injectedSend);
    assertEquals(realSend.getClass(), injectedSend.getClass());
  }

  /** A send then a commit: the exception the first of them throws. */
  private static Exception sendThenCommit(KafkaProducer<String, String> producer, String topic) {
    try {
      producer.send(new ProducerRecord<>(topic, "k2", "v2")).get(30, TimeUnit.SECONDS);
      producer.commitTransaction();
      return null;
    } catch (java.util.concurrent.ExecutionException e) {
      return (Exception) e.getCause();
    } catch (Exception e) {
      return e;
    }
  }

  private static Map<String, Object> producerConfig(String bootstrap) {
    Map<String, Object> config = new HashMap<>();
    config.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
    config.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, true);
    config.put(ProducerConfig.ACKS_CONFIG, "all");
    config.put(ProducerConfig.LINGER_MS_CONFIG, 1);
    config.put(ProducerConfig.RETRY_BACKOFF_MS_CONFIG, 20);
    config.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class);
    config.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, StringSerializer.class);
    return config;
  }

  private static Map<String, Object> transactional(String bootstrap, String id) {
    Map<String, Object> config = producerConfig(bootstrap);
    config.put(ProducerConfig.TRANSACTIONAL_ID_CONFIG, id);
    return config;
  }

  /** Every record of {@code topic}'s partitions read straight from the broker, values by partition. */
  private static Map<Integer, List<Integer>> readAll(String topic, int partitions) {
    Map<String, Object> config = new HashMap<>();
    config.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, EmbeddedKafka.shared().bootstrapServers());
    config.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class);
    config.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class);
    Map<Integer, List<Integer>> out = new TreeMap<>();
    List<TopicPartition> all = new ArrayList<>();
    for (int p = 0; p < partitions; p++) {
      all.add(new TopicPartition(topic, p));
      out.put(p, new ArrayList<>());
    }
    try (KafkaConsumer<String, String> consumer = new KafkaConsumer<>(config)) {
      consumer.assign(all);
      consumer.seekToBeginning(all);
      Map<TopicPartition, Long> end = consumer.endOffsets(all);
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
      while (all.stream().anyMatch(tp -> consumer.position(tp) < end.get(tp)) && System.nanoTime() < deadline) {
        for (ConsumerRecord<String, String> record : consumer.poll(Duration.ofMillis(100))) {
          out.get(record.partition()).add(Integer.parseInt(record.value()));
        }
      }
    }
    return out;
  }
}

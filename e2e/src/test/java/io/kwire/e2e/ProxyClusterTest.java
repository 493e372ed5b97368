package io.kwire.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kwire.proxy.KwireProxy;
import io.kwire.proxy.NodePorts;
import io.kwire.proxy.ProxyBroker;
import io.kwire.proxy.ProxyConfig;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewPartitionReassignment;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.ElectionType;
import org.apache.kafka.common.Node;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A three-broker cluster behind one proxy with a port per broker: Kafka's own producer (idempotent),
 * a consumer group and an admin, all bootstrapped on the proxy, while the admin moves every
 * partition's leader round the brokers. Every record arrives once and in order, and no client ever
 * connects to a broker itself: the brokers' client listeners accept no more connections than the
 * proxy made.
 */
class ProxyClusterTest {
  private static final String TOPIC = "moving";
  private static final int PARTITIONS = 3;
  private static final int ROUNDS = 3;

  private static EmbeddedKafkaCluster cluster;

  @BeforeAll
  static void startCluster() throws Exception {
    cluster = new EmbeddedKafkaCluster();
  }

  @AfterAll
  static void stopCluster() {
    if (cluster != null) {
      cluster.close();
    }
  }

  @Test
  void producersAndAGroupKeepEveryRecordOnceAndInOrderWhileLeadersMoveBehindTheProxy() throws Exception {
    List<String> events = Collections.synchronizedList(new ArrayList<>());
    Map<Integer, Long> before = cluster.clientConnectionsCreated();
    List<InetSocketAddress> upstreams = cluster.bootstrap();
    ProxyConfig config = ProxyConfig.of(new InetSocketAddress("127.0.0.1", 0), upstreams.get(0))
        .withUpstreams(upstreams)
        .withBrokerPorts(NodePorts.consecutive())
        .withEvents(events::add);
    try (KwireProxy proxy = KwireProxy.start(config)) {
      String bootstrap = "127.0.0.1:" + proxy.localAddress().getPort();
      try (Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap))) {
        Map<Integer, List<Integer>> assignment = new TreeMap<>();
        for (int p = 0; p < PARTITIONS; p++) {
          assignment.put(p, rotated(List.of(1, 2, 3), p));
        }
        admin.createTopics(List.of(new NewTopic(TOPIC, assignment))).all().get(30, TimeUnit.SECONDS);
        awaitLeaders(admin, 0);

        Map<Integer, List<String>> sent = new ConcurrentHashMap<>();
        Map<Integer, List<String>> received = new ConcurrentHashMap<>();
        List<Exception> failures = new CopyOnWriteArrayList<>();
        AtomicBoolean moving = new AtomicBoolean(true);
        Thread producer = new Thread(() -> produce(bootstrap, moving, sent, failures), "cluster-producer");
        AtomicBoolean produced = new AtomicBoolean();
        Thread consumer = new Thread(() -> consume(bootstrap, produced, sent, received, failures), "cluster-consumer");
        producer.start();
        consumer.start();

        for (int round = 1; round <= ROUNDS; round++) {
          awaitRecords(sent, 200 * round); // traffic before each move
          Map<TopicPartition, Optional<NewPartitionReassignment>> moves = new TreeMap<>(
              java.util.Comparator.comparingInt(TopicPartition::partition));
          for (int p = 0; p < PARTITIONS; p++) {
            moves.put(new TopicPartition(TOPIC, p), Optional.of(new NewPartitionReassignment(
                rotated(List.of(1, 2, 3), p + round))));
          }
          admin.alterPartitionReassignments(moves).all().get(30, TimeUnit.SECONDS);
          awaitReassigned(admin);
          admin.electLeaders(ElectionType.PREFERRED, moves.keySet()).partitions().get(30, TimeUnit.SECONDS);
          awaitLeaders(admin, round);
        }
        awaitRecords(sent, 200 * (ROUNDS + 1));
        moving.set(false);
        producer.join(30_000);
        produced.set(true);
        consumer.join(30_000);

        assertEquals(List.of(), failures);
        int total = 0;
        for (int p = 0; p < PARTITIONS; p++) {
          List<String> out = sent.getOrDefault(p, List.of());
          assertTrue(out.size() > 0, "partition " + p + " got records");
          assertEquals(out, received.get(p), "partition " + p + ": every record once, in order");
          total += out.size();
        }
        System.out.println("kwire proxy cluster: " + total + " records through " + ROUNDS + " leader moves of "
            + PARTITIONS + " partitions; brokers " + proxy.brokers());

        // What the clients are told: the proxy's ports, never a broker's.
        Map<Integer, InetSocketAddress> real = cluster.addresses();
        Map<Integer, Integer> told = new TreeMap<>();
        for (Node n : admin.describeCluster().nodes().get(30, TimeUnit.SECONDS)) {
          assertEquals("127.0.0.1", n.host());
          told.put(n.id(), n.port());
        }
        assertEquals(Set.of(1, 2, 3), told.keySet());
        Set<Integer> realPorts = new HashSet<>();
        real.values().forEach(a -> realPorts.add(a.getPort()));
        for (int port : told.values()) {
          assertTrue(!realPorts.contains(port), "told a broker's own port " + port);
          assertNotEquals(proxy.localAddress().getPort(), port);
        }
      }
      List<ProxyBroker> brokers = proxy.brokers();
      assertEquals(List.of(1, 2, 3), brokers.stream().map(ProxyBroker::nodeId).toList());
      for (ProxyBroker b : brokers) {
        assertEquals(cluster.addresses().get(b.nodeId()).getPort(), b.upstream().getPort());
        assertTrue(b.connections() > 0, "node " + b.nodeId() + "'s port served connections");
      }
      long proxied = proxy.stats().connections();
      Map<Integer, Long> after = cluster.clientConnectionsCreated();
      long direct = 0;
      for (int id : after.keySet()) {
        long accepted = after.get(id) - before.get(id);
        assertTrue(accepted > 0, "node " + id + " served clients");
        direct += accepted;
      }
      System.out.println("kwire proxy cluster: " + proxied + " client connections to the proxy, " + direct
          + " accepted by the brokers' client listeners");
      assertTrue(direct <= proxied, "every connection a broker accepted is one the proxy made: " + direct
          + " accepted, " + proxied + " proxied");
      assertTrue(events.stream().noneMatch(e -> e.contains("cannot listen") || e.contains("no port")), events.toString());
    }
  }

  private static List<Integer> rotated(List<Integer> nodes, int by) {
    List<Integer> out = new ArrayList<>(nodes);
    Collections.rotate(out, -(by % nodes.size()));
    return out;
  }

  /** Every partition's leader is its first replica as round {@code round} assigned it. */
  private static void awaitLeaders(Admin admin, int round) throws Exception {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
    while (true) {
      TopicDescription d = Described.topic(admin, TOPIC);
      boolean all = d.partitions().stream().allMatch(p -> p.leader() != null
          && p.leader().id() == rotated(List.of(1, 2, 3), p.partition() + round).get(0) && p.isr().size() == 3);
      if (all) {
        return;
      }
      assertTrue(System.nanoTime() < deadline, "leaders of round " + round + ": " + d);
      Thread.sleep(50);
    }
  }

  private static void awaitReassigned(Admin admin) throws Exception {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
    while (!admin.listPartitionReassignments().reassignments().get(10, TimeUnit.SECONDS).isEmpty()) {
      assertTrue(System.nanoTime() < deadline, "reassignments still running");
      Thread.sleep(50);
    }
  }

  private static void awaitRecords(Map<Integer, List<String>> sent, int atLeast) throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
    while (sent.values().stream().mapToInt(List::size).sum() < atLeast) {
      assertTrue(System.nanoTime() < deadline, "the producer is stuck at " + sent.values().stream().mapToInt(List::size).sum());
      Thread.sleep(10);
    }
  }

  /** Sends until the moves are over, recording each record acknowledged, per partition, in acknowledgement order. */
  private static void produce(String bootstrap, AtomicBoolean moving, Map<Integer, List<String>> sent, List<Exception> failures) {
    Map<String, Object> props = Map.of(
        ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap,
        ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, true,
        ProducerConfig.ACKS_CONFIG, "all",
        ProducerConfig.LINGER_MS_CONFIG, 2,
        ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG, 30_000,
        ProducerConfig.REQUEST_TIMEOUT_MS_CONFIG, 10_000);
    try (KafkaProducer<String, String> producer = new KafkaProducer<>(props, new StringSerializer(), new StringSerializer())) {
      for (int seq = 0; moving.get(); seq++) {
        int partition = seq % PARTITIONS;
        String value = partition + "-" + (seq / PARTITIONS);
        producer.send(new ProducerRecord<>(TOPIC, partition, null, value), (meta, error) -> {
          if (error != null) {
            failures.add(error);
          } else {
            sent.computeIfAbsent(partition, p -> Collections.synchronizedList(new ArrayList<>())).add(value);
          }
        });
        if (seq % 100 == 99) {
          producer.flush(); // a steady trickle across the moves, not one burst before them
        }
      }
      producer.flush();
    } catch (RuntimeException e) {
      failures.add(e);
    }
  }

  /** One member of a group reads until it has what was sent, once the producer is done. */
  private static void consume(String bootstrap, AtomicBoolean produced, Map<Integer, List<String>> sent,
      Map<Integer, List<String>> received, List<Exception> failures) {
    Map<String, Object> props = Map.of(
        ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap,
        ConsumerConfig.GROUP_ID_CONFIG, "moving-group",
        ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest",
        ConsumerConfig.FETCH_MAX_WAIT_MS_CONFIG, 100);
    try (KafkaConsumer<String, String> consumer = new KafkaConsumer<>(props, new StringDeserializer(), new StringDeserializer())) {
      consumer.subscribe(List.of(TOPIC));
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
      while (System.nanoTime() < deadline) {
        for (ConsumerRecord<String, String> r : consumer.poll(Duration.ofMillis(100))) {
          received.computeIfAbsent(r.partition(), p -> new ArrayList<>()).add(r.value());
        }
        if (produced.get() && count(received) >= count(sent)) {
          return;
        }
      }
      failures.add(new IllegalStateException("the consumer got " + count(received) + " of " + count(sent)));
    } catch (RuntimeException e) {
      failures.add(e);
    }
  }

  private static int count(Map<Integer, List<String>> records) {
    return records.values().stream().mapToInt(List::size).sum();
  }
}

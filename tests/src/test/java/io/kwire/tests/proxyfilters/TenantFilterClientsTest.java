package io.kwire.tests.proxyfilters;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kwire.fake.FakeCluster;
import io.kwire.proxy.KwireProxy;
import io.kwire.proxy.ProxyConfig;
import io.kwire.proxy.filter.FilterLoader;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.Test;

/**
 * kafka-clients 4.4 through {@code kwire proxy --filter tenant} against a FakeCluster: two tenants
 * (client ids {@code acme.*} and {@code globex.*}) each use a topic "orders" and a group "billing";
 * on the cluster they are {@code acme.orders}/{@code globex.orders} and {@code acme.billing}/{@code
 * globex.billing}, and neither tenant sees the other's topics.
 */
class TenantFilterClientsTest {
  @Test
  void eachTenantProducesConsumesAndCommitsInItsOwnNamespace() throws Exception {
    try (FakeCluster cluster = FakeCluster.start()) {
      cluster.createTopic("acme.orders", 2, 1);
      cluster.createTopic("globex.orders", 1, 1);
      cluster.createTopic("shared-internal", 1, 1);
      ProxyConfig config = ProxyConfig.of(new InetSocketAddress("127.0.0.1", 0),
              RequireHeaderFilterClientsTest.upstream(cluster))
          .withFilter(FilterLoader.load("tenant", getClass().getClassLoader()))
          .withEvents(line -> { });
      try (KwireProxy proxy = KwireProxy.start(config)) {
        String bootstrap = "127.0.0.1:" + proxy.localAddress().getPort();
        produce(bootstrap, "acme.app", List.of("a1", "a2", "a3"));
        produce(bootstrap, "globex.app", List.of("g1"));

        List<ConsumerRecord<String, String>> acme = consume(bootstrap, "acme.reader", 3);
        assertEquals(Set.of("a1", "a2", "a3"), values(acme));
        assertTrue(acme.stream().allMatch(r -> r.topic().equals("orders")), "the tenant's own name: " + acme);
        List<ConsumerRecord<String, String>> globex = consume(bootstrap, "globex.reader", 1);
        assertEquals(Set.of("g1"), values(globex));

        try (KafkaConsumer<String, String> c = new KafkaConsumer<>(Clients.consumer(bootstrap, "acme.lister", null))) {
          assertEquals(Set.of("orders"), c.listTopics(Duration.ofSeconds(10)).keySet(), "only acme's topics");
        }
      }
      try (Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, cluster.bootstrapServers(),
          AdminClientConfig.ENABLE_METRICS_PUSH_CONFIG, false))) {
        Map<TopicPartition, OffsetAndMetadata> acmeOffsets = admin.listConsumerGroupOffsets("acme.billing")
            .partitionsToOffsetAndMetadata().get();
        assertEquals(3, acmeOffsets.values().stream().mapToLong(OffsetAndMetadata::offset).sum(),
            "acme's group commits under its prefixed name, for its prefixed topic: " + acmeOffsets);
        assertTrue(acmeOffsets.keySet().stream().allMatch(p -> p.topic().equals("acme.orders")), acmeOffsets.toString());
        assertEquals(1, admin.listConsumerGroupOffsets("globex.billing").partitionsToOffsetAndMetadata().get()
            .values().stream().mapToLong(OffsetAndMetadata::offset).sum());
      }
      assertEquals(3, countOn(cluster, "acme.orders"), "acme's records on the cluster's acme.orders");
      assertEquals(1, countOn(cluster, "globex.orders"));
    }
  }

  private static void produce(String bootstrap, String clientId, List<String> values) throws Exception {
    try (KafkaProducer<String, String> producer = new KafkaProducer<>(Clients.producer(bootstrap, clientId))) {
      for (String v : values) {
        producer.send(new ProducerRecord<>("orders", v, v)).get();
      }
    }
  }

  /** Subscribes to "orders" in group "billing" until {@code expected} records came, and commits them. */
  private static List<ConsumerRecord<String, String>> consume(String bootstrap, String clientId, int expected) {
    List<ConsumerRecord<String, String>> got = new ArrayList<>();
    try (KafkaConsumer<String, String> consumer = new KafkaConsumer<>(Clients.consumer(bootstrap, clientId, "billing"))) {
      consumer.subscribe(List.of("orders"));
      long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
      while (got.size() < expected && System.nanoTime() < deadline) {
        consumer.poll(Duration.ofMillis(100)).forEach(got::add);
      }
      consumer.commitSync();
    }
    return got;
  }

  private static Set<String> values(List<ConsumerRecord<String, String>> records) {
    Set<String> out = new java.util.HashSet<>();
    records.forEach(r -> out.add(r.value()));
    return out;
  }

  private static long countOn(FakeCluster cluster, String topic) {
    try (KafkaConsumer<String, String> consumer = new KafkaConsumer<>(
        Clients.consumer(cluster.bootstrapServers(), "direct", null))) {
      List<TopicPartition> parts = new ArrayList<>();
      consumer.partitionsFor(topic).forEach(p -> parts.add(new TopicPartition(topic, p.partition())));
      return consumer.endOffsets(parts).values().stream().mapToLong(Long::longValue).sum();
    }
  }
}

package io.kwire.fake.junit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import io.kwire.fake.FakeCluster;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/** One cluster per class, injected as itself and as its address, shared with nested classes. */
@FakeKafka(brokers = 2)
class FakeKafkaExtensionTest {
  private static FakeCluster started;

  @BeforeAll
  static void remember(FakeCluster cluster) {
    started = cluster;
  }

  @Test
  void injectsTheClassesClusterAndItsAddress(FakeCluster cluster, @BootstrapServers String bootstrap) throws Exception {
    assertSame(started, cluster);
    assertEquals(2, cluster.brokers().size());
    assertEquals(cluster.bootstrapServers(), bootstrap);
    try (Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap,
        AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, 5_000, AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, 4_000))) {
      admin.createTopics(List.of(new NewTopic("ext-topic", 2, (short) 2))).all().get();
      Set<Integer> nodes = admin.describeCluster().nodes().get().stream().map(n -> n.id()).collect(Collectors.toSet());
      assertEquals(Set.of(0, 1), nodes);
    }
  }

  @Test
  void aProducersFirstSendCreatesItsTopicAsKafkaDoesByDefault(@BootstrapServers String bootstrap) throws Exception {
    try (KafkaProducer<String, String> producer = new KafkaProducer<>(Map.of(
        ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap, ProducerConfig.MAX_BLOCK_MS_CONFIG, 10_000),
        new StringSerializer(), new StringSerializer())) {
      RecordMetadata written = producer.send(new ProducerRecord<>("created-on-first-use", "k", "v")).get();
      assertEquals(0, written.partition());
      assertEquals(0, written.offset());
    }
    assertEquals(1, partitions(bootstrap, "created-on-first-use"), "the default partition count, as num.partitions");
  }

  private static int partitions(String bootstrap, String topic) throws Exception {
    try (Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap))) {
      return admin.describeTopics(List.of(topic)).allTopicNames().get().get(topic).partitions().size();
    }
  }

  @Nested
  class Inner {
    @Test
    void sharesTheOuterClassesCluster(FakeCluster cluster) {
      assertSame(started, cluster);
    }
  }
}

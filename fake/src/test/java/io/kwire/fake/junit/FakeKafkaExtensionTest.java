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

  @Nested
  class Inner {
    @Test
    void sharesTheOuterClassesCluster(FakeCluster cluster) {
      assertSame(started, cluster);
    }
  }
}

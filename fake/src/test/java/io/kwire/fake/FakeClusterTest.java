package io.kwire.fake;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.net.ConnectException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

class FakeClusterTest {
  @Test
  void brokersListenOnTheirOwnPortsUntilClosed() throws IOException {
    List<FakeBroker> brokers;
    try (FakeCluster cluster = FakeCluster.builder().brokers(3).clusterId("my-cluster").start()) {
      brokers = cluster.brokers();
      assertEquals("my-cluster", cluster.clusterId());
      assertEquals(0, cluster.controllerId());
      assertEquals(brokers.get(0).address() + "," + brokers.get(1).address() + "," + brokers.get(2).address(),
          cluster.bootstrapServers());
      for (FakeBroker b : brokers) {
        try (Socket s = new Socket()) {
          s.connect(new InetSocketAddress(b.host(), b.port()), 1_000);
        }
      }
    }
    for (FakeBroker b : brokers) {
      try (Socket s = new Socket()) {
        assertThrows(ConnectException.class, () -> s.connect(new InetSocketAddress(b.host(), b.port()), 1_000),
            "port " + b.port() + " is free after close");
      }
    }
  }

  @Test
  void topicsCanBeThereFromTheStart() throws Exception {
    try (FakeCluster cluster = FakeCluster.builder().brokers(2).topic("ready", 4, 2).start();
        Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG,
            cluster.bootstrapServers(), AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, 5_000,
            AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, 4_000))) {
      assertEquals(Set.of("ready"), admin.listTopics().names().get());
      assertEquals(4, admin.describeTopics(List.of("ready")).allTopicNames().get().get("ready").partitions().size());
    }
  }

  @Test
  void impossibleSettingsAndTopicsAreRefused() {
    assertThrows(IllegalArgumentException.class, () -> FakeCluster.builder().brokers(0));
    try (FakeCluster cluster = FakeCluster.start()) {
      cluster.createTopic("once", 1);
      // refused with CreateTopics' own messages, as a client would read them
      assertRefused("Topic 'once' already exists.", () -> cluster.createTopic("once", 1));
      assertRefused("Unable to replicate the partition 2 time(s): The target replication factor of 2 cannot be "
          + "reached because only 1 broker(s) are registered.", () -> cluster.createTopic("two-replicas", 1, 2));
      assertRefused("Topic name \"bad name\" is illegal, it contains a character other than ASCII alphanumerics, "
          + "'.', '_' and '-'", () -> cluster.createTopic("bad name", 1));
      // -1, CreateTopics' "default", is no count here
      assertRefused("Number of partitions was set to an invalid non-positive value.",
          () -> cluster.createTopic("minus-one", -1));
      assertRefused("Replication factor must be larger than 0, or -1 to use the default value.",
          () -> cluster.createTopic("minus-one", 1, -1));
      cluster.createTopic("a.b", 1);
      assertRefused("Topic 'a_b' collides with existing topic: a.b", () -> cluster.createTopic("a_b", 1));
      assertThrows(IllegalArgumentException.class, () -> cluster.moveLeader("nope", 0, 0));
    }
    assertRefused("Number of partitions was set to an invalid non-positive value.",
        () -> FakeCluster.builder().topic("x", 0, 1).start());
  }

  private static void assertRefused(String message, Executable creation) {
    assertEquals(message, assertThrows(IllegalArgumentException.class, creation).getMessage());
  }
}

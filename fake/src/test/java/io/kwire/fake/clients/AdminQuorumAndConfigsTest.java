package io.kwire.fake.clients;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kwire.fake.FakeCluster;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import org.apache.kafka.clients.admin.AddRaftVoterOptions;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AlterConfigOp;
import org.apache.kafka.clients.admin.Config;
import org.apache.kafka.clients.admin.ConfigEntry;
import org.apache.kafka.clients.admin.QuorumInfo;
import org.apache.kafka.clients.admin.RaftVoterEndpoint;
import org.apache.kafka.common.Uuid;
import org.apache.kafka.common.config.ConfigResource;
import org.apache.kafka.common.errors.BrokerIdNotRegisteredException;
import org.apache.kafka.common.errors.InconsistentClusterIdException;
import org.apache.kafka.common.errors.InvalidConfigurationException;
import org.apache.kafka.common.errors.UnsupportedVersionException;
import org.apache.kafka.common.protocol.Errors;
import org.apache.kafka.common.requests.AlterConfigsRequest;
import org.apache.kafka.common.requests.AlterConfigsResponse;
import org.junit.jupiter.api.Test;

/**
 * The KRaft admin APIs as a one-voter cluster with a static quorum answers them
 * (describeMetadataQuorum, unregisterBroker, addRaftVoter, removeRaftVoter), and the old
 * AlterConfigs API (gone from AdminClient 4.x: sent with kafka-clients' own request classes), which
 * replaces a topic's whole configuration; the BROKER_LOGGER resource's levels, per broker.
 */
class AdminQuorumAndConfigsTest {
  @Test
  void describesTheQuorumAndRefusesVoterChanges() throws Exception {
    try (FakeCluster kafka = FakeCluster.builder().brokers(3).start();
        Admin admin = Admin.create(ClientConfigs.admin(kafka))) {
      QuorumInfo quorum = admin.describeMetadataQuorum().quorumInfo().get();
      assertEquals(0, quorum.leaderId());
      assertEquals(1, quorum.leaderEpoch());
      assertEquals(1, quorum.highWatermark());
      assertEquals(List.of(0), quorum.voters().stream().map(QuorumInfo.ReplicaState::replicaId).toList());
      assertEquals(List.of(1, 2), quorum.observers().stream().map(QuorumInfo.ReplicaState::replicaId).toList());
      assertEquals(1, quorum.voters().get(0).logEndOffset());
      assertTrue(quorum.voters().get(0).lastCaughtUpTimestamp().isPresent());
      assertEquals(Set.of(0), quorum.nodes().keySet());
      assertEquals(kafka.brokers().get(0).port(), quorum.nodes().get(0).endpoints().get(0).port());

      admin.unregisterBroker(1).all().get();
      assertCause(BrokerIdNotRegisteredException.class, () -> admin.unregisterBroker(7).all().get());
      Set<RaftVoterEndpoint> endpoints = Set.of(new RaftVoterEndpoint("CONTROLLER", "127.0.0.1", 9999));
      assertCause(UnsupportedVersionException.class,
          () -> admin.addRaftVoter(3, Uuid.randomUuid(), endpoints).all().get());
      assertCause(InconsistentClusterIdException.class, () -> admin.addRaftVoter(3, Uuid.randomUuid(), endpoints,
          new AddRaftVoterOptions().setClusterId(Optional.of("another-cluster"))).all().get());
      assertCause(UnsupportedVersionException.class, () -> admin.removeRaftVoter(0, Uuid.randomUuid()).all().get());
      assertEquals(3, admin.describeCluster().nodes().get().size(), "the unregistered broker is still there");
    }
  }

  @Test
  void alterConfigsReplacesATopicsWholeConfiguration() throws Exception {
    try (FakeCluster kafka = FakeCluster.builder().topic("old-api", 1, 1).start();
        Admin admin = Admin.create(ClientConfigs.admin(kafka));
        KafkaWire wire = new KafkaWire(kafka.brokers().get(0))) {
      ConfigResource topic = new ConfigResource(ConfigResource.Type.TOPIC, "old-api");
      assertEquals(Errors.NONE, alter(wire, "old-api", Map.of("retention.ms", "1000", "cleanup.policy", "compact")));
      assertEquals(Errors.NONE, alter(wire, "old-api", Map.of("retention.ms", "2000")));
      Config config = admin.describeConfigs(List.of(topic)).all().get().get(topic);
      assertEquals("2000", config.get("retention.ms").value());
      assertEquals(ConfigEntry.ConfigSource.DYNAMIC_TOPIC_CONFIG, config.get("retention.ms").source());
      assertEquals("delete", config.get("cleanup.policy").value(), "left out: back at its default");
      assertEquals(ConfigEntry.ConfigSource.DEFAULT_CONFIG, config.get("cleanup.policy").source());

      assertEquals(Errors.INVALID_CONFIG, alter(wire, "old-api", Map.of("no.such.config", "1")));
      assertEquals(Errors.UNKNOWN_TOPIC_OR_PARTITION, alter(wire, "missing", Map.of("retention.ms", "1")));
      assertEquals("2000", admin.describeConfigs(List.of(topic)).all().get().get(topic).get("retention.ms").value(),
          "a refused request changes nothing");
    }
  }

  @Test
  void brokerLoggersAreDescribedAndSet() throws Exception {
    try (FakeCluster kafka = FakeCluster.builder().brokers(2).start();
        Admin admin = Admin.create(ClientConfigs.admin(kafka))) {
      ConfigResource broker1 = new ConfigResource(ConfigResource.Type.BROKER_LOGGER, "1");
      admin.incrementalAlterConfigs(Map.of(broker1, List.of(new AlterConfigOp(
          new ConfigEntry("kafka.server.ReplicaManager", "DEBUG"), AlterConfigOp.OpType.SET)))).all().get();
      Config loggers = admin.describeConfigs(List.of(broker1)).all().get().get(broker1);
      assertEquals("INFO", loggers.get("root").value());
      assertEquals("DEBUG", loggers.get("kafka.server.ReplicaManager").value());
      assertEquals(ConfigEntry.ConfigSource.DYNAMIC_BROKER_LOGGER_CONFIG,
          loggers.get("kafka.server.ReplicaManager").source());
      ConfigResource broker0 = new ConfigResource(ConfigResource.Type.BROKER_LOGGER, "0");
      assertEquals(null, admin.describeConfigs(List.of(broker0)).all().get().get(broker0)
          .get("kafka.server.ReplicaManager"), "each broker has its own levels");
      assertCause(InvalidConfigurationException.class, () -> admin.incrementalAlterConfigs(Map.of(broker1, List.of(
          new AlterConfigOp(new ConfigEntry("root", ""), AlterConfigOp.OpType.DELETE)))).all().get());
      assertCause(InvalidConfigurationException.class, () -> admin.incrementalAlterConfigs(Map.of(broker1, List.of(
          new AlterConfigOp(new ConfigEntry("x", "LOUD"), AlterConfigOp.OpType.SET)))).all().get());
      admin.incrementalAlterConfigs(Map.of(broker1, List.of(new AlterConfigOp(
          new ConfigEntry("kafka.server.ReplicaManager", ""), AlterConfigOp.OpType.DELETE)))).all().get();
      assertEquals(null, admin.describeConfigs(List.of(broker1)).all().get().get(broker1)
          .get("kafka.server.ReplicaManager"));
    }
  }

  private static Errors alter(KafkaWire wire, String topic, Map<String, String> configs) throws Exception {
    List<AlterConfigsRequest.ConfigEntry> entries = configs.entrySet().stream()
        .map(e -> new AlterConfigsRequest.ConfigEntry(e.getKey(), e.getValue())).toList();
    AlterConfigsResponse response = wire.send(new AlterConfigsRequest.Builder(
        Map.of(new ConfigResource(ConfigResource.Type.TOPIC, topic), new AlterConfigsRequest.Config(entries)), false),
        (short) 2);
    return Errors.forCode(response.data().responses().get(0).errorCode());
  }

  private static void assertCause(Class<? extends Throwable> expected, org.junit.jupiter.api.function.Executable call) {
    ExecutionException e = assertThrows(ExecutionException.class, call);
    assertInstanceOf(expected, e.getCause(), e.getCause().toString());
  }
}

package io.kwire.fake.clients;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.kwire.fake.FakeCluster;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.stream.Collectors;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AlterConfigOp;
import org.apache.kafka.clients.admin.ConfigEntry;
import org.apache.kafka.clients.admin.FeatureMetadata;
import org.apache.kafka.clients.admin.FeatureUpdate;
import org.apache.kafka.clients.admin.ListConfigResourcesOptions;
import org.apache.kafka.clients.admin.UpdateFeaturesOptions;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.config.ConfigResource;
import org.apache.kafka.common.errors.InvalidUpdateVersionException;
import org.junit.jupiter.api.Test;

/**
 * describeFeatures and updateFeatures (the finalized levels clients then act on: transaction.version
 * 1 makes a 4.x producer run transactions v1), and listConfigResources.
 */
class AdminFeaturesTest {
  @Test
  void updateFeaturesChangesWhatClientsSeeAndDo() throws Exception {
    try (FakeCluster kafka = FakeCluster.builder().topic("tv1", 1, 1).start();
        Admin admin = Admin.create(ClientConfigs.admin(kafka))) {
      FeatureMetadata before = admin.describeFeatures().featureMetadata().get();
      assertEquals(2, before.finalizedFeatures().get("transaction.version").maxVersionLevel());
      assertEquals(Optional.of(1L), before.finalizedFeaturesEpoch());

      assertRefused(() -> admin.updateFeatures(Map.of("transaction.version",
          new FeatureUpdate((short) 3, FeatureUpdate.UpgradeType.UPGRADE))).all().get());
      assertRefused(() -> admin.updateFeatures(Map.of("transaction.version",
          new FeatureUpdate((short) 1, FeatureUpdate.UpgradeType.UPGRADE))).all().get());
      assertRefused(() -> admin.updateFeatures(Map.of("metadata.version",
          new FeatureUpdate((short) 20, FeatureUpdate.UpgradeType.SAFE_DOWNGRADE))).all().get());
      assertRefused(() -> admin.updateFeatures(Map.of("kraft.version",
          new FeatureUpdate((short) 1, FeatureUpdate.UpgradeType.UPGRADE))).all().get());
      admin.updateFeatures(Map.of("transaction.version", new FeatureUpdate((short) 1,
          FeatureUpdate.UpgradeType.SAFE_DOWNGRADE)), new UpdateFeaturesOptions().validateOnly(true)).all().get();
      assertEquals(2, admin.describeFeatures().featureMetadata().get().finalizedFeatures().get("transaction.version")
          .maxVersionLevel(), "validateOnly changes nothing");

      admin.updateFeatures(Map.of("transaction.version", new FeatureUpdate((short) 1,
          FeatureUpdate.UpgradeType.SAFE_DOWNGRADE))).all().get();
      FeatureMetadata after = admin.describeFeatures().featureMetadata().get();
      assertEquals(1, after.finalizedFeatures().get("transaction.version").maxVersionLevel());
      assertEquals(Optional.of(2L), after.finalizedFeaturesEpoch());

      kafka.recording().start();
      Properties p = ClientConfigs.producer(kafka);
      p.put(ProducerConfig.TRANSACTIONAL_ID_CONFIG, "tv1-producer");
      p.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, true);
      try (KafkaProducer<String, String> producer = new KafkaProducer<>(p)) {
        producer.initTransactions();
        producer.beginTransaction();
        producer.send(new ProducerRecord<>("tv1", "k", "v")).get();
        producer.commitTransaction();
      }
      Map<Short, Short> newest = kafka.recording().entries().stream().collect(Collectors.toMap(
          e -> e.context().apiKey(), e -> e.context().apiVersion(), (a, b) -> (short) Math.max(a, b)));
      assertEquals((short) 4, newest.get((short) 26), "EndTxn v4: transactions v1");
      assertEquals(true, newest.containsKey((short) 24), "AddPartitionsToTxn: transactions v1");
    }
  }

  @Test
  void listsConfigResources() throws Exception {
    try (FakeCluster kafka = FakeCluster.builder().brokers(2).topic("listed", 1, 1).start();
        Admin admin = Admin.create(ClientConfigs.admin(kafka))) {
      ConfigResource subscription = new ConfigResource(ConfigResource.Type.CLIENT_METRICS, "everything");
      admin.incrementalAlterConfigs(Map.of(subscription, List.of(
          new AlterConfigOp(new ConfigEntry("metrics", "*"), AlterConfigOp.OpType.SET)))).all().get();
      assertEquals(Set.of(subscription, new ConfigResource(ConfigResource.Type.TOPIC, "listed"),
          new ConfigResource(ConfigResource.Type.BROKER, "0"), new ConfigResource(ConfigResource.Type.BROKER, "1")),
          Set.copyOf(admin.listConfigResources(Set.of(ConfigResource.Type.CLIENT_METRICS, ConfigResource.Type.TOPIC,
              ConfigResource.Type.BROKER), new ListConfigResourcesOptions()).all().get()));
      assertEquals(Set.of(subscription), Set.copyOf(admin.listConfigResources(Set.of(
          ConfigResource.Type.CLIENT_METRICS), new ListConfigResourcesOptions()).all().get()));
    }
  }

  private static void assertRefused(org.junit.jupiter.api.function.Executable call) {
    ExecutionException e = assertThrows(ExecutionException.class, call);
    assertInstanceOf(InvalidUpdateVersionException.class, e.getCause(), e.getCause().toString());
  }
}

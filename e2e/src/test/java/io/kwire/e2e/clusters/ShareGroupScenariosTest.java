package io.kwire.e2e.clusters;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.function.BooleanSupplier;
import java.util.stream.Stream;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AlterConfigOp;
import org.apache.kafka.clients.admin.ConfigEntry;
import org.apache.kafka.clients.admin.ListShareGroupOffsetsSpec;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.admin.ShareGroupDescription;
import org.apache.kafka.clients.admin.SharePartitionOffsetInfo;
import org.apache.kafka.clients.consumer.AcknowledgeType;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaShareConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.GroupState;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.config.ConfigResource;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Share groups (KIP-932) with kafka-clients 4.4.0's KafkaShareConsumer, against the real broker and
 * the fake with the same assertions: the group set to start at the earliest offset (a GROUP
 * config), two consumers read every record of two partitions once, AdminClient describes the group
 * (Stable, two members) and lists its offsets (both partitions, no lag); an explicit
 * consumer releases a record (it comes again, delivery count 2) and rejects another (never again).
 */
class ShareGroupScenariosTest {
  private static final Duration POLL = Duration.ofMillis(100);

  @RegisterExtension
  static final Targets TARGETS = new Targets();

  static Stream<Target> targets() {
    return TARGETS.both();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("targets")
  void twoShareConsumersReadEveryRecordOnce(Target target) throws Exception {
    String topic = "clusters-share-split";
    String group = "clusters-share-split";
    try (Admin admin = Clients.admin(target)) {
      admin.createTopics(List.of(new NewTopic(topic, 2, (short) 1))).all().get();
      earliest(admin, group);
      produce(target, topic, 20);
      Set<String> seen = new HashSet<>();
      try (KafkaShareConsumer<String, String> a = new KafkaShareConsumer<>(shareConsumer(target, group, "implicit"));
          KafkaShareConsumer<String, String> b = new KafkaShareConsumer<>(shareConsumer(target, group, "implicit"))) {
        a.subscribe(List.of(topic));
        b.subscribe(List.of(topic));
        pollUntil(() -> seen.size() == 20, List.of(a, b), r -> assertTrue(seen.add(r.value()), "twice: " + r.value()));
        ShareGroupDescription described = admin.describeShareGroups(List.of(group)).all().get().get(group);
        assertEquals(GroupState.STABLE, described.groupState());
        assertEquals(2, described.members().size());
        // The last records' implicit acknowledgements go with the next poll.
        a.poll(POLL);
        b.poll(POLL);
      }
      Map<TopicPartition, SharePartitionOffsetInfo> offsets = admin.listShareGroupOffsets(
          Map.of(group, new ListShareGroupOffsetsSpec())).partitionsToOffsetInfo(group).get();
      assertEquals(Set.of(new TopicPartition(topic, 0), new TopicPartition(topic, 1)), offsets.keySet());
      // Kafka writes a share-partition's start offset to its state topic lazily (it may still say 0);
      // the lag, no record left to deliver, is what both answer alike.
      offsets.values().forEach(info -> assertEquals(java.util.Optional.of(0L), info.lag(), offsets.toString()));
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("targets")
  void aReleasedRecordComesAgainARejectedOneNever(Target target) throws Exception {
    String topic = "clusters-share-acks";
    String group = "clusters-share-acks";
    try (Admin admin = Clients.admin(target)) {
      admin.createTopics(List.of(new NewTopic(topic, 1, (short) 1))).all().get();
      earliest(admin, group);
      produce(target, topic, 3);
      try (KafkaShareConsumer<String, String> c = new KafkaShareConsumer<>(shareConsumer(target, group, "explicit"))) {
        c.subscribe(List.of(topic));
        List<ConsumerRecord<String, String>> first = new ArrayList<>();
        pollUntil(() -> first.size() == 3, List.of(c), first::add);
        assertEquals(List.of("v-0", "v-1", "v-2"), first.stream().map(ConsumerRecord::value).toList());
        c.acknowledge(first.get(0), AcknowledgeType.ACCEPT);
        c.acknowledge(first.get(1), AcknowledgeType.RELEASE);
        c.acknowledge(first.get(2), AcknowledgeType.REJECT);
        c.commitSync();
        List<ConsumerRecord<String, String>> again = new ArrayList<>();
        pollUntil(() -> !again.isEmpty(), List.of(c), again::add);
        assertEquals(List.of("v-1"), again.stream().map(ConsumerRecord::value).toList());
        assertEquals(Short.valueOf((short) 2), again.get(0).deliveryCount().orElseThrow());
        c.acknowledge(again.get(0), AcknowledgeType.ACCEPT);
        c.commitSync();
        assertTrue(c.poll(Duration.ofMillis(1_000)).isEmpty(), "v-2 was rejected");
      }
    }
  }

  /**
   * The group starts at the earliest offset, and its members heartbeat every 500 ms rather than 5 s:
   * Kafka hands a member its assignment on a heartbeat after the one it joined with.
   */
  private static void earliest(Admin admin, String group) throws Exception {
    ConfigResource resource = new ConfigResource(ConfigResource.Type.GROUP, group);
    admin.incrementalAlterConfigs(Map.of(resource, List.of(
        new AlterConfigOp(new ConfigEntry("share.auto.offset.reset", "earliest"), AlterConfigOp.OpType.SET),
        new AlterConfigOp(new ConfigEntry("share.heartbeat.interval.ms", "500"), AlterConfigOp.OpType.SET))))
        .all().get();
  }

  private static void produce(Target target, String topic, int count) throws Exception {
    try (KafkaProducer<String, String> producer = new KafkaProducer<>(Clients.producer(target))) {
      for (int i = 0; i < count; i++) {
        producer.send(new ProducerRecord<>(topic, "k" + i, "v-" + i)).get();
      }
    }
  }

  private static Properties shareConsumer(Target target, String group, String acknowledgementMode) {
    Properties p = new Properties();
    p.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, target.bootstrapServers());
    p.put(ConsumerConfig.GROUP_ID_CONFIG, group);
    p.put(ConsumerConfig.SHARE_ACKNOWLEDGEMENT_MODE_CONFIG, acknowledgementMode);
    p.put(ConsumerConfig.ENABLE_METRICS_PUSH_CONFIG, false);
    p.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());
    p.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());
    return p;
  }

  private static void pollUntil(BooleanSupplier done, List<KafkaShareConsumer<String, String>> consumers,
      java.util.function.Consumer<ConsumerRecord<String, String>> onRecord) {
    long deadline = System.nanoTime() + Duration.ofSeconds(40).toNanos();
    while (!done.getAsBoolean() && System.nanoTime() < deadline) {
      for (KafkaShareConsumer<String, String> c : consumers) {
        c.poll(POLL).forEach(onRecord);
      }
    }
    assertTrue(done.getAsBoolean(), "timed out");
  }
}

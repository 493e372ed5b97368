package io.kwire.e2e.clusters;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.ConsumerGroupDescription;
import org.apache.kafka.clients.admin.MemberDescription;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRebalanceListener;
import org.apache.kafka.clients.consumer.CooperativeStickyAssignor;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.consumer.RangeAssignor;
import org.apache.kafka.common.GroupType;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The online migration between the group protocols with kafka-clients 4.4.0, against the real
 * broker and the fake with the same assertions, the classic member eager (range) or cooperative
 * (cooperative-sticky): a classic consumer group of one KafkaConsumer reads
 * a topic; a consumer with {@code group.protocol=consumer} joins the same group id, which becomes a
 * consumer group holding both (the classic member described as such), the partitions split between
 * them, records produced then read once by one or the other, the committed offsets kept across the
 * change (the newcomer starts where the classic member committed: with {@code earliest} a lost offset
 * would read a record twice); then the KIP-848 consumer leaves and the group is classic again, the
 * classic member taking every partition back. Every record is read exactly once, and the committed
 * offsets are the log ends.
 */
class GroupMigrationScenariosTest {
  private static final int PARTITIONS = 4;

  @RegisterExtension
  static final Targets TARGETS = new Targets();

  /** Each target with the classic consumer's assignors: eager (range, the default's first) and cooperative. */
  static Stream<Arguments> targetsAndAssignors() {
    return TARGETS.both().flatMap(t -> Stream.of("range", "cooperative-sticky").map(a -> Arguments.of(t, a)));
  }

  @ParameterizedTest(name = "{0}, classic member's assignor {1}")
  @MethodSource("targetsAndAssignors")
  void aKip848ConsumerUpgradesAClassicGroupAndItsLeavingTurnsItBack(Target target, String assignor) throws Exception {
    String topic = "clusters-migration-" + assignor;
    String group = "clusters-migration-" + assignor;
    Set<String> seen = new HashSet<>();
    try (Admin admin = Clients.admin(target)) {
      admin.createTopics(List.of(new NewTopic(topic, PARTITIONS, (short) 1))).all().get();
      GroupPolling.produce(target, topic, PARTITIONS, "a", 8);
      Properties classicSettings = Clients.consumer(target, group, "classic", "read_committed");
      // The rebalance timeout: bounded, so that a member that does not rejoin holds nothing long.
      classicSettings.put(ConsumerConfig.MAX_POLL_INTERVAL_MS_CONFIG, 20_000);
      // A cooperative member keeps what it still owns when it rejoins (and says so): it gives up
      // only what it loses, and its epoch waits for that.
      classicSettings.put(ConsumerConfig.PARTITION_ASSIGNMENT_STRATEGY_CONFIG, assignor.equals("range")
          ? RangeAssignor.class.getName() : CooperativeStickyAssignor.class.getName());
      KafkaConsumer<String, String> kip848 = new KafkaConsumer<>(
          Clients.consumer(target, group, "consumer", "read_committed"));
      try (KafkaConsumer<String, String> classic = new KafkaConsumer<>(classicSettings)) {
        classic.subscribe(List.of(topic), commitOnRevoke(classic));
        GroupPolling.pollUntil(() -> seen.size() == 8 && classic.assignment().size() == PARTITIONS, seen, List.of(classic));
        assertEquals(GroupType.CLASSIC, describe(admin, group).type());

        kip848.subscribe(List.of(topic), commitOnRevoke(kip848));
        GroupPolling.pollUntil(() -> classic.assignment().size() + kip848.assignment().size() == PARTITIONS
            && !classic.assignment().isEmpty() && !kip848.assignment().isEmpty()
            && describe(admin, group).groupState() == org.apache.kafka.common.GroupState.STABLE,
            seen, List.of(classic, kip848));
        Set<TopicPartition> both = new HashSet<>(classic.assignment());
        both.addAll(kip848.assignment());
        assertEquals(PARTITIONS, both.size(), "classic " + classic.assignment() + ", kip848 " + kip848.assignment());
        ConsumerGroupDescription upgraded = describe(admin, group);
        assertEquals(GroupType.CONSUMER, upgraded.type());
        assertEquals(2, upgraded.members().size());
        // upgraded(): whether the member speaks the consumer (KIP-848) protocol.
        assertEquals(Map.of(classic.groupMetadata().memberId(), false, kip848.groupMetadata().memberId(), true),
            upgraded.members().stream().collect(Collectors.toMap(MemberDescription::consumerId,
                m -> m.upgraded().orElseThrow())), "one classic member, one KIP-848: " + upgraded);
        assertEquals(PARTITIONS, upgraded.members().stream().mapToInt(m -> m.assignment().topicPartitions().size())
            .sum());

        GroupPolling.produce(target, topic, PARTITIONS, "b", 8);
        GroupPolling.pollUntil(() -> seen.size() == 16, seen, List.of(classic, kip848));

        kip848.close();
        GroupPolling.pollUntil(() -> classic.assignment().size() == PARTITIONS
            && describe(admin, group).type() == GroupType.CLASSIC, seen, List.of(classic));
        ConsumerGroupDescription downgraded = describe(admin, group);
        assertEquals(List.of(PARTITIONS), downgraded.members().stream()
            .map(MemberDescription::assignment).map(a -> a.topicPartitions().size()).toList());

        GroupPolling.produce(target, topic, PARTITIONS, "c", 4);
        GroupPolling.pollUntil(() -> seen.size() == 20, seen, List.of(classic));
      } finally {
        kip848.close();
      }
      Map<TopicPartition, OffsetAndMetadata> committed = admin.listConsumerGroupOffsets(group)
          .partitionsToOffsetAndMetadata().get();
      for (int p = 0; p < PARTITIONS; p++) {
        assertEquals(5, committed.get(new TopicPartition(topic, p)).offset(), "partition " + p + ": " + committed);
      }
    }
    Set<String> expected = GroupPolling.written("a", 8);
    expected.addAll(GroupPolling.written("b", 8));
    expected.addAll(GroupPolling.written("c", 4));
    assertEquals(expected, seen, "none lost");
  }

  private static ConsumerGroupDescription describe(Admin admin, String group) {
    try {
      return admin.describeConsumerGroups(List.of(group)).all().get().get(group);
    } catch (Exception e) {
      throw new AssertionError(e);
    }
  }

  /** Commits what was read of the partitions a consumer gives up before it gives them up, as applications do. */
  private static ConsumerRebalanceListener commitOnRevoke(KafkaConsumer<String, String> consumer) {
    return new ConsumerRebalanceListener() {
      @Override
      public void onPartitionsRevoked(Collection<TopicPartition> partitions) {
        if (!partitions.isEmpty()) {
          consumer.commitSync();
        }
      }

      @Override
      public void onPartitionsAssigned(Collection<TopicPartition> partitions) {}
    };
  }
}

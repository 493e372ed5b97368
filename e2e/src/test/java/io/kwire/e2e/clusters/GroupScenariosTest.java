package io.kwire.e2e.clusters;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.ConsumerGroupDescription;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.GroupState;
import org.apache.kafka.common.GroupType;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A consumer group of two KafkaConsumers, with the classic protocol and with KIP-848's
 * ({@code group.protocol=consumer}), against the real broker and the fake: the first member takes
 * the four partitions and reads what is there, the second joins and the partitions split two and
 * two, records produced then are read by one or the other, none lost or read twice past the
 * commits; AdminClient describes the group (its type, Stable, two members of two partitions);
 * when the second leaves, the first takes all four back.
 */
class GroupScenariosTest {
  private static final int PARTITIONS = 4;

  @RegisterExtension
  static final Targets TARGETS = new Targets();

  static Stream<Arguments> targetsAndProtocols() {
    return TARGETS.both().flatMap(t -> Stream.of("classic", "consumer").map(p -> Arguments.of(t, p)));
  }

  @ParameterizedTest(name = "{0}, group.protocol={1}")
  @MethodSource("targetsAndProtocols")
  void twoMembersSplitThePartitionsAndTheSurvivorTakesThemBack(Target target, String protocol) throws Exception {
    String topic = "clusters-group-" + protocol;
    String group = "clusters-group-" + protocol;
    Set<String> seen = new HashSet<>();
    try (Admin admin = Clients.admin(target)) {
      admin.createTopics(List.of(new NewTopic(topic, PARTITIONS, (short) 1))).all().get();
      GroupPolling.produce(target, topic, PARTITIONS, "a", 8);
      KafkaConsumer<String, String> b = new KafkaConsumer<>(Clients.consumer(target, group, protocol, "read_committed"));
      try (KafkaConsumer<String, String> a = new KafkaConsumer<>(
          Clients.consumer(target, group, protocol, "read_committed"))) {
        a.subscribe(List.of(topic));
        GroupPolling.pollUntil(() -> seen.size() == 8 && a.assignment().size() == PARTITIONS, seen, List.of(a));

        b.subscribe(List.of(topic));
        GroupPolling.pollUntil(() -> a.assignment().size() == 2 && b.assignment().size() == 2, seen, List.of(a, b));
        Set<TopicPartition> both = new HashSet<>(a.assignment());
        both.addAll(b.assignment());
        assertEquals(PARTITIONS, both.size(), "a " + a.assignment() + ", b " + b.assignment());

        GroupPolling.produce(target, topic, PARTITIONS, "b", 8);
        GroupPolling.pollUntil(() -> seen.size() == 16, seen, List.of(a, b));

        ConsumerGroupDescription described = admin.describeConsumerGroups(List.of(group)).all().get().get(group);
        assertEquals(protocol.equals("consumer") ? GroupType.CONSUMER : GroupType.CLASSIC, described.type());
        assertEquals(GroupState.STABLE, described.groupState());
        assertEquals(2, described.members().size());
        described.members().forEach(m -> assertEquals(2, m.assignment().topicPartitions().size(), m.toString()));

        b.close();
        GroupPolling.pollUntil(() -> a.assignment().size() == PARTITIONS, seen, List.of(a));
        GroupPolling.produce(target, topic, PARTITIONS, "c", 4);
        GroupPolling.pollUntil(() -> seen.size() == 20, seen, List.of(a));
      } finally {
        b.close();
      }
    }
    Set<String> expected = GroupPolling.written("a", 8);
    expected.addAll(GroupPolling.written("b", 8));
    expected.addAll(GroupPolling.written("c", 4));
    assertEquals(expected, seen, "none lost");
  }
}

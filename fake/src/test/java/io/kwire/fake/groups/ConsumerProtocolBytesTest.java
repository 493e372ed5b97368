package io.kwire.fake.groups;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.kwire.fake.cluster.BrokerNode;
import io.kwire.fake.cluster.ClusterSettings;
import io.kwire.fake.cluster.ClusterState;
import io.kwire.fake.cluster.ManualClock;
import io.kwire.fake.cluster.Topic;
import io.kwire.fake.cluster.TopicConfigs;
import io.kwire.messages.ConsumerProtocolSubscription;
import io.kwire.messages.ConsumerProtocolSubscriptionCodec;
import io.kwire.runtime.wire.WireWriter;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The consumer protocol's bytes as a migration reads and writes them: a subscription's topics and
 * owned partitions (those of topics the cluster lacks, or beyond a topic's partitions, left out), an
 * assignment both ways, and bytes that are not the protocol's refused with IllegalArgumentException
 * only (the upgrade's "malformed" answer), never another exception.
 */
class ConsumerProtocolBytesTest {
  private final ClusterState cluster = new ClusterState("c", ClusterSettings.DEFAULT, new ManualClock(0), 1);
  private final Topic topic;

  ConsumerProtocolBytesTest() {
    cluster.brokers(List.of(new BrokerNode(0, "127.0.0.1", 9000, null)));
    topic = cluster.createTopic("t", 2, 1, null, TopicConfigs.of(Map.of()));
  }

  @Test
  void aSubscriptionsTopicsAndOwnedPartitionsOfKnownTopics() {
    ConsumerProtocolBytes.Subscription s = ConsumerProtocolBytes.subscription(subscription((short) 3), cluster);
    assertEquals(List.of("t", "gone"), s.topics());
    assertEquals(Set.of(new ConsumerGroup.Owned(topic.id(), 1)), s.owned(), "not gone's, not t's partition 9");
    assertEquals("rack-a", s.rackId());
    assertEquals(Set.of(), ConsumerProtocolBytes.subscription(subscription((short) 0), cluster).owned(), "v0 owns none");
  }

  @Test
  void anAssignmentWrittenReadsBack() {
    Set<ConsumerGroup.Owned> owned = Set.of(new ConsumerGroup.Owned(topic.id(), 0), new ConsumerGroup.Owned(topic.id(), 1));
    byte[] bytes = ConsumerProtocolBytes.assignment(owned, cluster);
    assertEquals(3, bytes[1]);
    assertEquals(owned, ConsumerProtocolBytes.assignment(bytes, cluster));
    assertEquals(Set.of(), ConsumerProtocolBytes.assignment(new byte[0], cluster), "none synced yet");
  }

  @Test
  void bytesThatAreNotTheProtocolsAreRefusedWithIllegalArgumentOnly() {
    assertThrows(IllegalArgumentException.class, () -> ConsumerProtocolBytes.subscription(new byte[] {0, 9, 9}, cluster));
    assertThrows(IllegalArgumentException.class, () -> ConsumerProtocolBytes.subscription(new byte[] {-1, -1}, cluster));
    byte[] valid = subscription((short) 3);
    Random random = new Random(26);
    for (int i = 0; i < 2_000; i++) {
      byte[] bytes = i % 2 == 0 ? Arrays.copyOf(valid, random.nextInt(valid.length)) : new byte[random.nextInt(40)];
      if (i % 2 == 1) {
        random.nextBytes(bytes);
      }
      try {
        ConsumerProtocolBytes.subscription(bytes, cluster);
        ConsumerProtocolBytes.assignment(bytes, cluster);
      } catch (IllegalArgumentException expected) {
        // refused, as it must be
      }
    }
  }

  private static byte[] subscription(short version) {
    WireWriter out = new WireWriter(64);
    out.writeInt16(version);
    ConsumerProtocolSubscriptionCodec.INSTANCE.write(new ConsumerProtocolSubscription(List.of("t", "gone"), null,
        List.of(new ConsumerProtocolSubscription.TopicPartition("t", List.of(1, 9)),
            new ConsumerProtocolSubscription.TopicPartition("gone", List.of(0))), -1, "rack-a"), version, out);
    return out.toByteArray();
  }
}

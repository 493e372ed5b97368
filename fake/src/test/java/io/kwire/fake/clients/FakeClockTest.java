package io.kwire.fake.clients;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.kwire.fake.FakeClock;
import io.kwire.fake.FakeCluster;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.message.ConsumerGroupDescribeRequestData;
import org.apache.kafka.common.message.ConsumerGroupHeartbeatRequestData;
import org.apache.kafka.common.message.DescribeGroupsRequestData;
import org.apache.kafka.common.message.DescribeGroupsResponseData.DescribedGroup;
import org.apache.kafka.common.message.HeartbeatRequestData;
import org.apache.kafka.common.message.JoinGroupRequestData;
import org.apache.kafka.common.message.JoinGroupRequestData.JoinGroupRequestProtocol;
import org.apache.kafka.common.message.JoinGroupRequestData.JoinGroupRequestProtocolCollection;
import org.apache.kafka.common.message.SyncGroupRequestData;
import org.apache.kafka.common.protocol.Errors;
import org.apache.kafka.common.record.TimestampType;
import org.apache.kafka.common.requests.ConsumerGroupDescribeRequest;
import org.apache.kafka.common.requests.ConsumerGroupDescribeResponse;
import org.apache.kafka.common.requests.ConsumerGroupHeartbeatRequest;
import org.apache.kafka.common.requests.ConsumerGroupHeartbeatResponse;
import org.apache.kafka.common.requests.DescribeGroupsRequest;
import org.apache.kafka.common.requests.DescribeGroupsResponse;
import org.apache.kafka.common.requests.HeartbeatRequest;
import org.apache.kafka.common.requests.HeartbeatResponse;
import org.apache.kafka.common.requests.JoinGroupRequest;
import org.apache.kafka.common.requests.JoinGroupResponse;
import org.apache.kafka.common.requests.SyncGroupRequest;
import org.apache.kafka.common.requests.SyncGroupResponse;
import org.junit.jupiter.api.Test;

/** A test-moved clock: what times out does so exactly when the clock passes its time, not before. */
class FakeClockTest {
  private static final Instant START = Instant.parse("2026-01-01T00:00:00Z");
  private static final int SESSION_TIMEOUT_MS = 10_000;

  @Test
  void aClassicMemberExpiresExactlyWhenTheClockPassesItsSessionTimeout() throws Exception {
    FakeClock clock = FakeClock.startingAt(START);
    try (FakeCluster kafka = FakeCluster.builder().clock(clock).start();
        KafkaWire wire = new KafkaWire(kafka.brokers().get(0))) {
      String member = join(wire);
      assertEquals(List.of(member), members(wire));

      clock.advance(Duration.ofMillis(SESSION_TIMEOUT_MS - 1));
      assertEquals(List.of(member), members(wire), "1 ms before its session timeout");
      HeartbeatResponse beat = wire.send(new HeartbeatRequest.Builder(new HeartbeatRequestData().setGroupId("clocked")
          .setGenerationId(1).setMemberId(member)), (short) 3);
      assertEquals(Errors.NONE, beat.error()); // the session starts again now

      clock.advance(Duration.ofMillis(SESSION_TIMEOUT_MS - 1));
      assertEquals(List.of(member), members(wire), "the heartbeat moved its expiry on");
      clock.advance(Duration.ofMillis(1));
      assertEquals(List.of(), members(wire), "expired at its session timeout");
      assertEquals(START.plusMillis(2L * SESSION_TIMEOUT_MS - 1), clock.now());
    }
  }

  @Test
  void aKip848MemberExpiresExactlyAtTheConsumerSessionTimeout() throws Exception {
    FakeClock clock = FakeClock.startingAt(START);
    try (FakeCluster kafka = FakeCluster.builder().clock(clock).topic("t", 1, 1).start();
        KafkaWire wire = new KafkaWire(kafka.brokers().get(0))) {
      ConsumerGroupHeartbeatResponse joined = wire.send(new ConsumerGroupHeartbeatRequest.Builder(
          new ConsumerGroupHeartbeatRequestData().setGroupId("kip848-clocked").setMemberId("Ab3dE5gH7jK9mN1pQ3sT5v")
              .setMemberEpoch(0).setRebalanceTimeoutMs(30_000).setSubscribedTopicNames(List.of("t"))
              .setTopicPartitions(List.of())), (short) 1);
      assertEquals(Errors.NONE.code(), joined.data().errorCode());
      clock.advance(Duration.ofMillis(44_999)); // Kafka's group.consumer.session.timeout.ms is 45 s
      assertEquals(1, consumerGroupMembers(wire));
      clock.advance(Duration.ofMillis(1));
      assertEquals(0, consumerGroupMembers(wire));
    }
  }

  private static int consumerGroupMembers(KafkaWire wire) throws Exception {
    ConsumerGroupDescribeResponse described = wire.send(new ConsumerGroupDescribeRequest.Builder(
        new ConsumerGroupDescribeRequestData().setGroupIds(List.of("kip848-clocked"))), (short) 0);
    return described.data().groups().get(0).members().size();
  }

  @Test
  void logAppendTimeIsTheClocksTime() throws Exception {
    FakeClock clock = FakeClock.startingAt(START);
    try (FakeCluster kafka = FakeCluster.builder().clock(clock).start()) {
      try (org.apache.kafka.clients.admin.Admin admin = org.apache.kafka.clients.admin.Admin.create(ClientConfigs.admin(kafka))) {
        admin.createTopics(List.of(new org.apache.kafka.clients.admin.NewTopic("stamped", 1, (short) 1)
            .configs(java.util.Map.of("message.timestamp.type", "LogAppendTime")))).all().get();
      }
      clock.advance(Duration.ofMinutes(5));
      try (KafkaProducer<String, String> producer = new KafkaProducer<>(ClientConfigs.producer(kafka))) {
        producer.send(new ProducerRecord<>("stamped", "k", "v")).get();
      }
      try (KafkaConsumer<String, String> consumer = new KafkaConsumer<>(ClientConfigs.consumer(kafka, null))) {
        consumer.assign(List.of(new org.apache.kafka.common.TopicPartition("stamped", 0)));
        ConsumerRecord<String, String> record = null;
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (record == null && System.nanoTime() < deadline) {
          for (ConsumerRecord<String, String> r : consumer.poll(Duration.ofMillis(100))) {
            record = r;
          }
        }
        assertEquals(TimestampType.LOG_APPEND_TIME, record.timestampType());
        assertEquals(START.plus(Duration.ofMinutes(5)).toEpochMilli(), record.timestamp());
      }
    }
  }

  @Test
  void aClockDrivesOneClusterAndDoesNotGoBack() {
    FakeClock clock = FakeClock.startingAt(START);
    try (FakeCluster kafka = FakeCluster.builder().clock(clock).start()) {
      assertEquals(1, kafka.brokers().size());
      IllegalStateException e = assertThrows(IllegalStateException.class, () -> FakeCluster.builder().clock(clock).start());
      assertEquals("this FakeClock already drives a cluster", e.getMessage());
      IllegalArgumentException back = assertThrows(IllegalArgumentException.class, () -> clock.advance(Duration.ofMillis(-1)));
      assertEquals("a clock does not go back: PT-0.001S", back.getMessage());
    }
  }

  /** Joins group "clocked" as its only member (JoinGroup v3: no member id round), synced; its member id. */
  private static String join(KafkaWire wire) throws Exception {
    JoinGroupRequestProtocolCollection protocols = new JoinGroupRequestProtocolCollection();
    protocols.add(new JoinGroupRequestProtocol().setName("range").setMetadata(new byte[0]));
    JoinGroupResponse joined = wire.send(new JoinGroupRequest.Builder(new JoinGroupRequestData().setGroupId("clocked")
        .setSessionTimeoutMs(SESSION_TIMEOUT_MS).setRebalanceTimeoutMs(SESSION_TIMEOUT_MS).setMemberId("")
        .setProtocolType("consumer").setProtocols(protocols)), (short) 3);
    assertEquals(Errors.NONE, joined.error());
    String member = joined.data().memberId();
    SyncGroupResponse synced = wire.send(new SyncGroupRequest.Builder(new SyncGroupRequestData().setGroupId("clocked")
        .setGenerationId(joined.data().generationId()).setMemberId(member)
        .setAssignments(List.of(new SyncGroupRequestData.SyncGroupRequestAssignment().setMemberId(member)
            .setAssignment(new byte[0])))), (short) 2);
    assertEquals(Errors.NONE, synced.error());
    return member;
  }

  private static List<String> members(KafkaWire wire) throws Exception {
    DescribeGroupsResponse described = wire.send(new DescribeGroupsRequest.Builder(
        new DescribeGroupsRequestData().setGroups(List.of("clocked"))), (short) 4);
    DescribedGroup group = described.data().groups().get(0);
    return group.members().stream().map(m -> m.memberId()).toList();
  }
}

package io.kwire.fake.clients;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kwire.fake.FakeClock;
import io.kwire.fake.FakeBroker;
import io.kwire.fake.FakeCluster;
import io.kwire.messages.ShareAcknowledgeRequestBuilder;
import io.kwire.messages.ShareAcknowledgeRequestCodec;
import io.kwire.messages.ShareAcknowledgeResponse;
import io.kwire.messages.ShareAcknowledgeResponseCodec;
import io.kwire.messages.ShareFetchRequestBuilder;
import io.kwire.messages.ShareFetchRequestCodec;
import io.kwire.messages.ShareFetchResponse;
import io.kwire.messages.ShareFetchResponseCodec;
import io.kwire.messages.ShareGroupHeartbeatRequestBuilder;
import io.kwire.messages.ShareGroupHeartbeatRequestCodec;
import io.kwire.messages.ShareGroupHeartbeatResponseCodec;
import io.kwire.net.KwireClient;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AlterConfigOp;
import org.apache.kafka.clients.admin.ConfigEntry;
import org.apache.kafka.clients.admin.GroupListing;
import org.apache.kafka.clients.admin.ListGroupsOptions;
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
import org.apache.kafka.common.GroupType;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.config.ConfigResource;
import org.apache.kafka.common.errors.GroupNotEmptyException;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.junit.jupiter.api.Test;

/**
 * Share groups (KIP-932) with kafka-clients 4.4.0's KafkaShareConsumer: consumers splitting a
 * topic's records (each delivered once, none to two consumers at once), explicit acknowledgement
 * (a released record comes again with its delivery count up, a rejected one never), a member that
 * dies holding records (they come to another once the lock expires, on the fake's clock), the
 * delivery count limit, and AdminClient listing, describing and configuring the group, listing,
 * altering and deleting its offsets.
 */
class ShareGroupTest {
  private static final Duration POLL = Duration.ofMillis(100);

  @Test
  void twoAndThreeShareConsumersSplitATopicEachRecordOnce() throws Exception {
    try (FakeCluster kafka = FakeCluster.builder().start(); Admin admin = Admin.create(ClientConfigs.admin(kafka))) {
      for (int consumers : new int[] {2, 3}) {
        String group = "split-" + consumers;
        admin.createTopics(List.of(new NewTopic(group, 2, (short) 1))).all().get();
        earliest(admin, group);
        List<KafkaShareConsumer<String, String>> members = new ArrayList<>();
        try {
          for (int i = 0; i < consumers; i++) {
            Properties config = shareConsumer(kafka, group, "implicit");
            // Few records a fetch, so that the consumers polling in turn share them out.
            config.put(ConsumerConfig.MAX_POLL_RECORDS_CONFIG, 5);
            KafkaShareConsumer<String, String> c = new KafkaShareConsumer<>(config);
            c.subscribe(List.of(group));
            members.add(c);
          }
          for (int round = 0; round < 5; round++) {
            members.forEach(c -> assertTrue(c.poll(POLL).isEmpty(), "nothing produced yet"));
          }
          produce(kafka, group, group, 60);
          Map<String, Integer> byConsumer = new HashMap<>();
          Set<String> seen = new HashSet<>();
          pollUntil(() -> seen.size() == 60, () -> seen.size() + " seen, by consumer " + byConsumer, members, (i, r) -> {
            assertTrue(seen.add(r.value()), "delivered twice: " + r.value());
            byConsumer.merge("c" + i, 1, Integer::sum);
          });
          assertEquals(60, seen.size());
          assertTrue(byConsumer.size() >= 2, "the records were shared out: " + byConsumer);
          ShareGroupDescription described = admin.describeShareGroups(List.of(group)).all().get().get(group);
          assertEquals(GroupState.STABLE, described.groupState());
          assertEquals(consumers, described.members().size());
          described.members().forEach(m -> assertTrue(!m.assignment().topicPartitions().isEmpty(), m.toString()));
        } finally {
          members.forEach(KafkaShareConsumer::close);
        }
      }
      Set<String> shareGroups = new HashSet<>();
      for (GroupListing g : admin.listGroups(ListGroupsOptions.forShareGroups()).all().get()) {
        assertEquals(GroupType.SHARE, g.type().orElseThrow());
        shareGroups.add(g.groupId());
      }
      assertEquals(Set.of("split-2", "split-3"), shareGroups);
    }
  }

  @Test
  void aReleasedRecordComesAgainARejectedOneNever() throws Exception {
    try (FakeCluster kafka = FakeCluster.builder().start(); Admin admin = Admin.create(ClientConfigs.admin(kafka))) {
      admin.createTopics(List.of(new NewTopic("acks", 1, (short) 1))).all().get();
      earliest(admin, "acks");
      produce(kafka, "acks", "r", 3);
      try (KafkaShareConsumer<String, String> c = new KafkaShareConsumer<>(shareConsumer(kafka, "acks", "explicit"))) {
        c.subscribe(List.of("acks"));
        List<ConsumerRecord<String, String>> first = pollRecords(c, 3);
        assertEquals(List.of("r-0", "r-1", "r-2"), first.stream().map(ConsumerRecord::value).toList());
        first.forEach(r -> assertEquals(Short.valueOf((short) 1), r.deliveryCount().orElseThrow()));
        c.acknowledge(first.get(0), AcknowledgeType.ACCEPT);
        c.acknowledge(first.get(1), AcknowledgeType.RELEASE);
        c.acknowledge(first.get(2), AcknowledgeType.REJECT);
        c.commitSync();
        List<ConsumerRecord<String, String>> again = pollRecords(c, 1);
        assertEquals(List.of("r-1"), again.stream().map(ConsumerRecord::value).toList());
        assertEquals(Short.valueOf((short) 2), again.get(0).deliveryCount().orElseThrow());
        c.acknowledge(again.get(0), AcknowledgeType.ACCEPT);
        c.commitSync();
        assertTrue(c.poll(Duration.ofMillis(500)).isEmpty(), "nothing more: r-2 was rejected");
      }
    }
  }

  @Test
  void theRecordLimitAcquireModeNeverHandsOutMoreThanMaxPollRecords() throws Exception {
    try (FakeCluster kafka = FakeCluster.builder().start(); Admin admin = Admin.create(ClientConfigs.admin(kafka))) {
      admin.createTopics(List.of(new NewTopic("limited", 1, (short) 1))).all().get();
      earliest(admin, "limited");
      try (KafkaProducer<String, String> producer = new KafkaProducer<>(ClientConfigs.producer(kafka))) {
        // One batch of seven records.
        for (int i = 0; i < 7; i++) {
          producer.send(new ProducerRecord<>("limited", "k" + i, "m-" + i));
        }
        producer.flush();
      }
      Properties config = shareConsumer(kafka, "limited", "implicit");
      config.put(ConsumerConfig.SHARE_ACQUIRE_MODE_CONFIG, "record_limit");
      config.put(ConsumerConfig.MAX_POLL_RECORDS_CONFIG, 3);
      List<Integer> sizes = new ArrayList<>();
      Set<String> seen = new HashSet<>();
      try (KafkaShareConsumer<String, String> c = new KafkaShareConsumer<>(config)) {
        c.subscribe(List.of("limited"));
        long deadline = System.nanoTime() + Duration.ofSeconds(15).toNanos();
        while (seen.size() < 7 && System.nanoTime() < deadline) {
          var records = c.poll(POLL);
          if (!records.isEmpty()) {
            sizes.add(records.count());
            records.forEach(r -> assertTrue(seen.add(r.value()), "twice: " + r.value()));
          }
        }
      }
      assertEquals(7, seen.size());
      assertTrue(sizes.stream().allMatch(n -> n <= 3), "polls of " + sizes);
    }
  }

  @Test
  void aRecordIsDeliveredAtMostTheDeliveryCountLimitTimes() throws Exception {
    try (FakeCluster kafka = FakeCluster.builder().start(); Admin admin = Admin.create(ClientConfigs.admin(kafka))) {
      admin.createTopics(List.of(new NewTopic("limit", 1, (short) 1))).all().get();
      earliest(admin, "limit");
      produce(kafka, "limit", "l", 1);
      List<Short> deliveries = new ArrayList<>();
      try (KafkaShareConsumer<String, String> c = new KafkaShareConsumer<>(shareConsumer(kafka, "limit", "explicit"))) {
        c.subscribe(List.of("limit"));
        for (int i = 0; i < 5; i++) {
          ConsumerRecord<String, String> r = pollRecords(c, 1).get(0);
          deliveries.add(r.deliveryCount().orElseThrow());
          c.acknowledge(r, AcknowledgeType.RELEASE);
          c.commitSync();
        }
        assertTrue(c.poll(Duration.ofMillis(500)).isEmpty(), "archived after its fifth delivery");
      }
      assertEquals(List.of((short) 1, (short) 2, (short) 3, (short) 4, (short) 5), deliveries);
    }
  }

  @Test
  void recordsHeldByAConsumerThatDiedComeToAnotherWhenTheLockExpires() throws Exception {
    FakeClock clock = FakeClock.startingAt(Instant.parse("2026-01-01T00:00:00Z"));
    try (FakeCluster kafka = FakeCluster.builder().clock(clock).start();
        Admin admin = Admin.create(ClientConfigs.admin(kafka))) {
      admin.createTopics(List.of(new NewTopic("locks", 1, (short) 1))).all().get();
      org.apache.kafka.common.Uuid id = admin.describeTopics(List.of("locks")).allTopicNames().get().get("locks").topicId();
      UUID topicId = new UUID(id.getMostSignificantBits(), id.getLeastSignificantBits());
      earliest(admin, "locks");
      produce(kafka, "locks", "k", 4);
      // A member that joins, acquires the four records and dies: no acknowledgement, no heartbeat, no close.
      FakeBroker broker = kafka.brokers().get(0);
      try (KwireClient dead = KwireClient.builder().clientId("dead")
          .connect(new InetSocketAddress(broker.host(), broker.port()))) {
        dead.send(ShareGroupHeartbeatRequestCodec.INSTANCE, new ShareGroupHeartbeatRequestBuilder().groupId("locks")
            .memberId("dead-member").memberEpoch(0).subscribedTopicNames(List.of("locks")).build(),
            ShareGroupHeartbeatResponseCodec.INSTANCE, (short) 1).join();
        ShareFetchResponse fetched = dead.send(ShareFetchRequestCodec.INSTANCE, new ShareFetchRequestBuilder()
            .groupId("locks").memberId("dead-member").shareSessionEpoch(0).maxWaitMs(0).minBytes(1).maxRecords(10)
            .batchSize(10).forgottenTopicsData(List.of()).topics(List.of(new ShareFetchRequestBuilder.FetchTopicBuilder()
                .topicId(topicId).partitions(List.of(new ShareFetchRequestBuilder.FetchPartitionBuilder()
                    .partitionIndex(0).acknowledgementBatches(List.of()).build())).build())).build(),
            ShareFetchResponseCodec.INSTANCE, (short) 1).join();
        ShareFetchResponse.AcquiredRecords acquired = fetched.responses().get(0).partitions().get(0).acquiredRecords()
            .get(0);
        assertEquals(List.of(0L, 3L, 1L), List.of(acquired.firstOffset(), acquired.lastOffset(),
            (long) acquired.deliveryCount()));
        assertEquals(30_000, fetched.acquisitionLockTimeoutMs());
      }
      try (KafkaShareConsumer<String, String> other = new KafkaShareConsumer<>(shareConsumer(kafka, "locks", "implicit"))) {
        other.subscribe(List.of("locks"));
        assertTrue(other.poll(Duration.ofMillis(1_000)).isEmpty(), "locked for the dead member");
        clock.advance(Duration.ofMillis(29_999));
        assertTrue(other.poll(Duration.ofMillis(500)).isEmpty(), "still locked 1 ms before the lock expires");
        clock.advance(Duration.ofMillis(1));
        List<ConsumerRecord<String, String>> redelivered = pollRecords(other, 4);
        assertEquals(List.of("k-0", "k-1", "k-2", "k-3"), redelivered.stream().map(ConsumerRecord::value).toList());
        redelivered.forEach(r -> assertEquals(Short.valueOf((short) 2), r.deliveryCount().orElseThrow()));
      }
    }
  }

  @Test
  void aParkedShareFetchIsAnsweredWhenAnotherMemberReleasesRecords() throws Exception {
    try (FakeCluster kafka = FakeCluster.builder().start(); Admin admin = Admin.create(ClientConfigs.admin(kafka))) {
      admin.createTopics(List.of(new NewTopic("parked", 1, (short) 1))).all().get();
      org.apache.kafka.common.Uuid id = admin.describeTopics(List.of("parked")).allTopicNames().get().get("parked")
          .topicId();
      UUID topicId = new UUID(id.getMostSignificantBits(), id.getLeastSignificantBits());
      earliest(admin, "parked");
      produce(kafka, "parked", "k", 4);
      FakeBroker broker = kafka.brokers().get(0);
      InetSocketAddress address = new InetSocketAddress(broker.host(), broker.port());
      try (KwireClient holder = KwireClient.builder().clientId("holder").connect(address);
          KwireClient waiter = KwireClient.builder().clientId("waiter").connect(address)) {
        join(holder, "parked", "holder-member");
        join(waiter, "parked", "waiter-member");
        ShareFetchResponse held = shareFetch(holder, "parked", "holder-member", topicId, 0).join();
        assertEquals(List.of(0L, 3L, 1L), runs(held));
        // Nothing is left to acquire: the waiter's fetch parks, for up to a minute.
        CompletableFuture<ShareFetchResponse> parked = shareFetch(waiter, "parked", "waiter-member", topicId, 60_000);
        ShareAcknowledgeResponse released = holder.send(ShareAcknowledgeRequestCodec.INSTANCE,
            new ShareAcknowledgeRequestBuilder().groupId("parked").memberId("holder-member").shareSessionEpoch(1)
                .topics(List.of(new ShareAcknowledgeRequestBuilder.AcknowledgeTopicBuilder().topicId(topicId)
                    .partitions(List.of(new ShareAcknowledgeRequestBuilder.AcknowledgePartitionBuilder().partitionIndex(0)
                        .acknowledgementBatches(List.of(new ShareAcknowledgeRequestBuilder.AcknowledgementBatchBuilder()
                            .firstOffset(0).lastOffset(3).acknowledgeTypes(List.of((byte) 2)).build())).build()))
                    .build())).build(),
            ShareAcknowledgeResponseCodec.INSTANCE, (short) 1).join();
        assertEquals(0, released.errorCode());
        assertEquals(0, released.responses().get(0).partitions().get(0).errorCode());
        // Released, the records are the parked fetch's at once (before, it waited out its minute).
        assertEquals(List.of(0L, 3L, 2L), runs(parked.get(20, TimeUnit.SECONDS)));
      }
    }
  }

  private static void join(KwireClient client, String group, String memberId) {
    client.send(ShareGroupHeartbeatRequestCodec.INSTANCE, new ShareGroupHeartbeatRequestBuilder().groupId(group)
        .memberId(memberId).memberEpoch(0).subscribedTopicNames(List.of(group)).build(),
        ShareGroupHeartbeatResponseCodec.INSTANCE, (short) 1).join();
  }

  private static CompletableFuture<ShareFetchResponse> shareFetch(KwireClient client, String group, String memberId,
      UUID topicId, int maxWaitMs) {
    return client.send(ShareFetchRequestCodec.INSTANCE, new ShareFetchRequestBuilder().groupId(group)
        .memberId(memberId).shareSessionEpoch(0).maxWaitMs(maxWaitMs).minBytes(1).maxRecords(10).batchSize(10)
        .forgottenTopicsData(List.of()).topics(List.of(new ShareFetchRequestBuilder.FetchTopicBuilder().topicId(topicId)
            .partitions(List.of(new ShareFetchRequestBuilder.FetchPartitionBuilder().partitionIndex(0)
                .acknowledgementBatches(List.of()).build())).build())).build(),
        ShareFetchResponseCodec.INSTANCE, (short) 1).toCompletableFuture();
  }

  /** The first acquired run of the only partition: first offset, last offset, delivery count. */
  private static List<Long> runs(ShareFetchResponse response) {
    ShareFetchResponse.AcquiredRecords a = response.responses().get(0).partitions().get(0).acquiredRecords().get(0);
    return List.of(a.firstOffset(), a.lastOffset(), (long) a.deliveryCount());
  }

  @Test
  void adminListsAltersAndDeletesAShareGroupsOffsets() throws Exception {
    TopicPartition partition = new TopicPartition("offs", 0);
    try (FakeCluster kafka = FakeCluster.builder().start(); Admin admin = Admin.create(ClientConfigs.admin(kafka))) {
      admin.createTopics(List.of(new NewTopic("offs", 1, (short) 1))).all().get();
      earliest(admin, "offs");
      produce(kafka, "offs", "o", 5);
      try (KafkaShareConsumer<String, String> c = new KafkaShareConsumer<>(shareConsumer(kafka, "offs", "explicit"))) {
        c.subscribe(List.of("offs"));
        List<ConsumerRecord<String, String>> records = pollRecords(c, 5);
        records.subList(0, 3).forEach(r -> c.acknowledge(r, AcknowledgeType.ACCEPT));
        records.subList(3, 5).forEach(r -> c.acknowledge(r, AcknowledgeType.RELEASE));
        c.commitSync();
        ExecutionException busy = assertThrows(ExecutionException.class,
            () -> admin.alterShareGroupOffsets("offs", Map.of(partition, 0L)).all().get());
        assertInstanceOf(GroupNotEmptyException.class, busy.getCause());
      }
      SharePartitionOffsetInfo info = offsets(admin).get(partition);
      assertEquals(3, info.startOffset(), "past the three accepted records");
      assertEquals(Optional.of(2L), info.lag());

      admin.alterShareGroupOffsets("offs", Map.of(partition, 1L)).all().get();
      assertEquals(1, offsets(admin).get(partition).startOffset());
      try (KafkaShareConsumer<String, String> c = new KafkaShareConsumer<>(shareConsumer(kafka, "offs", "implicit"))) {
        c.subscribe(List.of("offs"));
        assertEquals(List.of("o-1", "o-2", "o-3", "o-4"), pollRecords(c, 4).stream().map(ConsumerRecord::value).toList());
      }
      admin.deleteShareGroupOffsets("offs", Set.of("offs")).all().get();
      assertEquals(Map.of(), offsets(admin), "the group's state of the topic is gone");
    }
  }

  private static Map<TopicPartition, SharePartitionOffsetInfo> offsets(Admin admin) throws Exception {
    return admin.listShareGroupOffsets(Map.of("offs", new ListShareGroupOffsetsSpec())).partitionsToOffsetInfo("offs")
        .get();
  }

  @Test
  void adminDescribesAndAltersAGroupsConfigs() throws Exception {
    try (FakeCluster kafka = FakeCluster.builder().start(); Admin admin = Admin.create(ClientConfigs.admin(kafka))) {
      ConfigResource group = new ConfigResource(ConfigResource.Type.GROUP, "configured");
      assertEquals("latest", admin.describeConfigs(List.of(group)).all().get().get(group)
          .get("share.auto.offset.reset").value());
      earliest(admin, "configured");
      ConfigEntry reset = admin.describeConfigs(List.of(group)).all().get().get(group).get("share.auto.offset.reset");
      assertEquals("earliest", reset.value());
      assertEquals(ConfigEntry.ConfigSource.DYNAMIC_GROUP_CONFIG, reset.source());
    }
  }

  private static void earliest(Admin admin, String group) throws Exception {
    ConfigResource resource = new ConfigResource(ConfigResource.Type.GROUP, group);
    admin.incrementalAlterConfigs(Map.of(resource, List.of(new AlterConfigOp(
        new ConfigEntry("share.auto.offset.reset", "earliest"), AlterConfigOp.OpType.SET)))).all().get();
  }

  private static void produce(FakeCluster kafka, String topic, String prefix, int count) throws Exception {
    try (KafkaProducer<String, String> producer = new KafkaProducer<>(ClientConfigs.producer(kafka))) {
      for (int i = 0; i < count; i++) {
        producer.send(new ProducerRecord<>(topic, null, "k" + i, prefix + "-" + i)).get();
      }
    }
  }

  private static Properties shareConsumer(FakeCluster kafka, String group, String acknowledgementMode) {
    Properties p = new Properties();
    p.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, kafka.bootstrapServers());
    p.put(ConsumerConfig.GROUP_ID_CONFIG, group);
    p.put(ConsumerConfig.SHARE_ACKNOWLEDGEMENT_MODE_CONFIG, acknowledgementMode);
    p.put(ConsumerConfig.REQUEST_TIMEOUT_MS_CONFIG, 5_000);
    p.put(ConsumerConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, 8_000);
    p.put(ConsumerConfig.FETCH_MAX_WAIT_MS_CONFIG, 100);
    p.put(ConsumerConfig.ENABLE_METRICS_PUSH_CONFIG, false);
    p.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());
    p.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());
    return p;
  }

  /** Polls until {@code count} records came (within 15 s), and returns them. */
  private static List<ConsumerRecord<String, String>> pollRecords(KafkaShareConsumer<String, String> c, int count) {
    List<ConsumerRecord<String, String>> out = new ArrayList<>();
    long deadline = System.nanoTime() + Duration.ofSeconds(15).toNanos();
    while (out.size() < count && System.nanoTime() < deadline) {
      c.poll(POLL).forEach(out::add);
    }
    assertEquals(count, out.size(), "records polled: " + out);
    return out;
  }

  private interface OnRecord {
    void accept(int consumer, ConsumerRecord<String, String> record);
  }

  private static void pollUntil(BooleanSupplier done, java.util.function.Supplier<String> progress,
      Collection<KafkaShareConsumer<String, String>> consumers, OnRecord onRecord) {
    long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
    List<KafkaShareConsumer<String, String>> list = new ArrayList<>(consumers);
    while (!done.getAsBoolean() && System.nanoTime() < deadline) {
      for (int i = 0; i < list.size(); i++) {
        int index = i;
        list.get(i).poll(POLL).forEach(r -> onRecord.accept(index, r));
      }
    }
    assertTrue(done.getAsBoolean(), "timed out: " + progress.get());
  }
}

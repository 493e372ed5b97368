package io.kwire.fake.handlers;

import static io.kwire.fake.handlers.TestBrokers.now;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.kwire.fake.cluster.TopicConfigs;
import io.kwire.fake.groups.CommittedOffset;
import io.kwire.fake.security.AclBinding;
import io.kwire.fake.security.AclCodes;
import io.kwire.fake.security.SecurityState;
import io.kwire.messages.AddPartitionsToTxnRequest;
import io.kwire.messages.AddPartitionsToTxnRequestBuilder;
import io.kwire.messages.AddPartitionsToTxnRequestBuilder.AddPartitionsToTxnTopicBuilder;
import io.kwire.messages.AddPartitionsToTxnResponse;
import io.kwire.messages.ConsumerGroupHeartbeatRequest;
import io.kwire.messages.ConsumerGroupHeartbeatRequestBuilder;
import io.kwire.messages.ConsumerGroupHeartbeatResponse;
import io.kwire.messages.FindCoordinatorRequest;
import io.kwire.messages.FindCoordinatorRequestBuilder;
import io.kwire.messages.FindCoordinatorResponse;
import io.kwire.messages.MetadataRequest;
import io.kwire.messages.MetadataRequestBuilder;
import io.kwire.messages.MetadataResponse;
import io.kwire.messages.OffsetFetchRequest;
import io.kwire.messages.OffsetFetchRequestBuilder;
import io.kwire.messages.OffsetFetchRequestBuilder.OffsetFetchRequestGroupBuilder;
import io.kwire.messages.OffsetFetchRequestBuilder.OffsetFetchRequestTopicBuilder;
import io.kwire.messages.OffsetFetchResponse;
import io.kwire.messages.ReadShareGroupStateRequest;
import io.kwire.messages.ReadShareGroupStateResponse;
import io.kwire.runtime.wire.UnknownTaggedFields;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** The gates' answers where Kafka's shape is particular, on the handlers directly. */
class AuthorizationGatesTest {
  private final TestBrokers brokers = new TestBrokers(1);
  private final SecurityState security = new SecurityState(Set.of(), false);
  private final List<FakeApi<?, ?>> apis;

  AuthorizationGatesTest() {
    brokers.cluster.createTopic("v", 2, 1, null, TopicConfigs.of(Map.of()));
    brokers.cluster.createTopic("w", 1, 1, null, TopicConfigs.of(Map.of()));
    allow(AclCodes.TRANSACTIONAL_ID, "tx", AclCodes.WRITE);
    allow(AclCodes.TOPIC, "v", AclCodes.WRITE);
    allow(AclCodes.GROUP, "g", AclCodes.READ);
    brokers.groups.commitOffset("g", "v", 0, new CommittedOffset(5, 0, "m"));
    brokers.groups.commitOffset("g", "w", 0, new CommittedOffset(7, 0, "m"));
    List<FakeApi<?, ?>> all = new ArrayList<>(BrokerApis.of(brokers.cluster, brokers.groups));
    all.addAll(SecurityApis.of(security));
    apis = Authorization.enforce(all, security.authorizer(), brokers.cluster);
  }

  private void allow(byte type, String name, byte operation) {
    security.acls().add(new AclBinding(type, name, AclCodes.LITERAL, "User:alice", "*", operation, AclCodes.ALLOW));
  }

  @SuppressWarnings("unchecked")
  private <Q, R> R call(Class<Q> type, Q request, int version) {
    for (FakeApi<?, ?> api : apis) {
      if (api.requestCodec().messageType() == type) {
        return now(((FakeApi<Q, R>) api).handler().handle(request,
            new RequestContext(0, (short) version, "c", "/127.0.0.1", "User:alice")));
      }
    }
    throw new AssertionError("no " + type);
  }

  @Test
  void addPartitionsToTxnWithARefusedTopicAddsNothing() {
    String id = "tx";
    AddPartitionsToTxnRequest request = new AddPartitionsToTxnRequestBuilder().v3AndBelowTransactionalId(id)
        .v3AndBelowProducerId(1000).v3AndBelowTopics(List.of(
            new AddPartitionsToTxnTopicBuilder().name("v").partitions(List.of(0, 1)).build(),
            new AddPartitionsToTxnTopicBuilder().name("w").partitions(List.of(0)).build())).build();
    AddPartitionsToTxnResponse response = call(AddPartitionsToTxnRequest.class, request, 3);
    List<String> codes = new ArrayList<>();
    for (AddPartitionsToTxnResponse.AddPartitionsToTxnTopicResult t : response.resultsByTopicV3AndBelow()) {
      for (AddPartitionsToTxnResponse.AddPartitionsToTxnPartitionResult p : t.resultsByPartition()) {
        codes.add(t.name() + "-" + p.partitionIndex() + ":" + p.partitionErrorCode());
      }
    }
    // 55 OPERATION_NOT_ATTEMPTED, 29 TOPIC_AUTHORIZATION_FAILED
    assertEquals(List.of("v-0:55", "v-1:55", "w-0:29"), codes);
  }

  @Test
  void offsetFetchRefusesTheTopicsNamedAndHidesTheOthers() {
    OffsetFetchResponse named = call(OffsetFetchRequest.class, new OffsetFetchRequestBuilder().groupId("g").topics(List.of(
        new OffsetFetchRequestTopicBuilder().name("v").partitionIndexes(List.of(0)).build(),
        new OffsetFetchRequestTopicBuilder().name("w").partitionIndexes(List.of(0)).build())).build(), 7);
    assertEquals(List.of("v-0:5:0", "w-0:-1:29"), named.topics().stream().flatMap(t -> t.partitions().stream()
        .map(p -> t.name() + "-" + p.partitionIndex() + ":" + p.committedOffset() + ":" + p.errorCode())).toList());
    OffsetFetchResponse all = call(OffsetFetchRequest.class, new OffsetFetchRequestBuilder().groups(List.of(
        new OffsetFetchRequestGroupBuilder().groupId("g").topics(null).build(),
        new OffsetFetchRequestGroupBuilder().groupId("h").topics(null).build())).build(), 9);
    assertEquals(List.of("g:0:[v]", "h:30:[]"), all.groups().stream().map(g -> g.groupId() + ":" + g.errorCode() + ":"
        + g.topics().stream().map(OffsetFetchResponse.OffsetFetchResponseTopics::name).toList()).toList());
  }

  @Test
  void aConsumerGroupHeartbeatSubscribingToATopicItMayNotDescribeIsRefused() {
    ConsumerGroupHeartbeatResponse refused = call(ConsumerGroupHeartbeatRequest.class,
        new ConsumerGroupHeartbeatRequestBuilder().groupId("g").memberId("m").memberEpoch(0).rebalanceTimeoutMs(10_000)
            .subscribedTopicNames(List.of("v", "w")).topicPartitions(List.of()).build(), 1);
    assertEquals(29, refused.errorCode());
    ConsumerGroupHeartbeatResponse joined = call(ConsumerGroupHeartbeatRequest.class,
        new ConsumerGroupHeartbeatRequestBuilder().groupId("g").memberId("m").memberEpoch(0).rebalanceTimeoutMs(10_000)
            .subscribedTopicNames(List.of("v")).topicPartitions(List.of()).build(), 1);
    assertEquals(0, joined.errorCode());
  }

  @Test
  void metadataForAllTopicsLeavesOutTheOnesThePrincipalMayNotDescribe() {
    MetadataResponse all = call(MetadataRequest.class, new MetadataRequestBuilder().topics(null).build(), 12);
    assertEquals(List.of("v"), all.topics().stream().map(MetadataResponse.MetadataResponseTopic::name).toList());
  }

  @Test
  void theShareStateApisAskForClusterAction() {
    UUID v = brokers.cluster.topic("v").id();
    ReadShareGroupStateRequest read = new ReadShareGroupStateRequest("g",
        List.of(new ReadShareGroupStateRequest.ReadStateData(v, List.of(
            new ReadShareGroupStateRequest.PartitionData(0, 0, UnknownTaggedFields.EMPTY),
            new ReadShareGroupStateRequest.PartitionData(1, 0, UnknownTaggedFields.EMPTY)),
            UnknownTaggedFields.EMPTY)), UnknownTaggedFields.EMPTY);
    FindCoordinatorRequest find = new FindCoordinatorRequestBuilder().keyType((byte) 2)
        .coordinatorKeys(List.of(ShareStateKeys.key("g", v, 0))).build();
    ReadShareGroupStateResponse refused = call(ReadShareGroupStateRequest.class, read, 0);
    // 31 CLUSTER_AUTHORIZATION_FAILED in every partition asked for
    assertEquals(List.of((short) 31, (short) 31), refused.results().get(0).partitions().stream()
        .map(p -> p.errorCode()).toList());
    FindCoordinatorResponse notFound = call(FindCoordinatorRequest.class, find, 6);
    assertEquals(31, notFound.coordinators().get(0).errorCode());
    allow(AclCodes.CLUSTER, AclCodes.CLUSTER_NAME, AclCodes.CLUSTER_ACTION);
    // 42: read before any initialize, past the gate
    ReadShareGroupStateResponse allowed = call(ReadShareGroupStateRequest.class, read, 0);
    assertEquals(List.of((short) 42, (short) 42), allowed
        .results().get(0).partitions().stream().map(p -> p.errorCode()).toList());
    FindCoordinatorResponse found = call(FindCoordinatorRequest.class, find, 6);
    assertEquals(0, found.coordinators().get(0).errorCode());
  }
}

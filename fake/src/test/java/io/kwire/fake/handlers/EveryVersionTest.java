package io.kwire.fake.handlers;

import static io.kwire.fake.handlers.TestBrokers.at;
import static io.kwire.fake.handlers.TestBrokers.batch;
import static io.kwire.fake.handlers.TestBrokers.now;

import io.kwire.fake.cluster.Topic;
import io.kwire.fake.cluster.TopicConfigs;
import io.kwire.fake.groups.CommittedOffset;
import io.kwire.fake.security.AclBinding;
import io.kwire.fake.security.AclCodes;
import io.kwire.fake.security.SecurityState;
import io.kwire.messages.AddOffsetsToTxnRequestBuilder;
import io.kwire.messages.AddPartitionsToTxnRequestBuilder.AddPartitionsToTxnTopicBuilder;
import io.kwire.messages.AddPartitionsToTxnRequestBuilder.AddPartitionsToTxnTransactionBuilder;
import io.kwire.messages.AddPartitionsToTxnRequestBuilder;
import io.kwire.messages.AlterShareGroupOffsetsRequestBuilder;
import io.kwire.messages.AlterClientQuotasRequestBuilder;
import io.kwire.messages.AlterUserScramCredentialsRequestBuilder;
import io.kwire.messages.ConsumerGroupDescribeRequestBuilder;
import io.kwire.messages.ConsumerGroupHeartbeatRequestBuilder;
import io.kwire.messages.CreateAclsRequestBuilder;
import io.kwire.messages.CreatePartitionsRequestBuilder.CreatePartitionsTopicBuilder;
import io.kwire.messages.CreatePartitionsRequestBuilder;
import io.kwire.messages.CreateTopicsRequestBuilder.CreatableTopicBuilder;
import io.kwire.messages.CreateTopicsRequestBuilder;
import io.kwire.messages.CreateDelegationTokenRequestBuilder;
import io.kwire.messages.DeleteAclsRequestBuilder;
import io.kwire.messages.DescribeDelegationTokenRequestBuilder;
import io.kwire.messages.ExpireDelegationTokenRequestBuilder;
import io.kwire.messages.RenewDelegationTokenRequestBuilder;
import io.kwire.messages.DeleteGroupsRequestBuilder;
import io.kwire.messages.DeleteRecordsRequestBuilder.DeleteRecordsPartitionBuilder;
import io.kwire.messages.DeleteRecordsRequestBuilder.DeleteRecordsTopicBuilder;
import io.kwire.messages.DeleteRecordsRequestBuilder;
import io.kwire.messages.DeleteShareGroupOffsetsRequestBuilder;
import io.kwire.messages.DeleteTopicsRequestBuilder.DeleteTopicStateBuilder;
import io.kwire.messages.DeleteTopicsRequestBuilder;
import io.kwire.messages.DescribeAclsRequestBuilder;
import io.kwire.messages.DescribeClientQuotasRequestBuilder;
import io.kwire.messages.DescribeClusterRequestBuilder;
import io.kwire.messages.DescribeConfigsRequestBuilder.DescribeConfigsResourceBuilder;
import io.kwire.messages.DescribeConfigsRequestBuilder;
import io.kwire.messages.DescribeGroupsRequestBuilder;
import io.kwire.messages.DescribeShareGroupOffsetsRequestBuilder;
import io.kwire.messages.DescribeUserScramCredentialsRequestBuilder;
import io.kwire.messages.EndTxnRequestBuilder;
import io.kwire.messages.FetchRequestBuilder.FetchPartitionBuilder;
import io.kwire.messages.FetchRequestBuilder.FetchTopicBuilder;
import io.kwire.messages.FetchRequestBuilder;
import io.kwire.messages.FindCoordinatorRequestBuilder;
import io.kwire.messages.HeartbeatRequestBuilder;
import io.kwire.messages.IncrementalAlterConfigsRequestBuilder.AlterConfigsResourceBuilder;
import io.kwire.messages.IncrementalAlterConfigsRequestBuilder.AlterableConfigBuilder;
import io.kwire.messages.IncrementalAlterConfigsRequestBuilder;
import io.kwire.messages.InitProducerIdRequestBuilder;
import io.kwire.messages.JoinGroupRequestBuilder.JoinGroupRequestProtocolBuilder;
import io.kwire.messages.JoinGroupRequestBuilder;
import io.kwire.messages.LeaveGroupRequestBuilder.MemberIdentityBuilder;
import io.kwire.messages.LeaveGroupRequestBuilder;
import io.kwire.messages.ListGroupsRequestBuilder;
import io.kwire.messages.ListOffsetsRequestBuilder.ListOffsetsPartitionBuilder;
import io.kwire.messages.ListOffsetsRequestBuilder.ListOffsetsTopicBuilder;
import io.kwire.messages.ListOffsetsRequestBuilder;
import io.kwire.messages.MetadataRequestBuilder.MetadataRequestTopicBuilder;
import io.kwire.messages.MetadataRequestBuilder;
import io.kwire.messages.OffsetCommitRequestBuilder.OffsetCommitRequestPartitionBuilder;
import io.kwire.messages.OffsetCommitRequestBuilder.OffsetCommitRequestTopicBuilder;
import io.kwire.messages.OffsetCommitRequestBuilder;
import io.kwire.messages.OffsetDeleteRequestBuilder.OffsetDeleteRequestPartitionBuilder;
import io.kwire.messages.OffsetDeleteRequestBuilder.OffsetDeleteRequestTopicBuilder;
import io.kwire.messages.OffsetDeleteRequestBuilder;
import io.kwire.messages.OffsetFetchRequestBuilder.OffsetFetchRequestGroupBuilder;
import io.kwire.messages.OffsetFetchRequestBuilder.OffsetFetchRequestTopicBuilder;
import io.kwire.messages.OffsetFetchRequestBuilder.OffsetFetchRequestTopicsBuilder;
import io.kwire.messages.OffsetFetchRequestBuilder;
import io.kwire.messages.OffsetForLeaderEpochRequestBuilder.OffsetForLeaderPartitionBuilder;
import io.kwire.messages.OffsetForLeaderEpochRequestBuilder.OffsetForLeaderTopicBuilder;
import io.kwire.messages.OffsetForLeaderEpochRequestBuilder;
import io.kwire.messages.ProduceRequestBuilder.PartitionProduceDataBuilder;
import io.kwire.messages.ProduceRequestBuilder.TopicProduceDataBuilder;
import io.kwire.messages.ProduceRequestBuilder;
import io.kwire.messages.ShareAcknowledgeRequestBuilder;
import io.kwire.messages.ShareFetchRequestBuilder;
import io.kwire.messages.ShareGroupDescribeRequestBuilder;
import io.kwire.messages.ShareGroupHeartbeatRequestBuilder;
import io.kwire.messages.StreamsGroupDescribeRequestBuilder;
import io.kwire.messages.StreamsGroupHeartbeatRequestBuilder;
import io.kwire.messages.StreamsGroupTopologyDescriptionUpdateRequestBuilder;
import io.kwire.messages.SyncGroupRequestBuilder;
import io.kwire.messages.TxnOffsetCommitRequestBuilder.TxnOffsetCommitRequestPartitionBuilder;
import io.kwire.messages.TxnOffsetCommitRequestBuilder.TxnOffsetCommitRequestTopicBuilder;
import io.kwire.messages.TxnOffsetCommitRequestBuilder;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * Every API the fake serves, at every version it serves, with a request holding known and unknown
 * topics, partitions led by this broker and by another, members known and unknown: the request
 * goes through its codec at that version (as it would arrive), and the handler's response must
 * encode at that version and decode again (kwire refuses a field the version lacks).
 */
class EveryVersionTest {
  private final TestBrokers brokers = new TestBrokers(2);
  private final Topic topic = brokers.cluster.createTopic("v", 2, 2, null, TopicConfigs.of(Map.of()));
  private int round;
  private String principal = RequestContext.ANONYMOUS;

  @Test
  void everyResponseFitsTheVersionItAnswers() {
    now(new ProduceHandler(brokers.cluster, brokers.transactions)
        .handle(ProduceHandlerTest.request(-1, "v", 0, batch(1, "a", "b")), at(0, 9)));
    brokers.groups.commitOffset("g", "v", 0, new CommittedOffset(1, 0, "m"));
    // Every API the brokers serve, at every version: request() has no scenario for a new API and fails.
    List<FakeApi<?, ?>> apis = new ArrayList<>(BrokerApis.of(brokers.cluster, brokers.groups));
    apis.addAll(SecurityApis.of(new SecurityState()));
    for (FakeApi<?, ?> api : apis) {
      for (int v = api.versions().lowest(); v <= api.versions().highest(); v++) {
        roundTrip(api, request(api.requestCodec().apiKey(), (short) v), (short) v);
      }
    }
  }

  /**
   * The same behind the authorization gates, for a principal allowed topic v and group g and
   * nothing else: the refusals and the merged answers fit every version too.
   */
  @Test
  void everyGatedResponseFitsTheVersionItAnswers() {
    brokers.groups.commitOffset("g", "v", 0, new CommittedOffset(1, 0, "m"));
    SecurityState security = new SecurityState(Set.of(), false);
    security.acls().add(new AclBinding(AclCodes.TOPIC, "v", AclCodes.LITERAL, "User:alice", "*", AclCodes.ALL,
        AclCodes.ALLOW));
    security.acls().add(new AclBinding(AclCodes.GROUP, "g", AclCodes.LITERAL, "User:alice", "*", AclCodes.ALL,
        AclCodes.ALLOW));
    principal = "User:alice";
    // tokens on, as for a SASL connection: created and described at every version (owner alice)
    security.delegationTokens().enable("k", brokers.cluster.clock(), true);
    List<FakeApi<?, ?>> apis = new ArrayList<>(BrokerApis.of(brokers.cluster, brokers.groups));
    apis.addAll(SecurityApis.of(security));
    for (FakeApi<?, ?> api : Authorization.enforce(apis, security.authorizer(), brokers.cluster)) {
      for (int v = api.versions().lowest(); v <= api.versions().highest(); v++) {
        roundTrip(api, request(api.requestCodec().apiKey(), (short) v), (short) v);
      }
    }
  }

  @SuppressWarnings({"unchecked", "rawtypes"})
  private void roundTrip(FakeApi api, Object request, short version) {
    Object arrived = api.requestCodec().decode(api.requestCodec().encode(request, version), version);
    Object response = now(api.handler().handle(arrived,
        new RequestContext(0, version, "test-client", "/127.0.0.1", principal)));
    try {
      api.responseCodec().decode(api.responseCodec().encode(response, version), version);
    } catch (RuntimeException e) {
      throw new AssertionError(api.responseCodec().descriptor().name() + " v" + version + ": " + e.getMessage(), e);
    }
  }

  private Object request(short apiKey, short v) {
    round++;
    UUID unknownId = new UUID(9, 9);
    return switch (apiKey) {
      case 0 -> new ProduceRequestBuilder().acks((short) -1).timeoutMs(1000).topicData(List.of(
          new TopicProduceDataBuilder().name("v").topicId(topic.id()).partitionData(List.of(
              new PartitionProduceDataBuilder().index(0).records(batch(round, "x")).build(),
              new PartitionProduceDataBuilder().index(1).records(batch(round, "y")).build(),
              new PartitionProduceDataBuilder().index(5).records(batch(round, "z")).build())).build(),
          new TopicProduceDataBuilder().name("nope").topicId(unknownId).partitionData(List.of(
              new PartitionProduceDataBuilder().index(0).records(batch(round, "x")).build())).build())).build();
      case 1 -> new FetchRequestBuilder().maxWaitMs(0).minBytes(1).topics(List.of(
          new FetchTopicBuilder().topic("v").topicId(topic.id()).partitions(List.of(
              new FetchPartitionBuilder().partition(0).partitionMaxBytes(1 << 20).build(),
              new FetchPartitionBuilder().partition(1).partitionMaxBytes(1 << 20).build(),
              new FetchPartitionBuilder().partition(0).fetchOffset(99).partitionMaxBytes(1 << 20).build())).build(),
          new FetchTopicBuilder().topic("nope").topicId(unknownId).partitions(List.of(
              new FetchPartitionBuilder().partition(0).partitionMaxBytes(100).build())).build())).build();
      case 2 -> new ListOffsetsRequestBuilder().replicaId(-1).topics(List.of(new ListOffsetsTopicBuilder().name("v")
          .partitions(List.of(new ListOffsetsPartitionBuilder().partitionIndex(0).timestamp(-1).build(),
              new ListOffsetsPartitionBuilder().partitionIndex(0).timestamp(0).build(),
              new ListOffsetsPartitionBuilder().partitionIndex(1).timestamp(-2).build())).build())).build();
      case 3 -> new MetadataRequestBuilder().topics(List.of(new MetadataRequestTopicBuilder().name("v").build(),
          new MetadataRequestTopicBuilder().name("nope").build())).allowAutoTopicCreation(v < 4).build();
      case 8 -> new OffsetCommitRequestBuilder().groupId("g").memberId("").topics(List.of(
          new OffsetCommitRequestTopicBuilder().name("v").topicId(topic.id()).partitions(List.of(
              new OffsetCommitRequestPartitionBuilder().partitionIndex(0).committedOffset(2).build())).build()))
          .build();
      case 9 -> v < 8
          ? new OffsetFetchRequestBuilder().groupId("g").topics(List.of(new OffsetFetchRequestTopicBuilder()
              .name("v").partitionIndexes(List.of(0, 1)).build())).build()
          : new OffsetFetchRequestBuilder().groups(List.of(new OffsetFetchRequestGroupBuilder().groupId("g")
              .topics(List.of(new OffsetFetchRequestTopicsBuilder().name("v").topicId(topic.id())
                  .partitionIndexes(List.of(0, 1)).build())).build(),
              new OffsetFetchRequestGroupBuilder().groupId("other").topics(null).build())).build();
      case 10 -> v < 4 ? new FindCoordinatorRequestBuilder().key("g").build()
          : new FindCoordinatorRequestBuilder().coordinatorKeys(List.of("g", "h", "")).build();
      case 11 -> new JoinGroupRequestBuilder().groupId(coordinated("join" + v)).sessionTimeoutMs(10_000)
          .rebalanceTimeoutMs(10_000).memberId("").protocolType("consumer").protocols(List.of(
              new JoinGroupRequestProtocolBuilder().name("range").metadata(new byte[] {1}).build())).build();
      case 12 -> new HeartbeatRequestBuilder().groupId(coordinated("g")).generationId(1).memberId("nobody").build();
      case 13 -> v < 3 ? new LeaveGroupRequestBuilder().groupId(coordinated("g")).memberId("nobody").build()
          : new LeaveGroupRequestBuilder().groupId(coordinated("g")).members(List.of(
              new MemberIdentityBuilder().memberId("nobody").build())).build();
      case 14 -> new SyncGroupRequestBuilder().groupId(coordinated("g")).generationId(1).memberId("nobody").build();
      case 15 -> new DescribeGroupsRequestBuilder().groups(List.of(coordinated("g"), "nope")).build();
      case 16 -> new ListGroupsRequestBuilder().build();
      case 19 -> new CreateTopicsRequestBuilder().topics(List.of(
          new CreatableTopicBuilder().name("created-" + v).numPartitions(1).replicationFactor((short) 1).build(),
          new CreatableTopicBuilder().name("v").numPartitions(1).replicationFactor((short) 1).build())).build();
      case 20 -> v < 6 ? new DeleteTopicsRequestBuilder().topicNames(List.of("nope")).build()
          : new DeleteTopicsRequestBuilder().topics(List.of(new DeleteTopicStateBuilder().name("nope").build(),
              new DeleteTopicStateBuilder().topicId(unknownId).build())).build();
      case 21 -> new DeleteRecordsRequestBuilder().topics(List.of(new DeleteRecordsTopicBuilder().name("v")
          .partitions(List.of(new DeleteRecordsPartitionBuilder().partitionIndex(0).offset(1).build(),
              new DeleteRecordsPartitionBuilder().partitionIndex(1).offset(0).build())).build())).build();
      case 22 -> new InitProducerIdRequestBuilder().transactionalId(v % 2 == 0 ? null : coordinated("t"))
          .transactionTimeoutMs(60_000).build();
      case 24 -> v < 4
          ? new AddPartitionsToTxnRequestBuilder().v3AndBelowTransactionalId(coordinated("t")).v3AndBelowProducerId(1000)
              .v3AndBelowTopics(List.of(new AddPartitionsToTxnTopicBuilder().name("v").partitions(List.of(0, 1)).build(),
                  new AddPartitionsToTxnTopicBuilder().name("nope").partitions(List.of(0)).build())).build()
          : new AddPartitionsToTxnRequestBuilder().transactions(List.of(new AddPartitionsToTxnTransactionBuilder()
              .transactionalId(coordinated("t")).producerId(1000).verifyOnly(true).topics(List.of(
                  new AddPartitionsToTxnTopicBuilder().name("v").partitions(List.of(0)).build())).build())).build();
      case 25 -> new AddOffsetsToTxnRequestBuilder().transactionalId(coordinated("t")).producerId(1000).groupId("g")
          .build();
      case 26 -> new EndTxnRequestBuilder().transactionalId(coordinated("t")).producerId(1000).committed(true).build();
      case 28 -> new TxnOffsetCommitRequestBuilder().transactionalId(coordinated("t")).groupId("g").producerId(1000)
          .memberId("").topics(List.of(new TxnOffsetCommitRequestTopicBuilder().name("v").partitions(List.of(
              new TxnOffsetCommitRequestPartitionBuilder().partitionIndex(0).committedOffset(1).build())).build()))
          .build();
      case 23 -> new OffsetForLeaderEpochRequestBuilder().topics(List.of(new OffsetForLeaderTopicBuilder().topic("v")
          .partitions(List.of(new OffsetForLeaderPartitionBuilder().partition(0).leaderEpoch(0).build(),
              new OffsetForLeaderPartitionBuilder().partition(1).leaderEpoch(0).build())).build())).build();
      case 32 -> new DescribeConfigsRequestBuilder().resources(List.of(
          new DescribeConfigsResourceBuilder().resourceType((byte) 2).resourceName("v").configurationKeys(null).build(),
          new DescribeConfigsResourceBuilder().resourceType((byte) 4).resourceName("0").configurationKeys(null).build(),
          new DescribeConfigsResourceBuilder().resourceType((byte) 2).resourceName("nope").configurationKeys(null)
              .build())).build();
      case 37 -> new CreatePartitionsRequestBuilder().topics(List.of(
          new CreatePartitionsTopicBuilder().name("v").count(1).assignments(null).build(),
          new CreatePartitionsTopicBuilder().name("nope").count(3).assignments(null).build())).build();
      case 42 -> new DeleteGroupsRequestBuilder().groupsNames(List.of(coordinated("g"), "nope")).build();
      case 47 -> new OffsetDeleteRequestBuilder().groupId(offsetsGroup()).topics(List.of(
          new OffsetDeleteRequestTopicBuilder().name("v").partitions(List.of(
              new OffsetDeleteRequestPartitionBuilder().partitionIndex(0).build(),
              new OffsetDeleteRequestPartitionBuilder().partitionIndex(1).build())).build())).build();
      case 44 -> new IncrementalAlterConfigsRequestBuilder().resources(List.of(new AlterConfigsResourceBuilder()
          .resourceType((byte) 2).resourceName("v").configs(List.of(new AlterableConfigBuilder()
              .name("retention.ms").configOperation((byte) 0).value("5").build())).build())).build();
      case 60 -> new DescribeClusterRequestBuilder().build();
      case 68 -> new ConsumerGroupHeartbeatRequestBuilder().groupId(coordinated("cg")).memberId("m" + v).memberEpoch(0)
          .rebalanceTimeoutMs(10_000).subscribedTopicNames(List.of("v", "nope")).topicPartitions(List.of()).build();
      case 69 -> new ConsumerGroupDescribeRequestBuilder().groupIds(List.of(coordinated("cg"), coordinated("g"), "nope"))
          .build();
      case 76 -> new ShareGroupHeartbeatRequestBuilder().groupId(coordinated("sg")).memberId("m" + v).memberEpoch(0)
          .subscribedTopicNames(List.of("v", "nope")).build();
      case 77 -> new ShareGroupDescribeRequestBuilder().groupIds(List.of(coordinated("sg"), coordinated("g"), "nope"))
          .build();
      case 78 -> new ShareFetchRequestBuilder().groupId(coordinated("sg")).memberId("m" + v).shareSessionEpoch(0)
          .maxWaitMs(0).minBytes(1).maxRecords(10).batchSize(10).topics(List.of(new ShareFetchRequestBuilder
              .FetchTopicBuilder().topicId(topic.id()).partitions(List.of(
                  new ShareFetchRequestBuilder.FetchPartitionBuilder().partitionIndex(0).acknowledgementBatches(List.of(
                      new ShareFetchRequestBuilder.AcknowledgementBatchBuilder().firstOffset(0).lastOffset(0)
                          .acknowledgeTypes(List.of((byte) 1)).build())).build(),
                  new ShareFetchRequestBuilder.FetchPartitionBuilder().partitionIndex(1).build())).build()))
          .forgottenTopicsData(List.of()).build();
      case 79 -> new ShareAcknowledgeRequestBuilder().groupId(coordinated("sg")).memberId("m" + v).shareSessionEpoch(1)
          .topics(List.of(new ShareAcknowledgeRequestBuilder.AcknowledgeTopicBuilder().topicId(topic.id())
              .partitions(List.of(new ShareAcknowledgeRequestBuilder.AcknowledgePartitionBuilder().partitionIndex(0)
                  .acknowledgementBatches(List.of(new ShareAcknowledgeRequestBuilder.AcknowledgementBatchBuilder()
                      .firstOffset(0).lastOffset(1).acknowledgeTypes(List.of((byte) 1)).build())).build())).build()))
          .build();
      case 88 -> new StreamsGroupHeartbeatRequestBuilder().groupId(coordinated("st")).memberId("m" + v).memberEpoch(0)
          .rebalanceTimeoutMs(10_000).processId("p").activeTasks(List.of()).standbyTasks(List.of())
          .warmupTasks(List.of()).userEndpoint(new StreamsGroupHeartbeatRequestBuilder.EndpointBuilder().host("h")
              .port(1).build())
          .topology(new StreamsGroupHeartbeatRequestBuilder.TopologyBuilder().epoch(0).subtopologies(List.of(
              new StreamsGroupHeartbeatRequestBuilder.SubtopologyBuilder().subtopologyId("0")
                  .sourceTopics(List.of("v")).sourceTopicRegex(List.of()).repartitionSinkTopics(List.of())
                  .repartitionSourceTopics(List.of()).copartitionGroups(List.of())
                  .stateChangelogTopics(List.of(new StreamsGroupHeartbeatRequestBuilder.TopicInfoBuilder()
                      .name("st-store-changelog").topicConfigs(List.of()).build())).build())).build())
          .build();
      case 89 -> new StreamsGroupDescribeRequestBuilder().groupIds(List.of(coordinated("st"), coordinated("g"), "nope"))
          .includeTopologyDescription(v >= 1).build();
      case 93 -> new StreamsGroupTopologyDescriptionUpdateRequestBuilder().groupId(coordinated("st")).memberId("m" + v)
          .topologyDescription(new StreamsGroupTopologyDescriptionUpdateRequestBuilder.TopologyDescriptionBuilder()
              .subtopologies(List.of()).globalStores(List.of()).build())
          .build();
      case 90 -> new DescribeShareGroupOffsetsRequestBuilder().groups(List.of(
          new DescribeShareGroupOffsetsRequestBuilder.DescribeShareGroupOffsetsRequestGroupBuilder()
              .groupId(coordinated("sg")).topics(null).build(),
          new DescribeShareGroupOffsetsRequestBuilder.DescribeShareGroupOffsetsRequestGroupBuilder()
              .groupId(coordinated("sg")).topics(List.of(new DescribeShareGroupOffsetsRequestBuilder
                  .DescribeShareGroupOffsetsRequestTopicBuilder().topicName("v").partitions(List.of(0, 1)).build(),
                  new DescribeShareGroupOffsetsRequestBuilder.DescribeShareGroupOffsetsRequestTopicBuilder()
                      .topicName("nope").partitions(List.of(0)).build())).build(),
          new DescribeShareGroupOffsetsRequestBuilder.DescribeShareGroupOffsetsRequestGroupBuilder()
              .groupId(coordinated("g")).topics(null).build())).build();
      case 91 -> new AlterShareGroupOffsetsRequestBuilder().groupId(coordinated("sg")).topics(List.of(
          new AlterShareGroupOffsetsRequestBuilder.AlterShareGroupOffsetsRequestTopicBuilder().topicName("v")
              .partitions(List.of(new AlterShareGroupOffsetsRequestBuilder.AlterShareGroupOffsetsRequestPartitionBuilder()
                  .partitionIndex(0).startOffset(0).build())).build())).build();
      case 92 -> new DeleteShareGroupOffsetsRequestBuilder().groupId(coordinated("sg")).topics(List.of(
          new DeleteShareGroupOffsetsRequestBuilder.DeleteShareGroupOffsetsRequestTopicBuilder().topicName("v").build()))
          .build();
      case 29 -> new DescribeAclsRequestBuilder().resourceTypeFilter(AclCodes.ANY).patternTypeFilter(
          v == 0 ? AclCodes.LITERAL : AclCodes.ANY).operation(AclCodes.ANY).permissionType(AclCodes.ANY).build();
      case 30 -> new CreateAclsRequestBuilder().creations(List.of(new CreateAclsRequestBuilder.AclCreationBuilder()
          .resourceType(AclCodes.TOPIC).resourceName("v" + v).principal("User:a").host("*").operation(AclCodes.READ)
          .permissionType(AclCodes.ALLOW).build())).build();
      case 31 -> new DeleteAclsRequestBuilder().filters(List.of(new DeleteAclsRequestBuilder.DeleteAclsFilterBuilder()
          .resourceTypeFilter(AclCodes.TOPIC).operation(AclCodes.ANY).permissionType(AclCodes.ANY).build())).build();
      case 48 -> new DescribeClientQuotasRequestBuilder().components(List.of()).build();
      case 49 -> new AlterClientQuotasRequestBuilder().entries(List.of(new AlterClientQuotasRequestBuilder.EntryDataBuilder()
          .entity(List.of(new AlterClientQuotasRequestBuilder.EntityDataBuilder().entityType("user").entityName("u")
              .build())).ops(List.of(new AlterClientQuotasRequestBuilder.OpDataBuilder().key("producer_byte_rate")
              .value(100).build())).build())).build();
      case 38 -> new CreateDelegationTokenRequestBuilder().renewers(List.of(new CreateDelegationTokenRequestBuilder.CreatableRenewersBuilder().principalType("User")
              .principalName("r").build())).maxLifetimeMs(-1).build();
      case 39 -> new RenewDelegationTokenRequestBuilder().hmac(new byte[] {1}).renewPeriodMs(-1).build();
      case 40 -> new ExpireDelegationTokenRequestBuilder().hmac(new byte[] {1}).expiryTimePeriodMs(-1).build();
      case 41 -> new DescribeDelegationTokenRequestBuilder().owners(null).build();
      case 50 -> new DescribeUserScramCredentialsRequestBuilder().users(null).build();
      case 51 -> new AlterUserScramCredentialsRequestBuilder().deletions(List.of(
          new AlterUserScramCredentialsRequestBuilder.ScramCredentialDeletionBuilder().name("nobody").mechanism((byte) 1)
              .build())).upsertions(List.of()).build();
      case 83, 84, 85, 86, 87, 94 -> ShareStateVersionRequests.request(apiKey, v, shareStateGroup(), topic.id());
      default -> AdminVersionRequests.request(apiKey, v, this::coordinated);
    };
  }

  /** A group whose share state keys of topic v's partitions 0 and 1 broker 0 coordinates. */
  private String shareStateGroup() {
    for (int i = 0; i < 10_000; i++) {
      String id = "state-" + i;
      if (brokers.groups.shareCoordinatorFor(ShareStateKeys.key(id, topic.id(), 0)) == 0
          && brokers.groups.shareCoordinatorFor(ShareStateKeys.key(id, topic.id(), 1)) == 0) {
        return id;
      }
    }
    throw new AssertionError("no such group id");
  }

  /** A group broker 0 coordinates with an offset committed for partition v-0. */
  private String offsetsGroup() {
    String id = coordinated("od");
    brokers.groups.commitOffset(id, "v", 0, new CommittedOffset(1, 0, "m"));
    return id;
  }

  /** A group id (from {@code base} on) that broker 0 coordinates, so that the request is not turned away. */
  private String coordinated(String base) {
    for (int i = 0; ; i++) {
      String id = base + (i == 0 ? "" : "-" + i);
      if (brokers.groups.coordinatorFor(id) == 0) {
        return id;
      }
    }
  }
}

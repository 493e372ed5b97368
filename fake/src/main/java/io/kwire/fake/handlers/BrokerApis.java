package io.kwire.fake.handlers;

import io.kwire.fake.cluster.ClusterState;
import io.kwire.fake.groups.GroupCoordinator;
import io.kwire.fake.txns.TransactionCoordinator;
import io.kwire.messages.AddOffsetsToTxnRequestCodec;
import io.kwire.messages.AddOffsetsToTxnResponseCodec;
import io.kwire.messages.AddPartitionsToTxnRequestCodec;
import io.kwire.messages.AddPartitionsToTxnResponseCodec;
import io.kwire.messages.AlterShareGroupOffsetsRequestCodec;
import io.kwire.messages.AlterShareGroupOffsetsResponseCodec;
import io.kwire.messages.ConsumerGroupDescribeRequestCodec;
import io.kwire.messages.ConsumerGroupDescribeResponseCodec;
import io.kwire.messages.ConsumerGroupHeartbeatRequestCodec;
import io.kwire.messages.ConsumerGroupHeartbeatResponseCodec;
import io.kwire.messages.CreatePartitionsRequestCodec;
import io.kwire.messages.CreatePartitionsResponseCodec;
import io.kwire.messages.CreateTopicsRequestCodec;
import io.kwire.messages.CreateTopicsResponseCodec;
import io.kwire.messages.DeleteGroupsRequestCodec;
import io.kwire.messages.DeleteGroupsResponseCodec;
import io.kwire.messages.DeleteRecordsRequestCodec;
import io.kwire.messages.DeleteRecordsResponseCodec;
import io.kwire.messages.DeleteShareGroupOffsetsRequestCodec;
import io.kwire.messages.DeleteShareGroupOffsetsResponseCodec;
import io.kwire.messages.DeleteTopicsRequestCodec;
import io.kwire.messages.DeleteTopicsResponseCodec;
import io.kwire.messages.DescribeClusterRequestCodec;
import io.kwire.messages.DescribeClusterResponseCodec;
import io.kwire.messages.DescribeConfigsRequestCodec;
import io.kwire.messages.DescribeConfigsResponseCodec;
import io.kwire.messages.DescribeGroupsRequestCodec;
import io.kwire.messages.DescribeGroupsResponseCodec;
import io.kwire.messages.DescribeShareGroupOffsetsRequestCodec;
import io.kwire.messages.DescribeShareGroupOffsetsResponseCodec;
import io.kwire.messages.EndTxnRequestCodec;
import io.kwire.messages.EndTxnResponseCodec;
import io.kwire.messages.FetchRequestCodec;
import io.kwire.messages.FetchResponseCodec;
import io.kwire.messages.FindCoordinatorRequestCodec;
import io.kwire.messages.FindCoordinatorResponseCodec;
import io.kwire.messages.HeartbeatRequestCodec;
import io.kwire.messages.HeartbeatResponseCodec;
import io.kwire.messages.IncrementalAlterConfigsRequestCodec;
import io.kwire.messages.IncrementalAlterConfigsResponseCodec;
import io.kwire.messages.InitProducerIdRequestCodec;
import io.kwire.messages.InitProducerIdResponseCodec;
import io.kwire.messages.JoinGroupRequestCodec;
import io.kwire.messages.JoinGroupResponseCodec;
import io.kwire.messages.LeaveGroupRequestCodec;
import io.kwire.messages.LeaveGroupResponseCodec;
import io.kwire.messages.ListGroupsRequestCodec;
import io.kwire.messages.ListGroupsResponseCodec;
import io.kwire.messages.ListOffsetsRequestCodec;
import io.kwire.messages.ListOffsetsResponseCodec;
import io.kwire.messages.MetadataRequestCodec;
import io.kwire.messages.MetadataResponseCodec;
import io.kwire.messages.OffsetCommitRequestCodec;
import io.kwire.messages.OffsetCommitResponseCodec;
import io.kwire.messages.OffsetDeleteRequestCodec;
import io.kwire.messages.OffsetDeleteResponseCodec;
import io.kwire.messages.OffsetFetchRequestCodec;
import io.kwire.messages.OffsetFetchResponseCodec;
import io.kwire.messages.OffsetForLeaderEpochRequestCodec;
import io.kwire.messages.OffsetForLeaderEpochResponseCodec;
import io.kwire.messages.ProduceRequestCodec;
import io.kwire.messages.ProduceResponseCodec;
import io.kwire.messages.ShareAcknowledgeRequestCodec;
import io.kwire.messages.ShareAcknowledgeResponseCodec;
import io.kwire.messages.ShareFetchRequestCodec;
import io.kwire.messages.ShareFetchResponseCodec;
import io.kwire.messages.ShareGroupDescribeRequestCodec;
import io.kwire.messages.ShareGroupDescribeResponseCodec;
import io.kwire.messages.ShareGroupHeartbeatRequestCodec;
import io.kwire.messages.ShareGroupHeartbeatResponseCodec;
import io.kwire.messages.StreamsGroupDescribeRequestCodec;
import io.kwire.messages.StreamsGroupDescribeResponseCodec;
import io.kwire.messages.StreamsGroupHeartbeatRequestCodec;
import io.kwire.messages.StreamsGroupHeartbeatResponseCodec;
import io.kwire.messages.StreamsGroupTopologyDescriptionUpdateRequestCodec;
import io.kwire.messages.StreamsGroupTopologyDescriptionUpdateResponseCodec;
import io.kwire.messages.SyncGroupRequestCodec;
import io.kwire.messages.SyncGroupResponseCodec;
import io.kwire.messages.TxnOffsetCommitRequestCodec;
import io.kwire.messages.TxnOffsetCommitResponseCodec;
import java.util.List;

/**
 * The APIs a fake broker serves, at the versions a Kafka 4.x broker answers (its lowest versions
 * are the ones Kafka 4.0 kept, KIP-896). ApiVersions is answered by kwire-net from this list; the
 * removed versions are served on top, translated (io.kwire.fake.OldVersions).
 */
public final class BrokerApis {
  private BrokerApis() {}

  public static List<FakeApi<?, ?>> of(ClusterState cluster, GroupCoordinator groups) {
    TransactionCoordinator transactions = new TransactionCoordinator(cluster, groups);
    ShareSessions shareSessions = new ShareSessions();
    List<FakeApi<?, ?>> apis = new java.util.ArrayList<>(List.of(
        FakeApi.of(ProduceRequestCodec.INSTANCE, ProduceResponseCodec.INSTANCE, 3, 13,
            new ProduceHandler(cluster, transactions)),
        FakeApi.of(FetchRequestCodec.INSTANCE, FetchResponseCodec.INSTANCE, 4, 18, new FetchHandler(cluster)),
        FakeApi.of(ListOffsetsRequestCodec.INSTANCE, ListOffsetsResponseCodec.INSTANCE, 1, 11, new ListOffsetsHandler(cluster)),
        FakeApi.of(MetadataRequestCodec.INSTANCE, MetadataResponseCodec.INSTANCE, 0, 13, new MetadataHandler(cluster)),
        FakeApi.of(OffsetCommitRequestCodec.INSTANCE, OffsetCommitResponseCodec.INSTANCE, 2, 10,
            new OffsetCommitHandler(cluster, groups)),
        FakeApi.of(OffsetFetchRequestCodec.INSTANCE, OffsetFetchResponseCodec.INSTANCE, 1, 10, new OffsetFetchHandler(cluster, groups)),
        FakeApi.of(FindCoordinatorRequestCodec.INSTANCE, FindCoordinatorResponseCodec.INSTANCE, 0, 6,
            new FindCoordinatorHandler(cluster, groups)),
        FakeApi.of(JoinGroupRequestCodec.INSTANCE, JoinGroupResponseCodec.INSTANCE, 0, 9,
            new JoinGroupHandler(groups, cluster.settings())),
        FakeApi.of(HeartbeatRequestCodec.INSTANCE, HeartbeatResponseCodec.INSTANCE, 0, 4, new HeartbeatHandler(groups)),
        FakeApi.of(LeaveGroupRequestCodec.INSTANCE, LeaveGroupResponseCodec.INSTANCE, 0, 5, new LeaveGroupHandler(groups)),
        FakeApi.of(SyncGroupRequestCodec.INSTANCE, SyncGroupResponseCodec.INSTANCE, 0, 5, new SyncGroupHandler(groups)),
        FakeApi.of(DescribeGroupsRequestCodec.INSTANCE, DescribeGroupsResponseCodec.INSTANCE, 0, 6,
            new DescribeGroupsHandler(groups)),
        FakeApi.of(ListGroupsRequestCodec.INSTANCE, ListGroupsResponseCodec.INSTANCE, 0, 5,
            new ListGroupsHandler(groups)),
        FakeApi.of(DeleteGroupsRequestCodec.INSTANCE, DeleteGroupsResponseCodec.INSTANCE, 0, 3,
            new DeleteGroupsHandler(groups)),
        FakeApi.of(OffsetDeleteRequestCodec.INSTANCE, OffsetDeleteResponseCodec.INSTANCE, 0, 0,
            new OffsetDeleteHandler(groups)),
        FakeApi.of(CreateTopicsRequestCodec.INSTANCE, CreateTopicsResponseCodec.INSTANCE, 2, 7, new CreateTopicsHandler(cluster)),
        FakeApi.of(DeleteTopicsRequestCodec.INSTANCE, DeleteTopicsResponseCodec.INSTANCE, 1, 6, new DeleteTopicsHandler(cluster, groups)),
        FakeApi.of(DeleteRecordsRequestCodec.INSTANCE, DeleteRecordsResponseCodec.INSTANCE, 0, 2,
            new DeleteRecordsHandler(cluster)),
        FakeApi.of(InitProducerIdRequestCodec.INSTANCE, InitProducerIdResponseCodec.INSTANCE, 0, 5,
            new InitProducerIdHandler(cluster, transactions)),
        FakeApi.of(AddPartitionsToTxnRequestCodec.INSTANCE, AddPartitionsToTxnResponseCodec.INSTANCE, 0, 5,
            new AddPartitionsToTxnHandler(cluster, transactions)),
        FakeApi.of(AddOffsetsToTxnRequestCodec.INSTANCE, AddOffsetsToTxnResponseCodec.INSTANCE, 0, 4,
            new AddOffsetsToTxnHandler(transactions)),
        FakeApi.of(EndTxnRequestCodec.INSTANCE, EndTxnResponseCodec.INSTANCE, 0, 5, new EndTxnHandler(transactions)),
        FakeApi.of(TxnOffsetCommitRequestCodec.INSTANCE, TxnOffsetCommitResponseCodec.INSTANCE, 0, 6,
            new TxnOffsetCommitHandler(cluster, groups, transactions)),
        FakeApi.of(OffsetForLeaderEpochRequestCodec.INSTANCE, OffsetForLeaderEpochResponseCodec.INSTANCE, 2, 4,
            new OffsetForLeaderEpochHandler(cluster)),
        FakeApi.of(CreatePartitionsRequestCodec.INSTANCE, CreatePartitionsResponseCodec.INSTANCE, 0, 3,
            new CreatePartitionsHandler(cluster)),
        FakeApi.of(DescribeConfigsRequestCodec.INSTANCE, DescribeConfigsResponseCodec.INSTANCE, 1, 4,
            new DescribeConfigsHandler(cluster, groups.configs())),
        FakeApi.of(IncrementalAlterConfigsRequestCodec.INSTANCE, IncrementalAlterConfigsResponseCodec.INSTANCE, 0, 1,
            new IncrementalAlterConfigsHandler(cluster, groups.configs())),
        FakeApi.of(DescribeClusterRequestCodec.INSTANCE, DescribeClusterResponseCodec.INSTANCE, 0, 2,
            new DescribeClusterHandler(cluster)),
        FakeApi.of(ConsumerGroupHeartbeatRequestCodec.INSTANCE, ConsumerGroupHeartbeatResponseCodec.INSTANCE, 0, 1,
            new ConsumerGroupHeartbeatHandler(groups)),
        FakeApi.of(ConsumerGroupDescribeRequestCodec.INSTANCE, ConsumerGroupDescribeResponseCodec.INSTANCE, 0, 1,
            new ConsumerGroupDescribeHandler(cluster, groups)),
        FakeApi.of(ShareGroupHeartbeatRequestCodec.INSTANCE, ShareGroupHeartbeatResponseCodec.INSTANCE, 1, 1,
            new ShareGroupHeartbeatHandler(groups)),
        FakeApi.of(ShareGroupDescribeRequestCodec.INSTANCE, ShareGroupDescribeResponseCodec.INSTANCE, 1, 1,
            new ShareGroupDescribeHandler(cluster, groups)),
        FakeApi.of(ShareFetchRequestCodec.INSTANCE, ShareFetchResponseCodec.INSTANCE, 1, 2,
            new ShareFetchHandler(cluster, groups, shareSessions)),
        FakeApi.of(ShareAcknowledgeRequestCodec.INSTANCE, ShareAcknowledgeResponseCodec.INSTANCE, 1, 2,
            new ShareAcknowledgeHandler(cluster, groups, shareSessions)),
        FakeApi.of(DescribeShareGroupOffsetsRequestCodec.INSTANCE, DescribeShareGroupOffsetsResponseCodec.INSTANCE, 0, 1,
            new DescribeShareGroupOffsetsHandler(cluster, groups)),
        FakeApi.of(AlterShareGroupOffsetsRequestCodec.INSTANCE, AlterShareGroupOffsetsResponseCodec.INSTANCE, 0, 0,
            new AlterShareGroupOffsetsHandler(cluster, groups)),
        FakeApi.of(DeleteShareGroupOffsetsRequestCodec.INSTANCE, DeleteShareGroupOffsetsResponseCodec.INSTANCE, 0, 0,
            new DeleteShareGroupOffsetsHandler(cluster, groups))));
    apis.add(FakeApi.of(StreamsGroupHeartbeatRequestCodec.INSTANCE, StreamsGroupHeartbeatResponseCodec.INSTANCE, 0, 1,
        new StreamsGroupHeartbeatHandler(groups)));
    apis.add(FakeApi.of(StreamsGroupDescribeRequestCodec.INSTANCE, StreamsGroupDescribeResponseCodec.INSTANCE, 0, 1,
        new StreamsGroupDescribeHandler(groups)));
    apis.add(FakeApi.of(StreamsGroupTopologyDescriptionUpdateRequestCodec.INSTANCE,
        StreamsGroupTopologyDescriptionUpdateResponseCodec.INSTANCE, 0, 0,
        new StreamsGroupTopologyDescriptionUpdateHandler()));
    apis.addAll(AdminApis.of(cluster, transactions));
    apis.addAll(ShareStateApis.of(cluster, groups));
    return List.copyOf(apis);
  }
}

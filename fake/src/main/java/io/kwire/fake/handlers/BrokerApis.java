package io.kwire.fake.handlers;

import io.kwire.fake.cluster.ClusterState;
import io.kwire.fake.groups.GroupCoordinator;
import io.kwire.messages.CreatePartitionsRequest;
import io.kwire.messages.CreatePartitionsResponse;
import io.kwire.messages.CreateTopicsRequest;
import io.kwire.messages.CreateTopicsResponse;
import io.kwire.messages.DeleteTopicsRequest;
import io.kwire.messages.DeleteTopicsResponse;
import io.kwire.messages.DescribeClusterRequest;
import io.kwire.messages.DescribeClusterResponse;
import io.kwire.messages.FindCoordinatorRequest;
import io.kwire.messages.FindCoordinatorResponse;
import io.kwire.messages.JoinGroupRequest;
import io.kwire.messages.JoinGroupResponse;
import io.kwire.messages.SyncGroupRequest;
import io.kwire.messages.SyncGroupResponse;
import io.kwire.messages.HeartbeatRequest;
import io.kwire.messages.HeartbeatResponse;
import io.kwire.messages.LeaveGroupRequest;
import io.kwire.messages.LeaveGroupResponse;
import io.kwire.messages.OffsetCommitRequest;
import io.kwire.messages.OffsetCommitResponse;
import io.kwire.messages.OffsetFetchRequest;
import io.kwire.messages.OffsetFetchResponse;
import io.kwire.messages.FetchRequest;
import io.kwire.messages.FetchResponse;
import io.kwire.messages.ListOffsetsRequest;
import io.kwire.messages.ListOffsetsResponse;
import io.kwire.messages.MetadataRequest;
import io.kwire.messages.MetadataResponse;
import io.kwire.messages.OffsetForLeaderEpochRequest;
import io.kwire.messages.OffsetForLeaderEpochResponse;
import io.kwire.messages.ProduceRequest;
import io.kwire.messages.ProduceResponse;
import java.util.List;

/**
 * The APIs a fake broker serves, at the versions a Kafka 4.x broker answers (its lowest versions
 * are the ones Kafka 4.0 kept, KIP-896). ApiVersions is answered by kwire-net from this list.
 */
public final class BrokerApis {
  private BrokerApis() {}

  public static List<FakeApi<?, ?>> of(ClusterState cluster, GroupCoordinator groups) {
    return List.of(
        FakeApi.of(ProduceRequest.class, ProduceResponse.class, 3, 13, new ProduceHandler(cluster)),
        FakeApi.of(FetchRequest.class, FetchResponse.class, 4, 18, new FetchHandler(cluster)),
        FakeApi.of(ListOffsetsRequest.class, ListOffsetsResponse.class, 1, 11, new ListOffsetsHandler(cluster)),
        FakeApi.of(MetadataRequest.class, MetadataResponse.class, 0, 13, new MetadataHandler(cluster)),
        FakeApi.of(OffsetCommitRequest.class, OffsetCommitResponse.class, 2, 10,
            new OffsetCommitHandler(cluster, groups)),
        FakeApi.of(OffsetFetchRequest.class, OffsetFetchResponse.class, 1, 10, new OffsetFetchHandler(cluster, groups)),
        FakeApi.of(FindCoordinatorRequest.class, FindCoordinatorResponse.class, 0, 6,
            new FindCoordinatorHandler(cluster, groups)),
        FakeApi.of(JoinGroupRequest.class, JoinGroupResponse.class, 0, 9,
            new JoinGroupHandler(groups, cluster.settings())),
        FakeApi.of(HeartbeatRequest.class, HeartbeatResponse.class, 0, 4, new HeartbeatHandler(groups)),
        FakeApi.of(LeaveGroupRequest.class, LeaveGroupResponse.class, 0, 5, new LeaveGroupHandler(groups)),
        FakeApi.of(SyncGroupRequest.class, SyncGroupResponse.class, 0, 5, new SyncGroupHandler(groups)),
        FakeApi.of(CreateTopicsRequest.class, CreateTopicsResponse.class, 2, 7, new CreateTopicsHandler(cluster)),
        FakeApi.of(DeleteTopicsRequest.class, DeleteTopicsResponse.class, 1, 6, new DeleteTopicsHandler(cluster)),
        FakeApi.of(OffsetForLeaderEpochRequest.class, OffsetForLeaderEpochResponse.class, 2, 4,
            new OffsetForLeaderEpochHandler(cluster)),
        FakeApi.of(CreatePartitionsRequest.class, CreatePartitionsResponse.class, 0, 3,
            new CreatePartitionsHandler(cluster)),
        FakeApi.of(DescribeClusterRequest.class, DescribeClusterResponse.class, 0, 2,
            new DescribeClusterHandler(cluster)));
  }
}

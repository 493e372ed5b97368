package io.kwire.fake;

import io.kwire.fake.cluster.ClusterState;
import io.kwire.fake.cluster.ErrorCode;
import io.kwire.fake.cluster.Partition;
import io.kwire.fake.cluster.Topic;
import io.kwire.fake.handlers.CreateTopicsHandler;
import io.kwire.fake.handlers.RequestContext;
import io.kwire.messages.CreateTopicsRequest;
import io.kwire.messages.CreateTopicsRequest.CreatableTopic;
import io.kwire.messages.CreateTopicsRequestBuilder;
import io.kwire.messages.CreateTopicsRequestBuilder.CreatableTopicBuilder;
import io.kwire.messages.CreateTopicsResponse.CreatableTopicResult;
import java.util.List;

/** Topics as a test sets them up without a client: created through CreateTopics' own checks, leaders moved. */
final class TopicAdmin {
  /** The CreateTopics version {@link #create} asks at: the newest the fake serves. */
  private static final short CREATE_TOPICS_VERSION = 7;
  /** Where the test's CreateTopics comes from, for the handler's context. */
  private static final String CLIENT_HOST = "/127.0.0.1";

  private final ClusterState state;
  private final ClusterCalls calls;

  TopicAdmin(ClusterState state, ClusterCalls calls) {
    this.state = state;
    this.calls = calls;
  }

  void create(String name, int partitions, int replicationFactor) {
    // CreateTopics reads -1 as "the broker's default"; the counts here are explicit, so any
    // non-positive one is sent as 0, which it refuses.
    CreatableTopic topic = new CreatableTopicBuilder().name(name).numPartitions(Math.max(0, partitions))
        .replicationFactor((short) Math.max(0, Math.min(replicationFactor, Short.MAX_VALUE))).build();
    CreateTopicsRequest request = new CreateTopicsRequestBuilder().topics(List.of(topic)).build();
    CreatableTopicResult result = calls.call(() -> new CreateTopicsHandler(state)
        .handle(request, new RequestContext(state.controllerId(), CREATE_TOPICS_VERSION, null, CLIENT_HOST))
        .toCompletableFuture().join()).topics().get(0);
    if (result.errorCode() != ErrorCode.NONE) {
      throw new IllegalArgumentException(result.errorMessage());
    }
  }

  void moveLeader(String topic, int partition, int nodeId) {
    calls.run(() -> partition(state, topic, partition).electLeader(nodeId));
  }

  /** A partition of the cluster's; on the cluster thread only. */
  static Partition partition(ClusterState state, String topic, int partition) {
    Topic t = state.topic(topic);
    if (t == null || t.partition(partition) == null) {
      throw new IllegalArgumentException("no partition " + topic + "-" + partition);
    }
    return t.partition(partition);
  }
}

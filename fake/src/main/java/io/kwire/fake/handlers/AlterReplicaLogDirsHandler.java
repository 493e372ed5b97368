package io.kwire.fake.handlers;

import io.kwire.fake.cluster.ClusterState;
import io.kwire.fake.cluster.ErrorCode;
import io.kwire.fake.cluster.Partition;
import io.kwire.fake.cluster.Topic;
import io.kwire.messages.AlterReplicaLogDirsRequest;
import io.kwire.messages.AlterReplicaLogDirsResponse;
import io.kwire.messages.AlterReplicaLogDirsResponseBuilder;
import io.kwire.messages.AlterReplicaLogDirsResponseBuilder.AlterReplicaLogDirPartitionResultBuilder;
import io.kwire.messages.AlterReplicaLogDirsResponseBuilder.AlterReplicaLogDirTopicResultBuilder;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * AlterReplicaLogDirs at one broker, which has one log directory ({@link LogDirs}): moving a
 * replica there is done already (NONE); any other path is LOG_DIR_NOT_FOUND; a partition this
 * broker holds no replica of (or that does not exist) REPLICA_NOT_AVAILABLE, as Kafka answers it.
 */
public final class AlterReplicaLogDirsHandler
    implements ApiHandler<AlterReplicaLogDirsRequest, AlterReplicaLogDirsResponse> {
  static final short REPLICA_NOT_AVAILABLE = 9;
  static final short LOG_DIR_NOT_FOUND = 57;

  private final ClusterState cluster;

  public AlterReplicaLogDirsHandler(ClusterState cluster) {
    this.cluster = cluster;
  }

  @Override
  public CompletionStage<AlterReplicaLogDirsResponse> handle(AlterReplicaLogDirsRequest request,
      RequestContext context) {
    // one result per topic, whichever directories named it, as Kafka answers from a map by partition
    Map<String, List<AlterReplicaLogDirsResponse.AlterReplicaLogDirPartitionResult>> byTopic = new LinkedHashMap<>();
    String ours = LogDirs.of(context.brokerId());
    for (AlterReplicaLogDirsRequest.AlterReplicaLogDir dir : request.dirs()) {
      for (AlterReplicaLogDirsRequest.AlterReplicaLogDirTopic t : dir.topics()) {
        Topic topic = cluster.topic(t.name());
        List<AlterReplicaLogDirsResponse.AlterReplicaLogDirPartitionResult> partitions =
            byTopic.computeIfAbsent(t.name(), name -> new ArrayList<>());
        for (int index : t.partitions()) {
          Partition p = topic == null ? null : topic.partition(index);
          short error = !ours.equals(dir.path()) ? LOG_DIR_NOT_FOUND
              : p == null || !p.replicas().contains(context.brokerId()) ? REPLICA_NOT_AVAILABLE : ErrorCode.NONE;
          partitions.add(new AlterReplicaLogDirPartitionResultBuilder().partitionIndex(index).errorCode(error).build());
        }
      }
    }
    List<AlterReplicaLogDirsResponse.AlterReplicaLogDirTopicResult> results = new ArrayList<>();
    byTopic.forEach((name, partitions) -> results.add(new AlterReplicaLogDirTopicResultBuilder().topicName(name)
        .partitions(partitions).build()));
    return CompletableFuture.completedFuture(new AlterReplicaLogDirsResponseBuilder().results(results).build());
  }
}

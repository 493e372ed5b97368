package io.kwire.fake.handlers;

import io.kwire.fake.cluster.ClusterState;
import io.kwire.fake.cluster.Partition;
import io.kwire.fake.cluster.Topic;
import io.kwire.messages.DescribeLogDirsRequest;
import io.kwire.messages.DescribeLogDirsResponse;
import io.kwire.messages.DescribeLogDirsResponseBuilder;
import io.kwire.messages.DescribeLogDirsResponseBuilder.DescribeLogDirsPartitionBuilder;
import io.kwire.messages.DescribeLogDirsResponseBuilder.DescribeLogDirsResultBuilder;
import io.kwire.messages.DescribeLogDirsResponseBuilder.DescribeLogDirsTopicBuilder;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * DescribeLogDirs at one broker: its single log directory ({@link LogDirs}) with the partitions it
 * holds a replica of (all, or those named; unknown ones left out, as Kafka leaves them), each with
 * the bytes its log keeps and an offset lag of 0 (every replica is in sync). From v4 the directory's
 * total and usable bytes: the JVM's maximum heap and what of it is free, the heap being where the
 * fake's logs are kept.
 */
public final class DescribeLogDirsHandler implements ApiHandler<DescribeLogDirsRequest, DescribeLogDirsResponse> {
  private final ClusterState cluster;

  public DescribeLogDirsHandler(ClusterState cluster) {
    this.cluster = cluster;
  }

  @Override
  public CompletionStage<DescribeLogDirsResponse> handle(DescribeLogDirsRequest request, RequestContext context) {
    List<DescribeLogDirsResponse.DescribeLogDirsTopic> topics = new ArrayList<>();
    if (request.topics() == null) {
      for (Topic topic : cluster.topics()) {
        add(topics, topic, null, context.brokerId());
      }
    } else {
      for (DescribeLogDirsRequest.DescribableLogDirTopic t : request.topics()) {
        Topic topic = cluster.topic(t.topic());
        if (topic != null) {
          add(topics, topic, t.partitions(), context.brokerId());
        }
      }
    }
    Runtime heap = Runtime.getRuntime();
    long total = heap.maxMemory();
    long usable = total - (heap.totalMemory() - heap.freeMemory());
    DescribeLogDirsResponse.DescribeLogDirsResult dir = new DescribeLogDirsResultBuilder()
        .logDir(LogDirs.of(context.brokerId())).topics(topics)
        .totalBytes(context.apiVersion() >= 4 ? total : -1).usableBytes(context.apiVersion() >= 4 ? usable : -1)
        .build();
    return CompletableFuture.completedFuture(new DescribeLogDirsResponseBuilder().results(List.of(dir)).build());
  }

  /** The topic's partitions with a replica on the broker ({@code only} null: all of them). */
  private static void add(List<DescribeLogDirsResponse.DescribeLogDirsTopic> into, Topic topic, List<Integer> only,
      int brokerId) {
    List<DescribeLogDirsResponse.DescribeLogDirsPartition> partitions = new ArrayList<>();
    for (Partition p : topic.partitions()) {
      if ((only == null || only.contains(p.index())) && p.replicas().contains(brokerId)) {
        partitions.add(new DescribeLogDirsPartitionBuilder().partitionIndex(p.index())
            .partitionSize(p.log().sizeInBytes()).offsetLag(0).isFutureKey(false).build());
      }
    }
    if (!partitions.isEmpty()) {
      into.add(new DescribeLogDirsTopicBuilder().name(topic.name()).partitions(partitions).build());
    }
  }
}

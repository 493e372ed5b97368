package io.kwire.fake.handlers;

import io.kwire.fake.cluster.ClusterState;
import io.kwire.fake.cluster.ErrorCode;
import io.kwire.fake.cluster.Partition;
import io.kwire.fake.cluster.Topic;
import io.kwire.messages.DeleteRecordsRequest;
import io.kwire.messages.DeleteRecordsResponse;
import io.kwire.messages.DeleteRecordsResponseBuilder;
import io.kwire.messages.DeleteRecordsResponseBuilder.DeleteRecordsPartitionResultBuilder;
import io.kwire.messages.DeleteRecordsResponseBuilder.DeleteRecordsTopicResultBuilder;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * DeleteRecords: moves a partition's log start offset up to the offset given (-1: the high
 * watermark), answering the new low watermark; beyond the high watermark is OFFSET_OUT_OF_RANGE.
 */
public final class DeleteRecordsHandler implements ApiHandler<DeleteRecordsRequest, DeleteRecordsResponse> {
  private static final long HIGH_WATERMARK = -1;

  private final ClusterState cluster;

  public DeleteRecordsHandler(ClusterState cluster) {
    this.cluster = cluster;
  }

  @Override
  public CompletionStage<DeleteRecordsResponse> handle(DeleteRecordsRequest request, RequestContext context) {
    List<DeleteRecordsResponse.DeleteRecordsTopicResult> topics = new ArrayList<>();
    for (DeleteRecordsRequest.DeleteRecordsTopic t : request.topics()) {
      Topic topic = cluster.topic(t.name());
      List<DeleteRecordsResponse.DeleteRecordsPartitionResult> partitions = new ArrayList<>();
      for (DeleteRecordsRequest.DeleteRecordsPartition p : t.partitions()) {
        Partition partition = topic == null ? null : topic.partition(p.partitionIndex());
        DeleteRecordsPartitionResultBuilder out = new DeleteRecordsPartitionResultBuilder()
            .partitionIndex(p.partitionIndex()).lowWatermark(-1);
        if (partition == null) {
          out.errorCode(ErrorCode.UNKNOWN_TOPIC_OR_PARTITION);
        } else if (partition.leaderId() != context.brokerId()) {
          out.errorCode(ErrorCode.NOT_LEADER_OR_FOLLOWER);
        } else {
          long offset = p.offset() == HIGH_WATERMARK ? partition.log().highWatermark() : p.offset();
          if (offset < 0 || offset > partition.log().highWatermark()) {
            out.errorCode(ErrorCode.OFFSET_OUT_OF_RANGE);
          } else {
            partition.log().deleteBefore(offset);
            out.lowWatermark(partition.log().logStartOffset());
          }
        }
        partitions.add(out.build());
      }
      topics.add(new DeleteRecordsTopicResultBuilder().name(t.name()).partitions(partitions).build());
    }
    return CompletableFuture.completedFuture(new DeleteRecordsResponseBuilder().topics(topics).build());
  }
}

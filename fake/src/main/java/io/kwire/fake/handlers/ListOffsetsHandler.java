package io.kwire.fake.handlers;

import io.kwire.fake.cluster.ClusterState;
import io.kwire.fake.cluster.ErrorCode;
import io.kwire.fake.cluster.LogSearch;
import io.kwire.fake.cluster.Partition;
import io.kwire.fake.cluster.PartitionLog;
import io.kwire.fake.cluster.Topic;
import io.kwire.messages.ListOffsetsRequest;
import io.kwire.messages.ListOffsetsResponse;
import io.kwire.messages.ListOffsetsResponseBuilder;
import io.kwire.messages.ListOffsetsResponseBuilder.ListOffsetsPartitionResponseBuilder;
import io.kwire.messages.ListOffsetsResponseBuilder.ListOffsetsTopicResponseBuilder;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * ListOffsets: latest (-1: the high watermark), earliest (-2) and earliest local (-4: the log
 * start), max timestamp (-3: the first record of the largest timestamp), and by time (the first
 * record at or after it). Without tiered storage, latest tiered (-5) and earliest pending upload
 * (-6) find nothing (-1), as on a broker with remote storage off.
 */
public final class ListOffsetsHandler implements ApiHandler<ListOffsetsRequest, ListOffsetsResponse> {
  static final long LATEST = -1;
  static final long EARLIEST = -2;
  static final long MAX_TIMESTAMP = -3;
  static final long EARLIEST_LOCAL = -4;
  static final long LATEST_TIERED = -5;
  static final long EARLIEST_PENDING_UPLOAD = -6;

  private final ClusterState cluster;

  public ListOffsetsHandler(ClusterState cluster) {
    this.cluster = cluster;
  }

  @Override
  public CompletionStage<ListOffsetsResponse> handle(ListOffsetsRequest request, RequestContext context) {
    List<ListOffsetsResponse.ListOffsetsTopicResponse> topics = new ArrayList<>();
    for (ListOffsetsRequest.ListOffsetsTopic wanted : request.topics()) {
      Topic topic = cluster.topic(wanted.name());
      List<ListOffsetsResponse.ListOffsetsPartitionResponse> partitions = new ArrayList<>();
      for (ListOffsetsRequest.ListOffsetsPartition p : wanted.partitions()) {
        partitions.add(answer(topic == null ? null : topic.partition(p.partitionIndex()), p, request.isolationLevel() == 1, context));
      }
      topics.add(new ListOffsetsTopicResponseBuilder().name(wanted.name()).partitions(partitions).build());
    }
    return CompletableFuture.completedFuture(new ListOffsetsResponseBuilder().topics(topics).build());
  }

  private ListOffsetsResponse.ListOffsetsPartitionResponse answer(Partition partition,
      ListOffsetsRequest.ListOffsetsPartition p, boolean readCommitted, RequestContext context) {
    ListOffsetsPartitionResponseBuilder out = new ListOffsetsPartitionResponseBuilder()
        .partitionIndex(p.partitionIndex()).oldStyleOffsets(List.of());
    if (partition == null) {
      return out.errorCode(ErrorCode.UNKNOWN_TOPIC_OR_PARTITION).build();
    }
    if (partition.leaderId() != context.brokerId()) {
      return out.errorCode(ErrorCode.NOT_LEADER_OR_FOLLOWER).build();
    }
    short epochError = partition.checkLeaderEpoch(p.currentLeaderEpoch());
    if (epochError != ErrorCode.NONE) {
      return out.errorCode(epochError).build();
    }
    PartitionLog log = partition.log();
    long ts = p.timestamp();
    LogSearch.Found found;
    if (ts == LATEST) {
      found = new LogSearch.Found(readCommitted ? partition.lastStableOffset() : log.highWatermark(), -1);
    } else if (ts == EARLIEST || ts == EARLIEST_LOCAL) {
      found = new LogSearch.Found(log.logStartOffset(), -1);
    } else if (ts == MAX_TIMESTAMP) {
      found = LogSearch.maxTimestamp(log);
    } else if (ts == LATEST_TIERED || ts == EARLIEST_PENDING_UPLOAD) {
      found = LogSearch.Found.NONE;
    } else if (ts >= 0) {
      found = LogSearch.firstAtOrAfter(log, ts);
    } else {
      return out.errorCode(ErrorCode.INVALID_REQUEST).build();
    }
    out.offset(found.offset()).timestamp(found.timestamp());
    if (context.apiVersion() >= 4) {
      out.leaderEpoch(found.offset() < 0 ? -1 : partition.leaderEpoch());
    }
    return out.build();
  }
}

package io.kwire.fake.handlers;

import io.kwire.fake.cluster.ClusterState;
import io.kwire.fake.cluster.ErrorCode;
import io.kwire.fake.cluster.Topic;
import io.kwire.fake.groups.CommittedOffset;
import io.kwire.fake.groups.GroupCoordinator;
import io.kwire.fake.txns.TransactionCoordinator;
import io.kwire.messages.TxnOffsetCommitRequest;
import io.kwire.messages.TxnOffsetCommitResponse;
import io.kwire.messages.TxnOffsetCommitResponseBuilder;
import io.kwire.messages.TxnOffsetCommitResponseBuilder.TxnOffsetCommitResponsePartitionBuilder;
import io.kwire.messages.TxnOffsetCommitResponseBuilder.TxnOffsetCommitResponseTopicBuilder;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * TxnOffsetCommit, at the group's coordinator: stages offsets in the open transaction (the group
 * added by AddOffsetsToTxn first; from v5, transactions version 2, by this request itself), applied
 * to the group when it commits (the coordinator's offset store keeps them until then). From v3 a member id and
 * generation, when given, are checked as OffsetCommit checks them. A stale producer epoch is
 * INVALID_PRODUCER_EPOCH (clients read it as fenced). Topics by id from v6 (UNKNOWN_TOPIC_ID).
 */
public final class TxnOffsetCommitHandler implements ApiHandler<TxnOffsetCommitRequest, TxnOffsetCommitResponse> {
  /** From v5 the request adds its group to the transaction (KIP-890, transactions v2: no AddOffsetsToTxn). */
  private static final int TRANSACTIONS_V2 = 5;
  /** From v6 topics are named by id. */
  private static final int BY_TOPIC_ID = 6;
  private final ClusterState cluster;
  private final GroupCoordinator groups;
  private final TransactionCoordinator transactions;

  public TxnOffsetCommitHandler(ClusterState cluster, GroupCoordinator groups, TransactionCoordinator transactions) {
    this.cluster = cluster;
    this.groups = groups;
    this.transactions = transactions;
  }

  @Override
  public CompletionStage<TxnOffsetCommitResponse> handle(TxnOffsetCommitRequest request, RequestContext context) {
    String txnId = request.transactionalId();
    short error = GroupChecks.coordinator(groups, request.groupId(), context);
    if (error == ErrorCode.NONE && context.apiVersion() >= TRANSACTIONS_V2) {
      error = transactions.addGroupImplicitly(txnId, request.producerId(), request.producerEpoch(), request.groupId());
    }
    if (error == ErrorCode.NONE) {
      error = transactions.checkOffsetCommit(txnId, request.producerId(), request.producerEpoch(), request.groupId());
      error = error == ErrorCode.PRODUCER_FENCED ? ErrorCode.INVALID_PRODUCER_EPOCH : error;
    }
    if (error == ErrorCode.NONE && context.apiVersion() >= 3 && request.generationIdOrMemberEpoch() >= 0) {
      error = groups.validateTxnOffsetCommit(request.groupId(), request.memberId(), request.groupInstanceId(),
          request.generationIdOrMemberEpoch());
    }
    boolean byId = context.apiVersion() >= BY_TOPIC_ID;
    List<TxnOffsetCommitResponse.TxnOffsetCommitResponseTopic> topics = new ArrayList<>();
    for (TxnOffsetCommitRequest.TxnOffsetCommitRequestTopic t : request.topics()) {
      Topic topic = byId ? cluster.topic(t.topicId()) : cluster.topic(t.name());
      List<TxnOffsetCommitResponse.TxnOffsetCommitResponsePartition> partitions = new ArrayList<>();
      for (TxnOffsetCommitRequest.TxnOffsetCommitRequestPartition p : t.partitions()) {
        short result = error;
        if (result == ErrorCode.NONE && (topic == null || topic.partition(p.partitionIndex()) == null)) {
          result = topic == null && byId ? ErrorCode.UNKNOWN_TOPIC_ID : ErrorCode.UNKNOWN_TOPIC_OR_PARTITION;
        }
        if (result == ErrorCode.NONE) {
          groups.offsets().stage(txnId, request.groupId(), topic.name(), p.partitionIndex(),
              new CommittedOffset(p.committedOffset(), p.committedLeaderEpoch(), p.committedMetadata()));
        }
        partitions.add(new TxnOffsetCommitResponsePartitionBuilder().partitionIndex(p.partitionIndex())
            .errorCode(result).build());
      }
      topics.add(new TxnOffsetCommitResponseTopicBuilder().name(t.name()).topicId(t.topicId()).partitions(partitions)
          .build());
    }
    return CompletableFuture.completedFuture(new TxnOffsetCommitResponseBuilder().topics(topics).build());
  }
}

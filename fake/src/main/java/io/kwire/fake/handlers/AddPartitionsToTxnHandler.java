package io.kwire.fake.handlers;

import io.kwire.fake.cluster.ClusterState;
import io.kwire.fake.cluster.ErrorCode;
import io.kwire.fake.cluster.Partition;
import io.kwire.fake.cluster.Topic;
import io.kwire.fake.txns.TransactionCoordinator;
import io.kwire.messages.AddPartitionsToTxnRequest;
import io.kwire.messages.AddPartitionsToTxnResponse;
import io.kwire.messages.AddPartitionsToTxnResponseBuilder;
import io.kwire.messages.AddPartitionsToTxnResponseBuilder.AddPartitionsToTxnPartitionResultBuilder;
import io.kwire.messages.AddPartitionsToTxnResponseBuilder.AddPartitionsToTxnResultBuilder;
import io.kwire.messages.AddPartitionsToTxnResponseBuilder.AddPartitionsToTxnTopicResultBuilder;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * AddPartitionsToTxn: one transaction (v0-3, what clients send) or a batch of them (v4+, Kafka's
 * broker-to-coordinator shape; verifyOnly answers whether each partition is already in). As Kafka
 * does, an unknown partition fails it and every other partition of the request gets
 * OPERATION_NOT_ATTEMPTED; nothing is added then.
 */
public final class AddPartitionsToTxnHandler implements ApiHandler<AddPartitionsToTxnRequest, AddPartitionsToTxnResponse> {
  private static final short OPERATION_NOT_ATTEMPTED = 55;

  private final ClusterState cluster;
  private final TransactionCoordinator transactions;

  public AddPartitionsToTxnHandler(ClusterState cluster, TransactionCoordinator transactions) {
    this.cluster = cluster;
    this.transactions = transactions;
  }

  @Override
  public CompletionStage<AddPartitionsToTxnResponse> handle(AddPartitionsToTxnRequest request, RequestContext context) {
    AddPartitionsToTxnResponseBuilder out = new AddPartitionsToTxnResponseBuilder();
    if (context.apiVersion() < 4) {
      return CompletableFuture.completedFuture(out.resultsByTopicV3AndBelow(add(request.v3AndBelowTransactionalId(),
          request.v3AndBelowProducerId(), request.v3AndBelowProducerEpoch(), false, request.v3AndBelowTopics(), context))
          .build());
    }
    List<AddPartitionsToTxnResponse.AddPartitionsToTxnResult> results = new ArrayList<>();
    for (AddPartitionsToTxnRequest.AddPartitionsToTxnTransaction t : request.transactions()) {
      results.add(new AddPartitionsToTxnResultBuilder().transactionalId(t.transactionalId())
          .topicResults(add(t.transactionalId(), t.producerId(), t.producerEpoch(), t.verifyOnly(), t.topics(), context))
          .build());
    }
    return CompletableFuture.completedFuture(out.resultsByTransaction(results).build());
  }

  private List<AddPartitionsToTxnResponse.AddPartitionsToTxnTopicResult> add(String transactionalId, long producerId,
      short epoch, boolean verifyOnly, List<AddPartitionsToTxnRequest.AddPartitionsToTxnTopic> topics,
      RequestContext context) {
    short error = TxnChecks.forVersion(TxnChecks.producer(transactions, transactionalId, producerId, epoch, context),
        context.apiVersion(), 2);
    boolean anyUnknown = false;
    for (AddPartitionsToTxnRequest.AddPartitionsToTxnTopic t : topics) {
      for (int p : t.partitions()) {
        anyUnknown |= partition(t.name(), p) == null;
      }
    }
    List<AddPartitionsToTxnResponse.AddPartitionsToTxnTopicResult> results = new ArrayList<>();
    for (AddPartitionsToTxnRequest.AddPartitionsToTxnTopic t : topics) {
      List<AddPartitionsToTxnResponse.AddPartitionsToTxnPartitionResult> partitions = new ArrayList<>();
      for (int p : t.partitions()) {
        Partition partition = partition(t.name(), p);
        short result = error;
        if (result == ErrorCode.NONE && anyUnknown) {
          result = partition == null ? ErrorCode.UNKNOWN_TOPIC_OR_PARTITION : OPERATION_NOT_ATTEMPTED;
        }
        if (result == ErrorCode.NONE && verifyOnly) {
          result = transactions.checkProduce(producerId, epoch, partition);
        } else if (result == ErrorCode.NONE) {
          transactions.addPartition(transactionalId, partition);
        }
        partitions.add(new AddPartitionsToTxnPartitionResultBuilder().partitionIndex(p).partitionErrorCode(result)
            .build());
      }
      results.add(new AddPartitionsToTxnTopicResultBuilder().name(t.name()).resultsByPartition(partitions).build());
    }
    return results;
  }

  private Partition partition(String topicName, int index) {
    Topic topic = cluster.topic(topicName);
    return topic == null ? null : topic.partition(index);
  }
}

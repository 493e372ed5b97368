package io.kwire.fake.handlers;

import io.kwire.fake.cluster.BatchStamp;
import io.kwire.fake.cluster.BrokerNode;
import io.kwire.fake.cluster.ClusterState;
import io.kwire.fake.cluster.ErrorCode;
import io.kwire.fake.cluster.Partition;
import io.kwire.fake.cluster.ProducedBatch;
import io.kwire.fake.cluster.ProducerStates;
import io.kwire.fake.cluster.StoredBatch;
import io.kwire.fake.cluster.Topic;
import io.kwire.fake.cluster.TopicConfigs;
import io.kwire.fake.txns.TransactionCoordinator;
import io.kwire.messages.ProduceRequest;
import io.kwire.messages.ProduceResponse;
import io.kwire.messages.ProduceResponseBuilder;
import io.kwire.messages.ProduceResponseBuilder.BatchIndexAndErrorMessageBuilder;
import io.kwire.messages.ProduceResponseBuilder.LeaderIdAndEpochBuilder;
import io.kwire.messages.ProduceResponseBuilder.NodeEndpointBuilder;
import io.kwire.messages.ProduceResponseBuilder.PartitionProduceResponseBuilder;
import io.kwire.messages.ProduceResponseBuilder.TopicProduceResponseBuilder;
import io.kwire.runtime.records.RecordBatchV2;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * Produce: each partition's batch is checked ({@link ProducedBatch}), stamped with its offsets
 * (and the append time for a LogAppendTime topic) and appended, waking fetches waiting on the
 * partition. The in-sync replicas share the leader's log, so acks=-1 is answered as soon as acks=1,
 * unless the ISR is smaller than the topic's min.insync.replicas (NOT_ENOUGH_REPLICAS) or a follower
 * whose replication a test paused lags ({@link io.kwire.fake.cluster.ReplicaLag}: the answer waits). Topics are
 * named by name up to v12, by id from v13. A partition led by another broker is
 * NOT_LEADER_OR_FOLLOWER with the leader's id, epoch and endpoint (v10+). An idempotent producer's
 * retried batch is answered with its first offset, not written again ({@link ProducerStates}); a
 * transactional batch must come from its transactional id's current epoch, its partition added to
 * the open transaction (AddPartitionsToTxn; from v12, transactions version 2, the batch adds it
 * itself), and holds back the partition's last stable offset.
 */
public final class ProduceHandler implements ApiHandler<ProduceRequest, ProduceResponse> {
  /** From Produce v12 a transactional batch adds its partition to the transaction (KIP-890, transactions v2). */
  private static final int TRANSACTIONS_V2 = 12;

  /** A topic's answers, built once the acks=all appends that wait are settled. */
  private record TopicResult(ProduceRequest.TopicProduceData data, List<PartitionProduceResponseBuilder> partitions) {}
  private final ClusterState cluster;
  private final TransactionCoordinator transactions;

  public ProduceHandler(ClusterState cluster, TransactionCoordinator transactions) {
    this.cluster = cluster;
    this.transactions = transactions;
  }

  @Override
  public CompletionStage<ProduceResponse> handle(ProduceRequest request, RequestContext context) {
    boolean byId = context.apiVersion() >= 13;
    boolean acksValid = request.acks() == -1 || request.acks() == 0 || request.acks() == 1;
    Map<Integer, BrokerNode> leaders = new LinkedHashMap<>();
    List<TopicResult> topicResults = new ArrayList<>();
    List<CompletableFuture<Void>> waits = new ArrayList<>();
    for (ProduceRequest.TopicProduceData data : request.topicData()) {
      Topic topic = byId ? cluster.topic(data.topicId()) : cluster.topic(data.name());
      List<PartitionProduceResponseBuilder> partitions = new ArrayList<>();
      for (ProduceRequest.PartitionProduceData p : data.partitionData()) {
        PartitionProduceResponseBuilder result = new PartitionProduceResponseBuilder().index(p.index()).baseOffset(-1);
        Partition partition = topic == null ? null : topic.partition(p.index());
        if (!acksValid) {
          result.errorCode(ErrorCode.INVALID_REQUIRED_ACKS);
        } else if (partition == null) {
          result.errorCode(topic == null && byId ? ErrorCode.UNKNOWN_TOPIC_ID : ErrorCode.UNKNOWN_TOPIC_OR_PARTITION);
        } else if (partition.leaderId() != context.brokerId()) {
          result.errorCode(ErrorCode.NOT_LEADER_OR_FOLLOWER);
          if (context.apiVersion() >= 10) {
            result.currentLeader(new LeaderIdAndEpochBuilder().leaderId(partition.leaderId())
                .leaderEpoch(partition.leaderEpoch()).build());
            leaders.put(partition.leaderId(), cluster.broker(partition.leaderId()));
          }
        } else if (request.acks() == -1
            && partition.isr().size() < Math.min(minInsyncReplicas(topic), partition.replicas().size())) {
          // acks=all with fewer in-sync replicas than the topic asks for (at most its replication factor,
          // as Kafka 4.x counts it): refused before the append, as Kafka does
          result.errorCode(ErrorCode.NOT_ENOUGH_REPLICAS);
        } else {
          long before = partition.log().endOffset();
          append(topic, partition, p, request.transactionalId(), context.apiVersion(), result);
          if (partition.log().endOffset() > before) {
            cluster.replicaLag().appended(partition);
            if (request.acks() == -1) {
              waits.add(awaitReplicas(partition, minInsyncReplicas(topic), request.timeoutMs(), result));
            }
          }
        }
        partitions.add(result);
      }
      topicResults.add(new TopicResult(data, partitions));
    }
    List<ProduceResponse.NodeEndpoint> endpoints = new ArrayList<>();
    for (BrokerNode b : leaders.values()) {
      if (b == null) {
        continue; // an offline partition's leader (-1) has no endpoint
      }
      endpoints.add(new NodeEndpointBuilder().nodeId(b.nodeId()).host(b.host()).port(b.port()).rack(b.rack()).build());
    }
    // acks=all appends that wait for a lagging follower (FakeCluster.pauseReplication) hold the response
    return CompletableFuture.allOf(waits.toArray(CompletableFuture[]::new)).thenApply(done -> {
      List<ProduceResponse.TopicProduceResponse> topics = new ArrayList<>();
      for (TopicResult t : topicResults) {
        topics.add(new TopicProduceResponseBuilder().name(t.data().name()).topicId(t.data().topicId())
            .partitionResponses(t.partitions().stream().map(PartitionProduceResponseBuilder::build).toList()).build());
      }
      return new ProduceResponseBuilder().responses(topics).nodeEndpoints(endpoints).build();
    });
  }

  /**
   * Waits for the partition's lagging in-sync followers, if any: the answer's code becomes
   * NOT_ENOUGH_REPLICAS_AFTER_APPEND when they left the ISR below min.insync.replicas, or
   * REQUEST_TIMED_OUT when the request's timeout (a network wait: real time) passes first.
   */
  private CompletableFuture<Void> awaitReplicas(Partition partition, int minInsync, int timeoutMs,
      PartitionProduceResponseBuilder result) {
    CompletableFuture<Short> replicated = cluster.replicaLag().awaitReplication(partition, minInsync);
    if (replicated.isDone()) {
      return CompletableFuture.completedFuture(null);
    }
    var timer = cluster.networkWaits().schedule(Math.max(0, timeoutMs), () -> {
      cluster.replicaLag().forget(partition, replicated);
      replicated.complete(ErrorCode.REQUEST_TIMED_OUT);
    });
    return replicated.thenAccept(code -> {
      timer.cancel();
      if (code != ErrorCode.NONE) {
        result.errorCode(code);
      }
    });
  }

  /** The topic's {@code min.insync.replicas} (1, Kafka's default, when it does not read as a number). */
  /** A compacted topic's batch with keyless records: answered as Kafka 4.4.0 answers it (e2e CompactedKeylessAgainstKafkaTest). */
  private static boolean refusedKeyless(Topic topic, Partition partition, RecordBatchV2 batch,
      PartitionProduceResponseBuilder result) {
    List<Integer> keyless = ProducedBatch.keylessRecords(batch);
    if (keyless.isEmpty()) {
      return false;
    }
    String why = "Compacted topic cannot accept message without key in topic partition " + topic.name() + "-"
        + partition.index();
    List<ProduceResponse.BatchIndexAndErrorMessage> errors = new ArrayList<>();
    List<String> shown = new ArrayList<>();
    for (int index : keyless) {
      errors.add(new BatchIndexAndErrorMessageBuilder().batchIndex(index).batchIndexErrorMessage(why).build());
      if (shown.size() < 3) {
        shown.add("RecordError(batchIndex=" + index + ", message='" + why + "')");
      }
    }
    result.errorCode(ErrorCode.INVALID_RECORD).recordErrors(errors).logStartOffset(partition.log().logStartOffset())
        .errorMessage("One or more records have been rejected due to " + keyless.size() + " record errors in total,"
            + " and only showing the first three errors at most: [" + String.join(", ", shown) + "]");
    return true;
  }

  private static int minInsyncReplicas(Topic topic) {
    try {
      return Integer.parseInt(topic.configs().get(TopicConfigs.MIN_INSYNC_REPLICAS));
    } catch (NumberFormatException e) {
      return 1;
    }
  }

  private void append(Topic topic, Partition partition, ProduceRequest.PartitionProduceData p, String transactionalId,
      short version, PartitionProduceResponseBuilder result) {
    ProducedBatch.Checked checked = ProducedBatch.check(p.records(), topic.configs().maxMessageBytes());
    if (checked.batch() == null) {
      result.errorCode(checked.errorCode()).errorMessage(checked.errorMessage());
      return;
    }
    RecordBatchV2 batch = checked.batch();
    if (topic.configs().cleanupPolicy("compact") && refusedKeyless(topic, partition, batch, result)) {
      return;
    }
    if (batch.isTransactional()) {
      short txnError = version >= TRANSACTIONS_V2
          ? transactions.addPartitionImplicitly(transactionalId, batch.producerId(), batch.producerEpoch(), partition)
          : ErrorCode.NONE;
      if (txnError == ErrorCode.NONE) {
        txnError = transactions.checkProduce(batch.producerId(), batch.producerEpoch(), partition);
      }
      if (txnError != ErrorCode.NONE) {
        // Kafka reports the log start offset with the errors its log raises (sequence, epoch, transaction).
        result.errorCode(txnError).logStartOffset(partition.log().logStartOffset());
        return;
      }
    }
    if (batch.producerId() >= 0) {
      ProducerStates.Decision decision = partition.producers().check(batch);
      if (decision.duplicate()) {
        // Kafka answers a duplicate from the batch metadata it caches, whose timestamp (the batch's
        // max timestamp) it reports as the log append time.
        result.baseOffset(decision.duplicateOffset()).logAppendTimeMs(batch.maxTimestamp())
            .logStartOffset(partition.log().logStartOffset());
        return;
      }
      if (decision.errorCode() != ErrorCode.NONE) {
        result.errorCode(decision.errorCode()).logStartOffset(partition.log().logStartOffset());
        return;
      }
    }
    long appendTime = topic.configs().logAppendTime() ? cluster.clock().nowMs() : -1;
    StoredBatch stored = BatchStamp.stamp(batch, partition.log().endOffset(), partition.leaderEpoch(), appendTime);
    if (batch.producerId() >= 0) {
      partition.producers().appended(batch, stored.baseOffset());
    }
    if (batch.isTransactional()) {
      partition.transactions().written(batch.producerId(), stored.baseOffset());
    }
    partition.log().append(stored);
    result.baseOffset(stored.baseOffset()).logAppendTimeMs(appendTime)
        .logStartOffset(partition.log().logStartOffset());
  }
}

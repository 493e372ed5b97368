package io.kwire.fake.handlers;

import io.kwire.fake.cluster.ClusterState;
import io.kwire.fake.cluster.ErrorCode;
import io.kwire.fake.cluster.Partition;
import io.kwire.fake.cluster.ProducerStates;
import io.kwire.fake.cluster.Topic;
import io.kwire.messages.DescribeProducersRequest;
import io.kwire.messages.DescribeProducersResponse;
import io.kwire.messages.DescribeProducersResponseBuilder;
import io.kwire.messages.DescribeProducersResponseBuilder.PartitionResponseBuilder;
import io.kwire.messages.DescribeProducersResponseBuilder.ProducerStateBuilder;
import io.kwire.messages.DescribeProducersResponseBuilder.TopicResponseBuilder;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * DescribeProducers, answered by each partition's leader: every idempotent or transactional
 * producer that wrote to the partition (the fake never expires them; Kafka after
 * {@code producer.id.expiration.ms}, a day), by producer id, with its epoch, last sequence (-1
 * after an epoch bump with nothing written since), last timestamp, the coordinator epoch of its
 * last marker (-1 before any) and the first offset of its open transaction (-1 when none).
 * UNKNOWN_TOPIC_OR_PARTITION, NOT_LEADER_OR_FOLLOWER.
 */
public final class DescribeProducersHandler
    implements ApiHandler<DescribeProducersRequest, DescribeProducersResponse> {
  private final ClusterState cluster;

  public DescribeProducersHandler(ClusterState cluster) {
    this.cluster = cluster;
  }

  @Override
  public CompletionStage<DescribeProducersResponse> handle(DescribeProducersRequest request, RequestContext context) {
    List<DescribeProducersResponse.TopicResponse> topics = new ArrayList<>();
    for (DescribeProducersRequest.TopicRequest t : request.topics()) {
      Topic topic = cluster.topic(t.name());
      List<DescribeProducersResponse.PartitionResponse> partitions = new ArrayList<>();
      for (int index : t.partitionIndexes()) {
        Partition partition = topic == null ? null : topic.partition(index);
        PartitionResponseBuilder out = new PartitionResponseBuilder().partitionIndex(index);
        if (topic == null) { // Kafka says why when the topic is missing, not for a partition past its end
          out.errorCode(ErrorCode.UNKNOWN_TOPIC_OR_PARTITION).errorMessage("This server does not host this"
              + " topic-partition.");
        } else if (partition == null) {
          out.errorCode(ErrorCode.UNKNOWN_TOPIC_OR_PARTITION);
        } else if (partition.leaderId() != context.brokerId()) {
          out.errorCode(ErrorCode.NOT_LEADER_OR_FOLLOWER);
        } else {
          out.activeProducers(producers(partition));
        }
        partitions.add(out.build());
      }
      topics.add(new TopicResponseBuilder().name(t.name()).partitions(partitions).build());
    }
    return CompletableFuture.completedFuture(new DescribeProducersResponseBuilder().topics(topics).build());
  }

  private static List<DescribeProducersResponse.ProducerState> producers(Partition partition) {
    List<DescribeProducersResponse.ProducerState> out = new ArrayList<>();
    List<ProducerStates.Active> all = new ArrayList<>(partition.producers().all());
    all.sort(Comparator.comparingLong(ProducerStates.Active::producerId));
    for (ProducerStates.Active p : all) {
      out.add(new ProducerStateBuilder().producerId(p.producerId()).producerEpoch(p.epoch())
          .lastSequence(p.lastSequence()).lastTimestamp(p.lastTimestamp()).coordinatorEpoch(p.coordinatorEpoch())
          .currentTxnStartOffset(partition.transactions().openFirstOffset(p.producerId())).build());
    }
    return out;
  }
}

package io.kwire.fake.handlers;

import io.kwire.fake.cluster.ClusterState;
import io.kwire.fake.cluster.ErrorCode;
import io.kwire.fake.cluster.Partition;
import io.kwire.fake.cluster.ProducerStates;
import io.kwire.fake.cluster.Topic;
import io.kwire.fake.txns.TxnMarkers;
import io.kwire.messages.WriteTxnMarkersRequest;
import io.kwire.messages.WriteTxnMarkersResponse;
import io.kwire.messages.WriteTxnMarkersResponseBuilder;
import io.kwire.messages.WriteTxnMarkersResponseBuilder.WritableTxnMarkerPartitionResultBuilder;
import io.kwire.messages.WriteTxnMarkersResponseBuilder.WritableTxnMarkerResultBuilder;
import io.kwire.messages.WriteTxnMarkersResponseBuilder.WritableTxnMarkerTopicResultBuilder;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * WriteTxnMarkers, as AdminClient.abortTransaction sends it to a partition's leader (a hanging
 * transaction): each marker is written to each named partition this broker leads, ending the
 * producer's open transaction there (its records aborted, or committed; the last stable offset
 * moves on). Per partition: UNKNOWN_TOPIC_OR_PARTITION, NOT_LEADER_OR_FOLLOWER, and as Kafka's log
 * checks a marker: an epoch below the producer's last one on the partition (at or below it for a
 * transactions version 2 marker) INVALID_PRODUCER_EPOCH, a coordinator epoch below its last
 * marker's TRANSACTION_COORDINATOR_FENCED. The coordinator's own state is not told, as Kafka's is not.
 */
public final class WriteTxnMarkersHandler implements ApiHandler<WriteTxnMarkersRequest, WriteTxnMarkersResponse> {
  static final short TRANSACTION_COORDINATOR_FENCED = 52;

  private final ClusterState cluster;

  public WriteTxnMarkersHandler(ClusterState cluster) {
    this.cluster = cluster;
  }

  @Override
  public CompletionStage<WriteTxnMarkersResponse> handle(WriteTxnMarkersRequest request, RequestContext context) {
    List<WriteTxnMarkersResponse.WritableTxnMarkerResult> markers = new ArrayList<>();
    for (WriteTxnMarkersRequest.WritableTxnMarker marker : request.markers()) {
      List<WriteTxnMarkersResponse.WritableTxnMarkerTopicResult> topics = new ArrayList<>();
      for (WriteTxnMarkersRequest.WritableTxnMarkerTopic t : marker.topics()) {
        Topic topic = cluster.topic(t.name());
        List<WriteTxnMarkersResponse.WritableTxnMarkerPartitionResult> partitions = new ArrayList<>();
        for (int index : t.partitionIndexes()) {
          Partition partition = topic == null ? null : topic.partition(index);
          partitions.add(new WritableTxnMarkerPartitionResultBuilder().partitionIndex(index)
              .errorCode(write(partition, marker, context.brokerId())).build());
        }
        topics.add(new WritableTxnMarkerTopicResultBuilder().name(t.name()).partitions(partitions).build());
      }
      markers.add(new WritableTxnMarkerResultBuilder().producerId(marker.producerId()).topics(topics).build());
    }
    return CompletableFuture.completedFuture(new WriteTxnMarkersResponseBuilder().markers(markers).build());
  }

  private short write(Partition partition, WriteTxnMarkersRequest.WritableTxnMarker marker, int brokerId) {
    if (partition == null) {
      return ErrorCode.UNKNOWN_TOPIC_OR_PARTITION;
    }
    if (partition.leaderId() != brokerId) {
      return ErrorCode.NOT_LEADER_OR_FOLLOWER;
    }
    ProducerStates.Active last = partition.producers().producer(marker.producerId());
    if (last != null) {
      boolean stale = marker.transactionVersion() >= 2 ? marker.producerEpoch() <= last.epoch()
          : marker.producerEpoch() < last.epoch();
      if (stale) {
        return ErrorCode.INVALID_PRODUCER_EPOCH;
      }
      if (marker.coordinatorEpoch() < last.coordinatorEpoch()) {
        return TRANSACTION_COORDINATOR_FENCED;
      }
    }
    TxnMarkers.write(cluster.clock(), partition, marker.producerId(), marker.producerEpoch(),
        marker.transactionResult(), marker.coordinatorEpoch());
    return ErrorCode.NONE;
  }
}

package io.kwire.bench.handwritten;

import io.kwire.messages.CreateTopicsRequest;
import io.kwire.messages.MetadataResponse;
import io.kwire.runtime.wire.UnknownTaggedFields;
import java.util.List;
import java.util.UUID;
import java.util.function.Function;

/**
 * A workload's kwire message as the hand-written records, at set-up only. Lists and arrays are
 * built as the decoders build them (a view over an exact array, List.of() when empty, one array
 * for equal replica and in-sync lists), so the encode benchmarks see what a decoded message holds.
 */
public final class HandConversions {
  private HandConversions() {}

  public static HandMetadataResponse metadata(MetadataResponse m) {
    noTaggedFields(m.unknownTaggedFields());
    return new HandMetadataResponse(m.throttleTimeMs(), list(m.brokers(), HandConversions::broker, new HandMetadataResponse.Broker[0]),
        m.clusterId(), m.controllerId(), list(m.topics(), HandConversions::topic, new HandMetadataResponse.Topic[0]),
        m.errorCode());
  }

  private static HandMetadataResponse.Broker broker(MetadataResponse.MetadataResponseBroker b) {
    noTaggedFields(b.unknownTaggedFields());
    return new HandMetadataResponse.Broker(b.nodeId(), b.host(), b.port(), b.rack());
  }

  private static HandMetadataResponse.Topic topic(MetadataResponse.MetadataResponseTopic t) {
    noTaggedFields(t.unknownTaggedFields());
    UUID id = t.topicId();
    return new HandMetadataResponse.Topic(t.errorCode(), t.name(), id.getMostSignificantBits(),
        id.getLeastSignificantBits(), t.isInternal(),
        list(t.partitions(), HandConversions::partition, new HandMetadataResponse.Partition[0]),
        t.topicAuthorizedOperations());
  }

  private static HandMetadataResponse.Partition partition(MetadataResponse.MetadataResponsePartition p) {
    noTaggedFields(p.unknownTaggedFields());
    int[] replicas = ints(p.replicaNodes());
    // One array for equal replica and in-sync lists, as the decoder shares them.
    int[] isr = p.isrNodes().equals(p.replicaNodes()) ? replicas : ints(p.isrNodes());
    return new HandMetadataResponse.Partition(p.errorCode(), p.partitionIndex(), p.leaderId(), p.leaderEpoch(),
        replicas, isr, ints(p.offlineReplicas()));
  }

  public static HandCreateTopicsRequest createTopics(CreateTopicsRequest m) {
    noTaggedFields(m.unknownTaggedFields());
    return new HandCreateTopicsRequest(list(m.topics(), HandConversions::creatableTopic, new HandCreateTopicsRequest.Topic[0]),
        m.timeoutMs(), m.validateOnly());
  }

  private static HandCreateTopicsRequest.Topic creatableTopic(CreateTopicsRequest.CreatableTopic t) {
    noTaggedFields(t.unknownTaggedFields());
    return new HandCreateTopicsRequest.Topic(t.name(), t.numPartitions(), t.replicationFactor(),
        list(t.assignments(), a -> {
          noTaggedFields(a.unknownTaggedFields());
          return new HandCreateTopicsRequest.Assignment(a.partitionIndex(), ints(a.brokerIds()));
        }, new HandCreateTopicsRequest.Assignment[0]),
        list(t.configs(), c -> {
          noTaggedFields(c.unknownTaggedFields());
          return new HandCreateTopicsRequest.Config(c.name(), c.value());
        }, new HandCreateTopicsRequest.Config[0]));
  }

  private static <A, B> List<B> list(List<A> from, Function<A, B> convert, B[] type) {
    return from.isEmpty() ? List.of() : HandList.own(from.stream().map(convert).toList().toArray(type));
  }

  private static int[] ints(List<Integer> values) {
    return values.isEmpty() ? HandReader.NO_INTS : values.stream().mapToInt(Integer::intValue).toArray();
  }

  /** The hand-written records keep no unknown tagged fields; a workload with some cannot be converted. */
  private static void noTaggedFields(UnknownTaggedFields fields) {
    if (fields != null && !fields.isEmpty()) {
      throw new IllegalArgumentException("the hand-written records keep no unknown tagged fields");
    }
  }
}

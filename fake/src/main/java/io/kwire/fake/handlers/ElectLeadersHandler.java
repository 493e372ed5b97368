package io.kwire.fake.handlers;

import io.kwire.fake.cluster.ClusterState;
import io.kwire.fake.cluster.ErrorCode;
import io.kwire.fake.cluster.Partition;
import io.kwire.fake.cluster.Topic;
import io.kwire.messages.ElectLeadersRequest;
import io.kwire.messages.ElectLeadersResponse;
import io.kwire.messages.ElectLeadersResponseBuilder;
import io.kwire.messages.ElectLeadersResponseBuilder.PartitionResultBuilder;
import io.kwire.messages.ElectLeadersResponseBuilder.ReplicaElectionResultBuilder;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * ElectLeaders, as Kafka's controller answers it: a preferred election (v0, or type 0) makes each
 * partition's first replica its leader in a new leader epoch, ELECTION_NOT_NEEDED where it already
 * leads; an unclean one (type 1) is ELECTION_NOT_NEEDED everywhere, every fake partition having a
 * live leader; UNKNOWN_TOPIC_OR_PARTITION, INVALID_REQUEST for another election type. With no
 * partitions named (null) every partition is tried and only those not answered
 * ELECTION_NOT_NEEDED are listed. More than {@value #MAX_ELECTIONS} elections in one request is the
 * controller's limit on one operation's records: POLICY_VIOLATION for the whole request, nothing moved.
 */
public final class ElectLeadersHandler implements ApiHandler<ElectLeadersRequest, ElectLeadersResponse> {
  /** Kafka's controller writes at most 10,000 records for one user operation (BoundedList). */
  public static final int MAX_ELECTIONS = 10_000;
  static final short POLICY_VIOLATION = 44;
  static final short ELECTION_NOT_NEEDED = 84;
  private static final byte PREFERRED = 0;
  private static final byte UNCLEAN = 1;

  private final ClusterState cluster;

  public ElectLeadersHandler(ClusterState cluster) {
    this.cluster = cluster;
  }

  private record Outcome(short errorCode, String message) {}

  @Override
  public CompletionStage<ElectLeadersResponse> handle(ElectLeadersRequest request, RequestContext context) {
    byte type = context.apiVersion() == 0 ? PREFERRED : request.electionType();
    List<ElectLeadersResponse.ReplicaElectionResult> results = new ArrayList<>();
    if (type != PREFERRED && type != UNCLEAN) {
      return done(failAll(request, ErrorCode.INVALID_REQUEST, "Unknown election type " + type));
    }
    if (elections(request, type) > MAX_ELECTIONS) {
      return done(failAll(request, POLICY_VIOLATION, "Unable to perform excessively large batch operation."));
    }
    if (request.topicPartitions() == null) {
      for (Topic topic : cluster.topics()) {
        List<ElectLeadersResponse.PartitionResult> partitions = new ArrayList<>();
        for (Partition p : topic.partitions()) {
          Outcome outcome = elect(topic.name(), p.index(), type);
          if (outcome.errorCode() != ELECTION_NOT_NEEDED) {
            partitions.add(result(p.index(), outcome));
          }
        }
        if (!partitions.isEmpty()) {
          results.add(new ReplicaElectionResultBuilder().topic(topic.name()).partitionResult(partitions).build());
        }
      }
    } else {
      for (ElectLeadersRequest.TopicPartitions t : request.topicPartitions()) {
        List<ElectLeadersResponse.PartitionResult> partitions = new ArrayList<>();
        for (int index : t.partitions()) {
          partitions.add(result(index, elect(t.topic(), index, type)));
        }
        results.add(new ReplicaElectionResultBuilder().topic(t.topic()).partitionResult(partitions).build());
      }
    }
    return done(new ElectLeadersResponseBuilder().replicaElectionResults(results).build());
  }

  /** How many partitions the request would give a new leader. */
  private long elections(ElectLeadersRequest request, byte type) {
    if (type == UNCLEAN) {
      return 0;
    }
    long count = 0;
    if (request.topicPartitions() == null) {
      for (Topic topic : cluster.topics()) {
        for (Partition p : topic.partitions()) {
          count += p.leaderId() != p.replicas().get(0) ? 1 : 0;
        }
      }
      return count;
    }
    for (ElectLeadersRequest.TopicPartitions t : request.topicPartitions()) {
      Topic topic = cluster.topic(t.topic());
      for (int index : t.partitions()) {
        Partition p = topic == null ? null : topic.partition(index);
        count += p != null && p.leaderId() != p.replicas().get(0) ? 1 : 0;
      }
    }
    return count;
  }

  private Outcome elect(String topicName, int index, byte type) {
    Topic topic = cluster.topic(topicName);
    if (topic == null) {
      return new Outcome(ErrorCode.UNKNOWN_TOPIC_OR_PARTITION, "No such topic as " + topicName);
    }
    Partition p = topic.partition(index);
    if (p == null) {
      return new Outcome(ErrorCode.UNKNOWN_TOPIC_OR_PARTITION, "No such partition as " + topicName + "-" + index);
    }
    int preferred = p.replicas().get(0);
    if (type == UNCLEAN || p.leaderId() == preferred) {
      return new Outcome(ELECTION_NOT_NEEDED, "Leader election not needed for topic partition.");
    }
    p.electLeader(preferred);
    return new Outcome(ErrorCode.NONE, null);
  }

  private static ElectLeadersResponse.PartitionResult result(int index, Outcome outcome) {
    return new PartitionResultBuilder().partitionId(index).errorCode(outcome.errorCode())
        .errorMessage(outcome.message()).build();
  }

  /** Kafka's error response: the code at the top and in every partition named. */
  private static ElectLeadersResponse failAll(ElectLeadersRequest request, short code, String message) {
    List<ElectLeadersResponse.ReplicaElectionResult> results = new ArrayList<>();
    if (request.topicPartitions() != null) {
      for (ElectLeadersRequest.TopicPartitions t : request.topicPartitions()) {
        results.add(new ReplicaElectionResultBuilder().topic(t.topic()).partitionResult(t.partitions().stream()
            .map(i -> result(i, new Outcome(code, message))).toList()).build());
      }
    }
    return new ElectLeadersResponseBuilder().errorCode(code).replicaElectionResults(results).build();
  }

  private static CompletionStage<ElectLeadersResponse> done(ElectLeadersResponse response) {
    return CompletableFuture.completedFuture(response);
  }
}

package io.kwire.fake.handlers;

import io.kwire.fake.cluster.ClusterState;
import io.kwire.fake.cluster.ErrorCode;
import io.kwire.fake.cluster.Topic;
import io.kwire.fake.groups.GroupCoordinator;
import java.util.UUID;

/**
 * The share coordinator's refusals of one key, in the order and with the messages Kafka 4.4.0's
 * answers them (e2e {@code ShareGroupStateAgainstKafkaTest}): the key on another coordinator,
 * negative ids and epochs, uninitialized state, fenced epochs, a topic or partition the cluster
 * does not have.
 */
final class ShareStateChecks {
  static final short FENCED_STATE_EPOCH = 124;

  /** A refusal: the code and Kafka's message. */
  record Refusal(short errorCode, String errorMessage) {}

  static final Refusal NEGATIVE_PARTITION = new Refusal(ErrorCode.INVALID_REQUEST,
      "The partition id cannot be a negative number.");
  static final Refusal NEGATIVE_STATE_EPOCH = new Refusal(ErrorCode.INVALID_REQUEST,
      "The state epoch cannot be a negative number.");
  static final Refusal NEGATIVE_LEADER_EPOCH = new Refusal(ErrorCode.INVALID_REQUEST,
      "The leader epoch cannot be a negative number.");
  static final Refusal READ_UNINITIALIZED = new Refusal(ErrorCode.INVALID_REQUEST,
      "Read operation on uninitialized share partition not allowed.");
  static final Refusal WRITE_UNINITIALIZED = new Refusal(ErrorCode.INVALID_REQUEST,
      "Write operation on uninitialized share partition not allowed.");
  static final Refusal FENCED_LEADER = new Refusal(ErrorCode.FENCED_LEADER_EPOCH,
      "The leader epoch in the request is older than the epoch on the broker.");
  static final Refusal FENCED_STATE = new Refusal(FENCED_STATE_EPOCH,
      "The coordinator rejected the request because the state epoch did not match.");
  static final Refusal UNKNOWN_PARTITION = new Refusal(ErrorCode.UNKNOWN_TOPIC_OR_PARTITION,
      "This server does not host this topic-partition.");

  private final ClusterState cluster;
  private final GroupCoordinator groups;

  ShareStateChecks(ClusterState cluster, GroupCoordinator groups) {
    this.cluster = cluster;
    this.groups = groups;
  }

  GroupCoordinator groups() {
    return groups;
  }

  /** NOT_COORDINATOR unless this broker coordinates the key, as FindCoordinator (key type 2) found it. */
  Refusal coordinator(String groupId, UUID topicId, int partition, int brokerId, String action) {
    String key = ShareStateKeys.key(groupId == null ? "" : groupId, topicId, partition);
    return groups.shareCoordinatorFor(key) == brokerId ? null
        : new Refusal(ErrorCode.NOT_COORDINATOR, "Unable to " + action + ": This is not the correct coordinator.");
  }

  /** The topic when the cluster has it and that partition, else null. */
  Topic topic(UUID topicId, int partition) {
    Topic topic = topicId == null ? null : cluster.topic(topicId);
    return topic != null && partition < topic.partitions().size() ? topic : null;
  }
}

package io.kwire.fake.handlers;

import io.kwire.fake.cluster.ClusterState;
import io.kwire.fake.cluster.ErrorCode;
import io.kwire.fake.cluster.Topic;
import io.kwire.fake.groups.GroupCoordinator;
import io.kwire.fake.groups.SharePartition;
import io.kwire.fake.handlers.ShareStateChecks.Refusal;
import io.kwire.messages.DeleteShareGroupStateRequest;
import io.kwire.messages.DeleteShareGroupStateResponse;
import io.kwire.messages.InitializeShareGroupStateRequest;
import io.kwire.messages.InitializeShareGroupStateResponse;
import io.kwire.messages.ReadShareGroupStateRequest;
import io.kwire.messages.ReadShareGroupStateResponse;
import io.kwire.messages.ReadShareGroupStateSummaryRequest;
import io.kwire.messages.ReadShareGroupStateSummaryResponse;
import io.kwire.messages.WriteShareGroupStateRequest;
import io.kwire.messages.WriteShareGroupStateResponse;
import io.kwire.runtime.wire.UnknownTaggedFields;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;

/**
 * The share coordinator's APIs (KIP-932, keys 83-87), acting on the {@link SharePartition}s the
 * share groups fetch from, so that a state written here is what the next ShareFetch acquires from.
 * Each partition is one key ({@code groupId:topicId:partition}) answered on its own, as Kafka
 * 4.4.0's share coordinator answers it (e2e {@code ShareGroupStateAgainstKafkaTest}): Initialize
 * sets the state epoch and start offset (fenced by an older state epoch), Write merges batches into
 * the state (fenced by older leader and state epochs; it does not change the state epoch), Read
 * returns it (and takes a newer leader epoch), ReadSummary its start offset and epochs without
 * fencing, Delete forgets it.
 */
final class ShareStateHandlers {
  /** How far past the start offset a write's batches may reach: the fake keeps one entry per offset. */
  static final long MAX_WRITTEN_SPAN = 100_000;

  private static final UnknownTaggedFields NONE = UnknownTaggedFields.EMPTY;

  private ShareStateHandlers() {}

  static ApiHandler<InitializeShareGroupStateRequest, InitializeShareGroupStateResponse> initialize(
      ClusterState cluster, GroupCoordinator groups) {
    ShareStateChecks checks = new ShareStateChecks(cluster, groups);
    return (request, context) -> {
      List<InitializeShareGroupStateResponse.InitializeStateResult> results = new ArrayList<>();
      for (InitializeShareGroupStateRequest.InitializeStateData t : request.topics()) {
        List<InitializeShareGroupStateResponse.PartitionResult> partitions = new ArrayList<>();
        for (InitializeShareGroupStateRequest.PartitionData p : t.partitions()) {
          Refusal refusal = initializeOne(checks, request.groupId(), t.topicId(), p, context.brokerId());
          partitions.add(new InitializeShareGroupStateResponse.PartitionResult(p.partition(),
              refusal == null ? ErrorCode.NONE : refusal.errorCode(), refusal == null ? null : refusal.errorMessage(),
              NONE));
        }
        results.add(new InitializeShareGroupStateResponse.InitializeStateResult(t.topicId(), partitions, NONE));
      }
      return CompletableFuture.completedFuture(new InitializeShareGroupStateResponse(results, NONE));
    };
  }

  private static Refusal initializeOne(ShareStateChecks checks, String groupId, UUID topicId,
      InitializeShareGroupStateRequest.PartitionData p, int brokerId) {
    Refusal refusal = checks.coordinator(groupId, topicId, p.partition(), brokerId, "initialize share group state");
    if (refusal != null) {
      return refusal;
    }
    if (p.partition() < 0) {
      return ShareStateChecks.NEGATIVE_PARTITION;
    }
    SharePartition state = checks.groups().shareState(groupId, topicId, p.partition());
    if (state != null && state.stateEpoch() > p.stateEpoch()) {
      return ShareStateChecks.FENCED_STATE;
    }
    Topic topic = checks.topic(topicId, p.partition());
    if (topic == null) {
      return ShareStateChecks.UNKNOWN_PARTITION;
    }
    checks.groups().initializeShareState(groupId, topic, p.partition(), p.stateEpoch(), p.startOffset());
    return null;
  }

  static ApiHandler<ReadShareGroupStateRequest, ReadShareGroupStateResponse> read(ClusterState cluster,
      GroupCoordinator groups) {
    ShareStateChecks checks = new ShareStateChecks(cluster, groups);
    return (request, context) -> {
      List<ReadShareGroupStateResponse.ReadStateResult> results = new ArrayList<>();
      for (ReadShareGroupStateRequest.ReadStateData t : request.topics()) {
        List<ReadShareGroupStateResponse.PartitionResult> partitions = new ArrayList<>();
        for (ReadShareGroupStateRequest.PartitionData p : t.partitions()) {
          partitions.add(readOne(checks, request.groupId(), t.topicId(), p, context.brokerId()));
        }
        results.add(new ReadShareGroupStateResponse.ReadStateResult(t.topicId(), partitions, NONE));
      }
      return CompletableFuture.completedFuture(new ReadShareGroupStateResponse(results, NONE));
    };
  }

  private static ReadShareGroupStateResponse.PartitionResult readOne(ShareStateChecks checks, String groupId,
      UUID topicId, ReadShareGroupStateRequest.PartitionData p, int brokerId) {
    Refusal refusal = checks.coordinator(groupId, topicId, p.partition(), brokerId, "read share group state");
    SharePartition state = null;
    if (refusal == null) {
      state = checks.groups().shareState(groupId, topicId, p.partition());
      refusal = p.partition() < 0 ? ShareStateChecks.NEGATIVE_PARTITION
          : p.leaderEpoch() < 0 ? ShareStateChecks.NEGATIVE_LEADER_EPOCH
          : state == null ? ShareStateChecks.READ_UNINITIALIZED
          : state.stateLeaderEpoch() > p.leaderEpoch() ? ShareStateChecks.FENCED_LEADER
          : checks.topic(topicId, p.partition()) == null ? ShareStateChecks.UNKNOWN_PARTITION
          : null;
    }
    if (refusal != null) {
      return new ReadShareGroupStateResponse.PartitionResult(p.partition(), refusal.errorCode(),
          refusal.errorMessage(), 0, 0, List.of(), NONE);
    }
    checks.groups().readShareState(state, p.leaderEpoch());
    List<ReadShareGroupStateResponse.StateBatch> batches = new ArrayList<>();
    for (SharePartition.StateBatch b : state.stateBatches()) {
      batches.add(new ReadShareGroupStateResponse.StateBatch(b.firstOffset(), b.lastOffset(), b.deliveryState(),
          b.deliveryCount(), NONE));
    }
    return new ReadShareGroupStateResponse.PartitionResult(p.partition(), ErrorCode.NONE, null, state.stateEpoch(),
        state.startOffset(), batches, NONE);
  }

  static ApiHandler<WriteShareGroupStateRequest, WriteShareGroupStateResponse> write(ClusterState cluster,
      GroupCoordinator groups) {
    ShareStateChecks checks = new ShareStateChecks(cluster, groups);
    return (request, context) -> {
      List<WriteShareGroupStateResponse.WriteStateResult> results = new ArrayList<>();
      for (WriteShareGroupStateRequest.WriteStateData t : request.topics()) {
        List<WriteShareGroupStateResponse.PartitionResult> partitions = new ArrayList<>();
        for (WriteShareGroupStateRequest.PartitionData p : t.partitions()) {
          Refusal refusal = writeOne(checks, request.groupId(), t.topicId(), p, context.brokerId());
          partitions.add(new WriteShareGroupStateResponse.PartitionResult(p.partition(),
              refusal == null ? ErrorCode.NONE : refusal.errorCode(), refusal == null ? null : refusal.errorMessage(),
              NONE));
        }
        results.add(new WriteShareGroupStateResponse.WriteStateResult(t.topicId(), partitions, NONE));
      }
      return CompletableFuture.completedFuture(new WriteShareGroupStateResponse(results, NONE));
    };
  }

  private static Refusal writeOne(ShareStateChecks checks, String groupId, UUID topicId,
      WriteShareGroupStateRequest.PartitionData p, int brokerId) {
    Refusal refusal = checks.coordinator(groupId, topicId, p.partition(), brokerId, "write share group state");
    if (refusal != null) {
      return refusal;
    }
    SharePartition state = checks.groups().shareState(groupId, topicId, p.partition());
    refusal = p.partition() < 0 ? ShareStateChecks.NEGATIVE_PARTITION
        : p.stateEpoch() < 0 ? ShareStateChecks.NEGATIVE_STATE_EPOCH
        : p.leaderEpoch() < 0 ? ShareStateChecks.NEGATIVE_LEADER_EPOCH
        : state == null ? ShareStateChecks.WRITE_UNINITIALIZED
        : state.stateLeaderEpoch() > p.leaderEpoch() ? ShareStateChecks.FENCED_LEADER
        : state.stateEpoch() > p.stateEpoch() ? ShareStateChecks.FENCED_STATE
        : checks.topic(topicId, p.partition()) == null ? ShareStateChecks.UNKNOWN_PARTITION
        : null;
    if (refusal != null) {
      return refusal;
    }
    List<SharePartition.StateBatch> batches = new ArrayList<>();
    long start = p.startOffset() >= 0 ? p.startOffset() : Math.max(state.startOffset(), 0);
    for (WriteShareGroupStateRequest.StateBatch b : p.stateBatches()) {
      if (b.lastOffset() >= start && b.lastOffset() - start >= MAX_WRITTEN_SPAN) {
        return new Refusal(ErrorCode.INVALID_REQUEST, "A state batch reaches more than " + MAX_WRITTEN_SPAN
            + " offsets past the start offset (the fake's bound).");
      }
      batches.add(new SharePartition.StateBatch(b.firstOffset(), b.lastOffset(), b.deliveryState(),
          b.deliveryCount()));
    }
    checks.groups().writeShareState(state, p.leaderEpoch(), p.startOffset(), p.deliveryCompleteCount(), batches);
    return null;
  }

  static ApiHandler<DeleteShareGroupStateRequest, DeleteShareGroupStateResponse> delete(ClusterState cluster,
      GroupCoordinator groups) {
    ShareStateChecks checks = new ShareStateChecks(cluster, groups);
    return (request, context) -> {
      List<DeleteShareGroupStateResponse.DeleteStateResult> results = new ArrayList<>();
      for (DeleteShareGroupStateRequest.DeleteStateData t : request.topics()) {
        List<DeleteShareGroupStateResponse.PartitionResult> partitions = new ArrayList<>();
        for (DeleteShareGroupStateRequest.PartitionData p : t.partitions()) {
          Refusal refusal = checks.coordinator(request.groupId(), t.topicId(), p.partition(), context.brokerId(),
              "delete share group state");
          if (refusal == null) {
            refusal = p.partition() < 0 ? ShareStateChecks.NEGATIVE_PARTITION
                : checks.topic(t.topicId(), p.partition()) == null ? ShareStateChecks.UNKNOWN_PARTITION
                : null;
          }
          if (refusal == null) {
            groups.deleteShareState(request.groupId(), t.topicId(), p.partition());
          }
          partitions.add(new DeleteShareGroupStateResponse.PartitionResult(p.partition(),
              refusal == null ? ErrorCode.NONE : refusal.errorCode(), refusal == null ? null : refusal.errorMessage(),
              NONE));
        }
        results.add(new DeleteShareGroupStateResponse.DeleteStateResult(t.topicId(), partitions, NONE));
      }
      return CompletableFuture.completedFuture(new DeleteShareGroupStateResponse(results, NONE));
    };
  }

  static ApiHandler<ReadShareGroupStateSummaryRequest, ReadShareGroupStateSummaryResponse> summary(
      ClusterState cluster, GroupCoordinator groups) {
    ShareStateChecks checks = new ShareStateChecks(cluster, groups);
    return (request, context) -> {
      boolean v1 = context.apiVersion() >= 1;
      List<ReadShareGroupStateSummaryResponse.ReadStateSummaryResult> results = new ArrayList<>();
      for (ReadShareGroupStateSummaryRequest.ReadStateSummaryData t : request.topics()) {
        List<ReadShareGroupStateSummaryResponse.PartitionResult> partitions = new ArrayList<>();
        for (ReadShareGroupStateSummaryRequest.PartitionData p : t.partitions()) {
          Refusal refusal = checks.coordinator(request.groupId(), t.topicId(), p.partition(), context.brokerId(),
              "read share group state summary");
          if (refusal == null) {
            refusal = p.partition() < 0 ? ShareStateChecks.NEGATIVE_PARTITION
                : checks.topic(t.topicId(), p.partition()) == null ? ShareStateChecks.UNKNOWN_PARTITION
                : null;
          }
          SharePartition state = refusal != null ? null
              : groups.shareState(request.groupId(), t.topicId(), p.partition());
          partitions.add(refusal != null
              ? new ReadShareGroupStateSummaryResponse.PartitionResult(p.partition(), refusal.errorCode(),
                  refusal.errorMessage(), 0, 0, 0, -1, NONE)
              // No state: Kafka answers NONE with start offset -1.
              : state == null ? new ReadShareGroupStateSummaryResponse.PartitionResult(p.partition(), ErrorCode.NONE,
                  null, 0, 0, -1, -1, NONE)
              : new ReadShareGroupStateSummaryResponse.PartitionResult(p.partition(), ErrorCode.NONE, null,
                  state.stateEpoch(), state.stateLeaderEpoch(), state.startOffset(),
                  v1 ? state.deliveryCompleteCount() : -1, NONE));
        }
        results.add(new ReadShareGroupStateSummaryResponse.ReadStateSummaryResult(t.topicId(), partitions, NONE));
      }
      return CompletableFuture.completedFuture(new ReadShareGroupStateSummaryResponse(results, NONE));
    };
  }
}

package io.kwire.fake.handlers;

import io.kwire.fake.cluster.ErrorCode;
import io.kwire.fake.groups.GroupCoordinator;
import io.kwire.fake.groups.StreamsGroup;
import io.kwire.fake.groups.StreamsMember;
import io.kwire.fake.groups.StreamsTasks;
import io.kwire.fake.groups.StreamsTasks.TaskId;
import io.kwire.fake.groups.StreamsTopology;
import io.kwire.messages.StreamsGroupHeartbeatRequest;
import io.kwire.messages.StreamsGroupHeartbeatResponse;
import io.kwire.messages.StreamsGroupHeartbeatResponseBuilder;
import io.kwire.messages.StreamsGroupHeartbeatResponseBuilder.EndpointBuilder;
import io.kwire.messages.StreamsGroupHeartbeatResponseBuilder.EndpointToPartitionsBuilder;
import io.kwire.messages.StreamsGroupHeartbeatResponseBuilder.StatusBuilder;
import io.kwire.messages.StreamsGroupHeartbeatResponseBuilder.TaskIdsBuilder;
import io.kwire.messages.StreamsGroupHeartbeatResponseBuilder.TopicPartitionBuilder;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * StreamsGroupHeartbeat (KIP-1071): the request checked as Kafka 4.4's coordinator checks it (its
 * INVALID_REQUEST messages), then one heartbeat of the {@link StreamsGroup}: the member's epoch, the
 * group's statuses, its tasks when they changed, and the endpoints' partitions for Interactive
 * Queries when the member's endpoint epoch is behind. A group id of another type is GROUP_ID_NOT_FOUND.
 */
public final class StreamsGroupHeartbeatHandler
    implements ApiHandler<StreamsGroupHeartbeatRequest, StreamsGroupHeartbeatResponse> {
  /** Kafka's group.streams.task.offset.interval.ms default: how often members report their changelog offsets. */
  private static final int TASK_OFFSET_INTERVAL_MS = 60_000;
  private final GroupCoordinator groups;

  public StreamsGroupHeartbeatHandler(GroupCoordinator groups) {
    this.groups = groups;
  }

  @Override
  public CompletionStage<StreamsGroupHeartbeatResponse> handle(StreamsGroupHeartbeatRequest request,
      RequestContext context) {
    short error = GroupChecks.coordinator(groups, request.groupId(), context);
    String message = null;
    if (error == ErrorCode.INVALID_GROUP_ID) {
      error = ErrorCode.INVALID_REQUEST;
      message = "GroupId can't be empty.";
    } else if (error == ErrorCode.NONE) {
      message = invalidReason(request);
      error = message == null ? ErrorCode.NONE : ErrorCode.INVALID_REQUEST;
    }
    if (error != ErrorCode.NONE) {
      return done(new StreamsGroupHeartbeatResponseBuilder().errorCode(error).errorMessage(message).build());
    }
    GroupCoordinator.Lookup<StreamsGroup> found = groups.streamsGroupForHeartbeat(request.groupId(),
        request.memberEpoch() == 0);
    if (found.group() == null) {
      return done(new StreamsGroupHeartbeatResponseBuilder().errorCode(found.errorCode())
          .errorMessage(found.errorMessage()).build());
    }
    StreamsGroup.HeartbeatOutcome outcome = found.group().heartbeat(heartbeat(request, context));
    StreamsGroupHeartbeatResponseBuilder response = new StreamsGroupHeartbeatResponseBuilder()
        .errorCode(outcome.errorCode()).errorMessage(outcome.errorMessage());
    if (outcome.errorCode() != ErrorCode.NONE) {
      return done(response.build());
    }
    response.memberId(outcome.memberId()).memberEpoch(outcome.memberEpoch())
        .heartbeatIntervalMs(outcome.heartbeatIntervalMs())
        .endpointInformationEpoch(outcome.endpointInformationEpoch())
        .status(outcome.status() == null ? List.of() : outcome.status().stream()
            .map(s -> new StatusBuilder().statusCode(s.code()).statusDetail(s.detail()).build()).toList());
    // A member that left (epoch -1 or -2) is told neither interval nor lag: Kafka 4.4 answers a leave
    // with the fields' defaults (0, and -1 for acceptableRecoveryLag).
    if (outcome.memberEpoch() >= 0) {
      response.taskOffsetIntervalMs(TASK_OFFSET_INTERVAL_MS);
      // The group's streams.acceptable.recovery.lag (Kafka's 10000 by default): warm-ups are judged by it.
      long acceptableLag = groups.configs().longValue(request.groupId(), "streams.acceptable.recovery.lag");
      if (context.apiVersion() == 0) {
        response.acceptableRecoveryLagLegacy((int) Math.min(Integer.MAX_VALUE, acceptableLag));
      } else {
        response.acceptableRecoveryLag(acceptableLag);
      }
    }
    StreamsTasks tasks = outcome.tasks();
    if (tasks != null) {
      response.activeTasks(taskIds(tasks.active())).standbyTasks(taskIds(tasks.standby()))
          .warmupTasks(taskIds(tasks.warmup()));
    }
    if (outcome.endpoints() != null) {
      response.partitionsByUserEndpoint(outcome.endpoints().stream().map(e -> new EndpointToPartitionsBuilder()
          .userEndpoint(new EndpointBuilder().host(e.endpoint().host()).port(e.endpoint().port()).build())
          .activePartitions(topicPartitions(e.active())).standbyPartitions(topicPartitions(e.standby())).build())
          .toList());
    }
    return done(response.build());
  }

  /** Kafka's checks of the request, with its messages; null when it is valid. */
  static String invalidReason(StreamsGroupHeartbeatRequest r) {
    if (r.memberId() == null || r.memberId().isEmpty()) {
      return "MemberId can't be empty.";
    }
    if (r.instanceId() != null && r.instanceId().isEmpty()) {
      return "InstanceId can't be empty.";
    }
    if (r.rackId() != null && r.rackId().isEmpty()) {
      return "RackId can't be empty.";
    }
    if (r.memberEpoch() < -2) {
      return "MemberEpoch is " + r.memberEpoch() + ", but must be greater than or equal to -2.";
    }
    boolean someTasks = r.activeTasks() != null || r.standbyTasks() != null || r.warmupTasks() != null;
    boolean allTasks = r.activeTasks() != null && r.standbyTasks() != null && r.warmupTasks() != null;
    if (someTasks && !allTasks) {
      return "If one task-type is non-null, all must be non-null.";
    }
    if (r.memberEpoch() == 0) {
      if (r.rebalanceTimeoutMs() == -1) {
        return "RebalanceTimeoutMs must be provided in first request.";
      }
      if (r.topology() == null) {
        return "Topology must be non-null when (re-)joining.";
      }
      if (r.activeTasks() != null && !r.activeTasks().isEmpty()) {
        return "ActiveTasks must be empty when (re-)joining.";
      }
      if (r.standbyTasks() != null && !r.standbyTasks().isEmpty()) {
        return "StandbyTasks must be empty when (re-)joining.";
      }
      if (r.warmupTasks() != null && !r.warmupTasks().isEmpty()) {
        return "WarmupTasks must be empty when (re-)joining.";
      }
      for (StreamsGroupHeartbeatRequest.Subtopology s : r.topology().subtopologies()) {
        if (s.sourceTopicRegex() != null && !s.sourceTopicRegex().isEmpty()) {
          return "Regular expressions for source topics are not supported yet.";
        }
        for (StreamsGroupHeartbeatRequest.TopicInfo t : s.stateChangelogTopics()) {
          if (t.partitions() != 0) {
            return "Changelog topic " + t.name() + " must have an undefined partition count, but it is set to "
                + t.partitions() + ".";
          }
        }
        String copartitioning = invalidCopartitionGroup(s);
        if (copartitioning != null) {
          return copartitioning;
        }
      }
    }
    return null;
  }

  private static String invalidCopartitionGroup(StreamsGroupHeartbeatRequest.Subtopology s) {
    for (StreamsGroupHeartbeatRequest.CopartitionGroup g : s.copartitionGroups()) {
      for (short i : g.sourceTopics()) {
        if (i < 0 || i >= s.sourceTopics().size()) {
          return "Copartition group of subtopology " + s.subtopologyId() + " names source topic " + i
              + ", which it does not have.";
        }
      }
      for (short i : g.repartitionSourceTopics()) {
        if (i < 0 || i >= s.repartitionSourceTopics().size()) {
          return "Copartition group of subtopology " + s.subtopologyId() + " names repartition source topic " + i
              + ", which it does not have.";
        }
      }
    }
    return null;
  }

  private static StreamsGroup.Heartbeat heartbeat(StreamsGroupHeartbeatRequest r, RequestContext context) {
    StreamsMember.Endpoint endpoint = r.userEndpoint() == null ? null
        : new StreamsMember.Endpoint(r.userEndpoint().host(), r.userEndpoint().port());
    Map<String, String> tags = null;
    if (r.clientTags() != null) {
      tags = new LinkedHashMap<>();
      for (StreamsGroupHeartbeatRequest.KeyValue kv : r.clientTags()) {
        tags.put(kv.key(), kv.value());
      }
    }
    return new StreamsGroup.Heartbeat(r.memberId(), r.memberEpoch(), r.instanceId(), r.rackId(),
        r.rebalanceTimeoutMs(), r.topology() == null ? null : topology(r.topology()),
        r.activeTasks() == null ? null : tasks(r.activeTasks()), r.processId(), endpoint, tags,
        offsets(r.taskOffsets()), offsets(r.taskEndOffsets()), r.shutdownApplication(),
        r.endpointInformationEpoch(), context.clientId() == null ? "" : context.clientId(), context.clientHost());
  }

  static StreamsTopology topology(StreamsGroupHeartbeatRequest.Topology t) {
    List<StreamsTopology.Subtopology> subtopologies = new ArrayList<>();
    for (StreamsGroupHeartbeatRequest.Subtopology s : t.subtopologies()) {
      List<List<String>> copartitioned = new ArrayList<>();
      for (StreamsGroupHeartbeatRequest.CopartitionGroup g : s.copartitionGroups()) {
        List<String> names = new ArrayList<>();
        g.sourceTopics().forEach(i -> names.add(s.sourceTopics().get(i)));
        g.repartitionSourceTopics().forEach(i -> names.add(s.repartitionSourceTopics().get(i).name()));
        copartitioned.add(names);
      }
      subtopologies.add(new StreamsTopology.Subtopology(s.subtopologyId(), s.sourceTopics(), s.repartitionSinkTopics(),
          s.stateChangelogTopics().stream().map(StreamsGroupHeartbeatHandler::internal).toList(),
          s.repartitionSourceTopics().stream().map(StreamsGroupHeartbeatHandler::internal).toList(), copartitioned));
    }
    return new StreamsTopology(t.epoch(), subtopologies);
  }

  private static StreamsTopology.InternalTopic internal(StreamsGroupHeartbeatRequest.TopicInfo t) {
    Map<String, String> configs = new LinkedHashMap<>();
    t.topicConfigs().forEach(kv -> configs.put(kv.key(), kv.value()));
    return new StreamsTopology.InternalTopic(t.name(), t.partitions(), t.replicationFactor(), configs);
  }

  private static Set<TaskId> tasks(List<StreamsGroupHeartbeatRequest.TaskIds> ids) {
    Set<TaskId> out = new TreeSet<>();
    ids.forEach(t -> t.partitions().forEach(p -> out.add(new TaskId(t.subtopologyId(), p))));
    return out;
  }

  private static List<StreamsMember.TaskOffset> offsets(List<StreamsGroupHeartbeatRequest.TaskOffset> offsets) {
    return offsets == null ? null : offsets.stream()
        .map(o -> new StreamsMember.TaskOffset(o.subtopologyId(), o.partition(), o.offset())).toList();
  }

  private static List<StreamsGroupHeartbeatResponse.TaskIds> taskIds(Set<TaskId> tasks) {
    List<StreamsGroupHeartbeatResponse.TaskIds> out = new ArrayList<>();
    StreamsTasks.bySubtopology(tasks).forEach((id, partitions) -> out.add(new TaskIdsBuilder().subtopologyId(id)
        .partitions(partitions).build()));
    return out;
  }

  private static List<StreamsGroupHeartbeatResponse.TopicPartition> topicPartitions(Map<String, List<Integer>> byTopic) {
    List<StreamsGroupHeartbeatResponse.TopicPartition> out = new ArrayList<>();
    byTopic.forEach((topic, partitions) -> out.add(new TopicPartitionBuilder().topic(topic)
        .partitions(partitions.stream().sorted().toList()).build()));
    return out;
  }

  private static CompletionStage<StreamsGroupHeartbeatResponse> done(StreamsGroupHeartbeatResponse response) {
    return CompletableFuture.completedFuture(response);
  }
}

package io.kwire.fake.handlers;

import io.kwire.fake.cluster.ErrorCode;
import io.kwire.fake.groups.GroupCoordinator;
import io.kwire.fake.groups.StreamsGroup;
import io.kwire.fake.groups.StreamsMember;
import io.kwire.fake.groups.StreamsTasks;
import io.kwire.fake.groups.StreamsTopology;
import io.kwire.messages.StreamsGroupDescribeRequest;
import io.kwire.messages.StreamsGroupDescribeResponse;
import io.kwire.messages.StreamsGroupDescribeResponseBuilder;
import io.kwire.messages.StreamsGroupDescribeResponseBuilder.AssignmentBuilder;
import io.kwire.messages.StreamsGroupDescribeResponseBuilder.DescribedGroupBuilder;
import io.kwire.messages.StreamsGroupDescribeResponseBuilder.EndpointBuilder;
import io.kwire.messages.StreamsGroupDescribeResponseBuilder.KeyValueBuilder;
import io.kwire.messages.StreamsGroupDescribeResponseBuilder.MemberBuilder;
import io.kwire.messages.StreamsGroupDescribeResponseBuilder.SubtopologyBuilder;
import io.kwire.messages.StreamsGroupDescribeResponseBuilder.TaskIdsBuilder;
import io.kwire.messages.StreamsGroupDescribeResponseBuilder.TaskOffsetBuilder;
import io.kwire.messages.StreamsGroupDescribeResponseBuilder.TopicInfoBuilder;
import io.kwire.messages.StreamsGroupDescribeResponseBuilder.TopologyBuilder;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * StreamsGroupDescribe: a streams group's epochs, state, topology (as configured against the topics:
 * partition counts filled in; as the member sent it while it cannot be assigned) and members with their
 * current and target assignments; GROUP_ID_NOT_FOUND for an id without a group or of another type.
 * v1's topology description is NOT_STORED, as Kafka 4.4 says without a topology description plugin.
 */
public final class StreamsGroupDescribeHandler
    implements ApiHandler<StreamsGroupDescribeRequest, StreamsGroupDescribeResponse> {
  private static final byte DESCRIPTION_NOT_REQUESTED = 0;
  private static final byte DESCRIPTION_NOT_STORED = 1;

  private final GroupCoordinator groups;

  public StreamsGroupDescribeHandler(GroupCoordinator groups) {
    this.groups = groups;
  }

  @Override
  public CompletionStage<StreamsGroupDescribeResponse> handle(StreamsGroupDescribeRequest request,
      RequestContext context) {
    boolean v1 = context.apiVersion() >= 1;
    List<StreamsGroupDescribeResponse.DescribedGroup> described = new ArrayList<>();
    for (String id : request.groupIds()) {
      GroupCoordinator.Lookup<StreamsGroup> found = GroupChecks.atCoordinator(groups, id, context, groups::streams);
      short error = found.errorCode();
      if (error != ErrorCode.NONE) {
        DescribedGroupBuilder failed = new DescribedGroupBuilder().groupId(id).errorCode(error)
            .errorMessage(found.errorMessage())
            .groupState(error == ErrorCode.GROUP_ID_NOT_FOUND ? "" : "Dead").members(List.of());
        described.add(failed.build());
        continue;
      }
      StreamsGroup group = found.group();
      List<StreamsGroupDescribeResponse.Member> members = new ArrayList<>();
      for (StreamsMember m : group.members()) {
        members.add(new MemberBuilder().memberId(m.memberId()).memberEpoch(m.epoch()).instanceId(m.instanceId())
            .rackId(m.rackId()).clientId(m.clientId()).clientHost(m.clientHost()).topologyEpoch(m.topologyEpoch())
            .processId(m.processId())
            .userEndpoint(m.endpoint() == null ? null
                : new EndpointBuilder().host(m.endpoint().host()).port(m.endpoint().port()).build())
            .clientTags(m.clientTags().entrySet().stream()
                .map(e -> new KeyValueBuilder().key(e.getKey()).value(e.getValue()).build()).toList())
            .taskOffsets(offsets(m.taskOffsets())).taskEndOffsets(offsets(m.taskEndOffsets()))
            .assignment(assignment(m.assigned())).targetAssignment(assignment(group.targetOf(m.memberId())))
            .isClassic(false).build());
      }
      DescribedGroupBuilder out = new DescribedGroupBuilder().groupId(id).errorCode(ErrorCode.NONE)
          .groupState(group.stateName()).groupEpoch(group.groupEpoch()).assignmentEpoch(group.assignmentEpoch())
          .topology(topology(group)).members(members);
      if (v1) {
        out.topologyDescriptionStatus(request.includeTopologyDescription() ? DESCRIPTION_NOT_STORED
            : DESCRIPTION_NOT_REQUESTED).assignorName(groups.configs().setFor(id)
                .getOrDefault("streams.assignor.name", "sticky"));
      }
      described.add(out.build());
    }
    return CompletableFuture.completedFuture(new StreamsGroupDescribeResponseBuilder().groups(described).build());
  }

  private static StreamsGroupDescribeResponse.Topology topology(StreamsGroup group) {
    StreamsTopology topology = group.topology();
    if (topology == null) {
      return null;
    }
    // Not ready (a source topic missing, say), Kafka 4.4 still lists the subtopologies, as the member sent them.
    boolean ready = group.configured() != null && group.configured().ready();
    Map<String, Integer> tasks = ready ? group.configured().tasks() : Map.of();
    Map<String, Integer> internal = ready ? group.configured().internalPartitions() : Map.of();
    List<StreamsGroupDescribeResponse.Subtopology> subtopologies = new ArrayList<>();
    for (StreamsTopology.Subtopology s : topology.subtopologies()) {
      subtopologies.add(new SubtopologyBuilder().subtopologyId(s.id()).sourceTopics(s.sourceTopics())
          .repartitionSinkTopics(s.repartitionSinkTopics())
          .stateChangelogTopics(s.stateChangelogTopics().stream()
              .map(t -> topicInfo(t, tasks.getOrDefault(s.id(), t.partitions()))).toList())
          .repartitionSourceTopics(s.repartitionSourceTopics().stream()
              .map(t -> topicInfo(t, internal.getOrDefault(t.name(), t.partitions()))).toList())
          .build());
    }
    return new TopologyBuilder().epoch(topology.epoch()).subtopologies(subtopologies).build();
  }

  private static StreamsGroupDescribeResponse.TopicInfo topicInfo(StreamsTopology.InternalTopic t, int partitions) {
    return new TopicInfoBuilder().name(t.name()).partitions(partitions).replicationFactor(t.replicationFactor())
        .topicConfigs(t.configs().entrySet().stream().sorted(Map.Entry.comparingByKey())
            .map(e -> new KeyValueBuilder().key(e.getKey()).value(e.getValue()).build()).toList())
        .build();
  }

  private static List<StreamsGroupDescribeResponse.TaskOffset> offsets(List<StreamsMember.TaskOffset> offsets) {
    return offsets.stream().map(o -> new TaskOffsetBuilder().subtopologyId(o.subtopologyId())
        .partition(o.partition()).offset(o.offset()).build()).toList();
  }

  private static StreamsGroupDescribeResponse.Assignment assignment(StreamsTasks tasks) {
    return new AssignmentBuilder().activeTasks(taskIds(tasks.active())).standbyTasks(taskIds(tasks.standby()))
        .warmupTasks(taskIds(tasks.warmup())).build();
  }

  private static List<StreamsGroupDescribeResponse.TaskIds> taskIds(Set<StreamsTasks.TaskId> tasks) {
    List<StreamsGroupDescribeResponse.TaskIds> out = new ArrayList<>();
    StreamsTasks.bySubtopology(tasks).forEach((id, partitions) -> out.add(new TaskIdsBuilder().subtopologyId(id)
        .partitions(partitions).build()));
    return out;
  }
}

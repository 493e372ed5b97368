package io.kwire.fake.handlers;

import io.kwire.fake.cluster.ClusterState;
import io.kwire.fake.cluster.ErrorCode;
import io.kwire.fake.cluster.Topic;
import io.kwire.fake.groups.CommittedOffset;
import io.kwire.fake.groups.GroupCoordinator;
import io.kwire.fake.groups.OffsetStore;
import io.kwire.messages.OffsetFetchRequest;
import io.kwire.messages.OffsetFetchResponse;
import io.kwire.messages.OffsetFetchResponseBuilder;
import io.kwire.messages.OffsetFetchResponseBuilder.OffsetFetchResponseGroupBuilder;
import io.kwire.messages.OffsetFetchResponseBuilder.OffsetFetchResponsePartitionBuilder;
import io.kwire.messages.OffsetFetchResponseBuilder.OffsetFetchResponsePartitionsBuilder;
import io.kwire.messages.OffsetFetchResponseBuilder.OffsetFetchResponseTopicBuilder;
import io.kwire.messages.OffsetFetchResponseBuilder.OffsetFetchResponseTopicsBuilder;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * OffsetFetch: one group (v0-7) or several (v8+); the partitions asked for, or every partition the
 * group committed (topics null). A partition without a commit has offset -1 and no error. Topics
 * are named by id from v10. A consumer (KIP-848) group's member (v9+) asks at its member epoch
 * (UNKNOWN_MEMBER_ID, STALE_MEMBER_EPOCH otherwise); without member id and epoch, anyone may ask.
 */
public final class OffsetFetchHandler implements ApiHandler<OffsetFetchRequest, OffsetFetchResponse> {
  private static final UUID NO_ID = new UUID(0, 0);
  private static final CommittedOffset NO_OFFSET = new CommittedOffset(-1, -1, "");

  private final ClusterState cluster;
  private final GroupCoordinator groups;

  public OffsetFetchHandler(ClusterState cluster, GroupCoordinator groups) {
    this.cluster = cluster;
    this.groups = groups;
  }

  /** A partition's answer, whatever the version. */
  private record Answer(int partition, CommittedOffset offset, short errorCode) {}

  @Override
  public CompletionStage<OffsetFetchResponse> handle(OffsetFetchRequest request, RequestContext context) {
    if (context.apiVersion() < 8) {
      short error = GroupChecks.coordinator(groups, request.groupId(), context);
      List<OffsetFetchResponse.OffsetFetchResponseTopic> topics = new ArrayList<>();
      if (error == ErrorCode.NONE) {
        Map<String, List<Integer>> wanted = null;
        if (request.topics() != null) {
          wanted = new LinkedHashMap<>();
          for (OffsetFetchRequest.OffsetFetchRequestTopic t : request.topics()) {
            wanted.put(t.name(), t.partitionIndexes());
          }
        }
        for (Map.Entry<String, List<Answer>> e : answers(request.groupId(), wanted, request.requireStable())
            .entrySet()) {
          List<OffsetFetchResponse.OffsetFetchResponsePartition> partitions = new ArrayList<>();
          for (Answer a : e.getValue()) {
            partitions.add(new OffsetFetchResponsePartitionBuilder().partitionIndex(a.partition())
                .committedOffset(a.offset().offset()).committedLeaderEpoch(a.offset().leaderEpoch())
                .metadata(metadata(a)).errorCode(a.errorCode()).build());
          }
          topics.add(new OffsetFetchResponseTopicBuilder().name(e.getKey()).partitions(partitions).build());
        }
      }
      return CompletableFuture.completedFuture(new OffsetFetchResponseBuilder().errorCode(error).topics(topics)
          .build());
    }
    boolean byId = context.apiVersion() >= 10;
    List<OffsetFetchResponse.OffsetFetchResponseGroup> results = new ArrayList<>();
    for (OffsetFetchRequest.OffsetFetchRequestGroup g : request.groups()) {
      short error = GroupChecks.coordinator(groups, g.groupId(), context);
      if (error == ErrorCode.NONE) {
        error = groups.validateOffsetFetch(g.groupId(), g.memberId(), g.memberEpoch());
      }
      List<OffsetFetchResponse.OffsetFetchResponseTopics> topics = new ArrayList<>();
      if (error == ErrorCode.NONE) {
        Map<String, List<Integer>> wanted = null;
        Map<String, UUID> ids = new LinkedHashMap<>();
        if (g.topics() != null) {
          wanted = new LinkedHashMap<>();
          for (OffsetFetchRequest.OffsetFetchRequestTopics t : g.topics()) {
            Topic topic = byId ? cluster.topic(t.topicId()) : null;
            String name = byId ? (topic == null ? null : topic.name()) : t.name();
            if (name == null) {
              topics.add(unknownTopicId(t));
              continue;
            }
            wanted.put(name, t.partitionIndexes());
            ids.put(name, t.topicId());
          }
        }
        for (Map.Entry<String, List<Answer>> e : answers(g.groupId(), wanted, request.requireStable()).entrySet()) {
          List<OffsetFetchResponse.OffsetFetchResponsePartitions> partitions = new ArrayList<>();
          for (Answer a : e.getValue()) {
            partitions.add(new OffsetFetchResponsePartitionsBuilder().partitionIndex(a.partition())
                .committedOffset(a.offset().offset()).committedLeaderEpoch(a.offset().leaderEpoch())
                .metadata(metadata(a)).errorCode(a.errorCode()).build());
          }
          Topic topic = cluster.topic(e.getKey());
          UUID id = ids.getOrDefault(e.getKey(), topic == null ? NO_ID : topic.id());
          topics.add(new OffsetFetchResponseTopicsBuilder().name(e.getKey()).topicId(id).partitions(partitions)
              .build());
        }
      }
      results.add(new OffsetFetchResponseGroupBuilder().groupId(g.groupId()).errorCode(error).topics(topics).build());
    }
    return CompletableFuture.completedFuture(new OffsetFetchResponseBuilder().groups(results).build());
  }

  private static OffsetFetchResponse.OffsetFetchResponseTopics unknownTopicId(
      OffsetFetchRequest.OffsetFetchRequestTopics t) {
    List<OffsetFetchResponse.OffsetFetchResponsePartitions> partitions = new ArrayList<>();
    for (int p : t.partitionIndexes()) {
      partitions.add(new OffsetFetchResponsePartitionsBuilder().partitionIndex(p).committedOffset(-1)
          .metadata("").errorCode(ErrorCode.UNKNOWN_TOPIC_ID).build());
    }
    return new OffsetFetchResponseTopicsBuilder().topicId(t.topicId()).partitions(partitions).build();
  }

  /**
   * The committed offsets of {@code wanted} (topic to partitions), or of everything when it is null.
   * With {@code requireStable} (v7+), a partition whose offset an open transaction has staged is
   * UNSTABLE_OFFSET_COMMIT (the client asks again), as Kafka answers.
   */
  private Map<String, List<Answer>> answers(String groupId, Map<String, List<Integer>> wanted, boolean requireStable) {
    OffsetStore store = groups.offsets();
    Map<String, List<Answer>> out = new LinkedHashMap<>();
    if (wanted == null) {
      store.offsets(groupId).forEach((key, offset) ->
          out.computeIfAbsent(key.topic(), t -> new ArrayList<>()).add(answer(store, groupId, key.topic(),
              key.partition(), offset, requireStable)));
      return out;
    }
    wanted.forEach((topic, partitions) -> {
      List<Answer> answers = new ArrayList<>();
      for (int p : partitions) {
        answers.add(answer(store, groupId, topic, p, store.committed(groupId, topic, p), requireStable));
      }
      out.put(topic, answers);
    });
    return out;
  }

  private static Answer answer(OffsetStore store, String groupId, String topic, int partition,
      CommittedOffset committed, boolean requireStable) {
    if (requireStable && store.hasPending(groupId, topic, partition)) {
      return new Answer(partition, NO_OFFSET, ErrorCode.UNSTABLE_OFFSET_COMMIT);
    }
    return new Answer(partition, committed == null ? NO_OFFSET : committed, ErrorCode.NONE);
  }

  /** Kafka stores a commit without metadata as "" (OffsetAndMetadata.NO_METADATA) and answers it so. */
  private static String metadata(Answer a) {
    return a.offset().metadata() == null ? "" : a.offset().metadata();
  }
}

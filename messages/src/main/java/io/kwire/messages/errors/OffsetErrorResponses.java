package io.kwire.messages.errors;

import io.kwire.messages.OffsetCommitRequest;
import io.kwire.messages.OffsetCommitResponse;
import io.kwire.messages.OffsetCommitResponseBuilder;
import io.kwire.messages.OffsetDeleteRequest;
import io.kwire.messages.OffsetDeleteResponseBuilder;
import io.kwire.messages.OffsetFetchRequest;
import io.kwire.messages.OffsetFetchResponse;
import io.kwire.messages.OffsetFetchResponseBuilder;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;

/** The error responses of the group offset APIs. */
final class OffsetErrorResponses {
  private OffsetErrorResponses() {}

  static void register(ErrorResponses.Registry shapes) {
    shapes.add(OffsetCommitRequest.class, OffsetErrorResponses::offsetCommit);
    shapes.add(OffsetFetchRequest.class, OffsetErrorResponses::offsetFetch);
    shapes.add(OffsetDeleteRequest.class, (request, version, code) ->
        new OffsetDeleteResponseBuilder().errorCode(code).build());
  }

  /** Every partition of every topic (by name, or id from v10) with the code. */
  static OffsetCommitResponse offsetCommit(OffsetCommitRequest request, short version, short errorCode) {
    List<OffsetCommitResponse.OffsetCommitResponseTopic> topics = new ArrayList<>();
    for (OffsetCommitRequest.OffsetCommitRequestTopic topic : request.topics()) {
      List<OffsetCommitResponse.OffsetCommitResponsePartition> partitions = new ArrayList<>();
      for (OffsetCommitRequest.OffsetCommitRequestPartition p : topic.partitions()) {
        partitions.add(new OffsetCommitResponseBuilder.OffsetCommitResponsePartitionBuilder()
            .partitionIndex(p.partitionIndex()).errorCode(errorCode).build());
      }
      topics.add(new OffsetCommitResponseBuilder.OffsetCommitResponseTopicBuilder().name(topic.name())
          .topicId(topic.topicId()).partitions(partitions).build());
    }
    return new OffsetCommitResponseBuilder().topics(topics).build();
  }

  /**
   * v0-1: every partition asked for with the code and no offset; v2-7: the top-level code alone;
   * from v8 every group asked for with the code.
   */
  static OffsetFetchResponse offsetFetch(OffsetFetchRequest request, short version, short errorCode) {
    if (version >= 8) {
      List<OffsetFetchResponse.OffsetFetchResponseGroup> groups = new ArrayList<>();
      for (OffsetFetchRequest.OffsetFetchRequestGroup group : request.groups()) {
        groups.add(new OffsetFetchResponseBuilder.OffsetFetchResponseGroupBuilder().groupId(group.groupId())
            .errorCode(errorCode).build());
      }
      return new OffsetFetchResponseBuilder().groups(groups).build();
    }
    if (version >= 2) {
      return new OffsetFetchResponseBuilder().errorCode(errorCode).build();
    }
    List<OffsetFetchResponse.OffsetFetchResponseTopic> topics = new ArrayList<>();
    for (OffsetFetchRequest.OffsetFetchRequestTopic topic : request.topics()) {
      // v0 (a 3.x broker's answer, from a map of partitions): each partition once, no topic without partitions
      Collection<Integer> indexes = version == 0 ? new LinkedHashSet<>(topic.partitionIndexes())
          : topic.partitionIndexes();
      if (version == 0 && indexes.isEmpty()) {
        continue;
      }
      List<OffsetFetchResponse.OffsetFetchResponsePartition> partitions = new ArrayList<>();
      for (int index : indexes) {
        partitions.add(new OffsetFetchResponseBuilder.OffsetFetchResponsePartitionBuilder().partitionIndex(index)
            .errorCode(errorCode).committedOffset(-1).metadata("").build());
      }
      topics.add(new OffsetFetchResponseBuilder.OffsetFetchResponseTopicBuilder().name(topic.name())
          .partitions(partitions).build());
    }
    return new OffsetFetchResponseBuilder().topics(topics).build();
  }
}

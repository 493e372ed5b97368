package io.kwire.fake.handlers;

import static io.kwire.fake.handlers.Access.concat;

import io.kwire.fake.cluster.ClusterState;
import io.kwire.fake.cluster.Topic;
import io.kwire.fake.security.AclCodes;
import io.kwire.fake.security.SecurityErrors;
import io.kwire.messages.CreatePartitionsRequest;
import io.kwire.messages.CreatePartitionsRequestBuilder;
import io.kwire.messages.CreatePartitionsResponse;
import io.kwire.messages.CreatePartitionsResponseBuilder;
import io.kwire.messages.CreateTopicsRequest;
import io.kwire.messages.CreateTopicsRequestBuilder;
import io.kwire.messages.CreateTopicsResponse;
import io.kwire.messages.CreateTopicsResponseBuilder;
import io.kwire.messages.DeleteRecordsRequest;
import io.kwire.messages.DeleteRecordsRequestBuilder;
import io.kwire.messages.DeleteRecordsResponse;
import io.kwire.messages.DeleteRecordsResponseBuilder;
import io.kwire.messages.DeleteTopicsRequest;
import io.kwire.messages.DeleteTopicsRequestBuilder;
import io.kwire.messages.DeleteTopicsResponse;
import io.kwire.messages.DeleteTopicsResponseBuilder;
import io.kwire.messages.DescribeTopicPartitionsRequest;
import io.kwire.messages.DescribeTopicPartitionsResponse;
import io.kwire.messages.DescribeTopicPartitionsResponseBuilder;
import io.kwire.messages.DescribeTopicPartitionsResponseBuilder.DescribeTopicPartitionsResponseTopicBuilder;
import io.kwire.messages.FetchRequest;
import io.kwire.messages.FetchRequestBuilder;
import io.kwire.messages.FetchResponse;
import io.kwire.messages.FetchResponseBuilder;
import io.kwire.messages.ListOffsetsRequest;
import io.kwire.messages.ListOffsetsRequestBuilder;
import io.kwire.messages.ListOffsetsResponse;
import io.kwire.messages.ListOffsetsResponseBuilder;
import io.kwire.messages.MetadataRequest;
import io.kwire.messages.MetadataRequestBuilder;
import io.kwire.messages.MetadataResponse;
import io.kwire.messages.MetadataResponseBuilder.MetadataResponseTopicBuilder;
import io.kwire.messages.MetadataResponseBuilder;
import io.kwire.messages.OffsetForLeaderEpochRequest;
import io.kwire.messages.OffsetForLeaderEpochRequestBuilder;
import io.kwire.messages.OffsetForLeaderEpochResponse;
import io.kwire.messages.OffsetForLeaderEpochResponseBuilder;
import io.kwire.messages.ProduceRequest;
import io.kwire.messages.ProduceRequestBuilder;
import io.kwire.messages.ProduceResponse;
import io.kwire.messages.ProduceResponseBuilder;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletionStage;

/**
 * Authorization of the topic APIs, as Kafka's broker does it: a partition of a topic the principal
 * may not write (Produce), read (Fetch), describe (ListOffsets), create (CreateTopics, unless it may
 * create on the cluster) or delete (DeleteTopics) gets TOPIC_AUTHORIZATION_FAILED and the rest is
 * served; Produce with a transactional id the principal may not write TRANSACTIONAL_ID_AUTHORIZATION_FAILED
 * throughout. Metadata leaves out the topics the principal may not describe when it asks for all,
 * and answers TOPIC_AUTHORIZATION_FAILED for those it names (and for unknown ones it would
 * auto-create without the right to create them); it fills in the authorized operations asked for.
 * Topics named by an id the cluster does not know are left to the handler (UNKNOWN_TOPIC_ID).
 */
final class TopicGates {
  private final ClusterState cluster;

  TopicGates(ClusterState cluster) {
    this.cluster = cluster;
  }

  /** The topic's name: the one given, else that of the id (null for an unknown id). */
  private String name(String name, UUID id) {
    if (name != null && !name.isEmpty()) {
      return name;
    }
    Topic topic = id == null ? null : cluster.topic(id);
    return topic == null ? null : topic.name();
  }

  private boolean may(Access access, byte operation, String name) {
    return name == null || access.may(operation, AclCodes.TOPIC, name);
  }

  Gate<ProduceRequest, ProduceResponse> produce() {
    return (request, context, access, next) -> {
      if (request.transactionalId() != null
          && !access.may(AclCodes.WRITE, AclCodes.TRANSACTIONAL_ID, request.transactionalId())) {
        return access.refuse(request, SecurityErrors.TRANSACTIONAL_ID_AUTHORIZATION_FAILED);
      }
      return access.split(request, context, next, request.topicData(),
          t -> may(access, AclCodes.WRITE, name(t.name(), t.topicId())),
          topics -> new ProduceRequestBuilder(request).topicData(topics).build(),
          (served, refused) -> new ProduceResponseBuilder(served)
              .responses(concat(served.responses(), refused.responses())).build(),
          SecurityErrors.TOPIC_AUTHORIZATION_FAILED, false);
    };
  }

  Gate<FetchRequest, FetchResponse> fetch() {
    // The handler is always called: it keeps the fetch session and the top-level fields.
    return (request, context, access, next) -> access.split(request, context, next, request.topics(),
        t -> may(access, AclCodes.READ, name(t.topic(), t.topicId())),
        topics -> new FetchRequestBuilder(request).topics(topics).build(),
        (served, refused) -> new FetchResponseBuilder(served)
            .responses(concat(served.responses(), refused.responses())).build(),
        SecurityErrors.TOPIC_AUTHORIZATION_FAILED, true);
  }

  Gate<ListOffsetsRequest, ListOffsetsResponse> listOffsets() {
    return (request, context, access, next) -> access.split(request, context, next, request.topics(),
        t -> may(access, AclCodes.DESCRIBE, t.name()),
        topics -> new ListOffsetsRequestBuilder(request).topics(topics).build(),
        (served, refused) -> new ListOffsetsResponseBuilder(served)
            .topics(concat(served.topics(), refused.topics())).build(),
        SecurityErrors.TOPIC_AUTHORIZATION_FAILED, false);
  }

  Gate<CreatePartitionsRequest, CreatePartitionsResponse> createPartitions() {
    return (request, context, access, next) -> access.split(request, context, next, request.topics(),
        t -> may(access, AclCodes.ALTER, t.name()),
        topics -> new CreatePartitionsRequestBuilder(request).topics(topics).build(),
        (served, refused) -> new CreatePartitionsResponseBuilder(served)
            .results(concat(served.results(), refused.results())).build(),
        SecurityErrors.TOPIC_AUTHORIZATION_FAILED, false);
  }

  Gate<DeleteRecordsRequest, DeleteRecordsResponse> deleteRecords() {
    return (request, context, access, next) -> access.split(request, context, next, request.topics(),
        t -> may(access, AclCodes.DELETE, t.name()),
        topics -> new DeleteRecordsRequestBuilder(request).topics(topics).build(),
        (served, refused) -> new DeleteRecordsResponseBuilder(served)
            .topics(concat(served.topics(), refused.topics())).build(),
        SecurityErrors.TOPIC_AUTHORIZATION_FAILED, false);
  }

  Gate<OffsetForLeaderEpochRequest, OffsetForLeaderEpochResponse> offsetForLeaderEpoch() {
    return (request, context, access, next) -> access.split(request, context, next, request.topics(),
        t -> may(access, AclCodes.DESCRIBE, t.topic()),
        topics -> new OffsetForLeaderEpochRequestBuilder(request).topics(topics).build(),
        (served, refused) -> new OffsetForLeaderEpochResponseBuilder(served)
            .topics(concat(served.topics(), refused.topics())).build(),
        SecurityErrors.TOPIC_AUTHORIZATION_FAILED, false);
  }

  Gate<CreateTopicsRequest, CreateTopicsResponse> createTopics() {
    return (request, context, access, next) -> {
      boolean onCluster = access.mayOnCluster(AclCodes.CREATE);
      return access.split(request, context, next, request.topics(),
          t -> onCluster || access.may(AclCodes.CREATE, AclCodes.TOPIC, t.name()),
          topics -> new CreateTopicsRequestBuilder(request).topics(topics).build(),
          (served, refused) -> new CreateTopicsResponseBuilder(served)
              .topics(concat(served.topics(), refused.topics())).build(),
          SecurityErrors.TOPIC_AUTHORIZATION_FAILED, false);
    };
  }

  Gate<DeleteTopicsRequest, DeleteTopicsResponse> deleteTopics() {
    return (request, context, access, next) -> {
      if (context.apiVersion() < 6) {
        return access.split(request, context, next, request.topicNames(),
            name -> may(access, AclCodes.DELETE, name),
            names -> new DeleteTopicsRequestBuilder(request).topicNames(names).build(), TopicGates::mergeDeletions,
            SecurityErrors.TOPIC_AUTHORIZATION_FAILED, false);
      }
      return access.split(request, context, next, request.topics(),
          t -> may(access, AclCodes.DELETE, name(t.name(), t.topicId())),
          topics -> new DeleteTopicsRequestBuilder(request).topics(topics).build(), TopicGates::mergeDeletions,
          SecurityErrors.TOPIC_AUTHORIZATION_FAILED, false);
    };
  }

  private static DeleteTopicsResponse mergeDeletions(DeleteTopicsResponse served, DeleteTopicsResponse refused) {
    return new DeleteTopicsResponseBuilder(served).responses(concat(served.responses(), refused.responses())).build();
  }

  Gate<MetadataRequest, MetadataResponse> metadata() {
    return (request, context, access, next) -> {
      short version = context.apiVersion();
      boolean autoCreates = (version < 4 || request.allowAutoTopicCreation()) && cluster.settings().autoCreateTopics();
      CompletionStage<MetadataResponse> answer = request.topics() == null ? next.handle(request, context)
          : access.split(request, context, next, request.topics(), t -> {
            String name = name(t.name(), t.topicId());
            if (name == null) {
              return true;
            }
            if (!access.may(AclCodes.DESCRIBE, AclCodes.TOPIC, name)) {
              return false;
            }
            return !autoCreates || cluster.topic(name) != null || access.mayOnCluster(AclCodes.CREATE)
                || access.may(AclCodes.CREATE, AclCodes.TOPIC, name);
          }, topics -> new MetadataRequestBuilder(request).topics(topics).build(),
              (served, refused) -> new MetadataResponseBuilder(served)
                  .topics(concat(served.topics(), refused.topics())).build(),
              SecurityErrors.TOPIC_AUTHORIZATION_FAILED, true);
      return answer.thenApply(response -> visible(response, request, version, access));
    };
  }

  /**
   * DescribeTopicPartitions (what 4.x AdminClient.describeTopics sends): a named topic the principal
   * may not describe is TOPIC_AUTHORIZATION_FAILED in its place (known or not, as Kafka answers it,
   * so that its existence is not told), one it was not named is left out of a listing, and every
   * topic shown carries the principal's authorized operations.
   */
  Gate<DescribeTopicPartitionsRequest, DescribeTopicPartitionsResponse> describeTopicPartitions() {
    return (request, context, access, next) -> next.handle(request, context).thenApply(response -> {
      boolean named = !request.topics().isEmpty();
      List<DescribeTopicPartitionsResponse.DescribeTopicPartitionsResponseTopic> topics = new ArrayList<>();
      for (DescribeTopicPartitionsResponse.DescribeTopicPartitionsResponseTopic t : response.topics()) {
        if (t.name() != null && !access.may(AclCodes.DESCRIBE, AclCodes.TOPIC, t.name())) {
          if (named) {
            topics.add(new DescribeTopicPartitionsResponseTopicBuilder().name(t.name())
                .errorCode(SecurityErrors.TOPIC_AUTHORIZATION_FAILED).partitions(List.of()).build());
          }
          continue;
        }
        topics.add(t.errorCode() != 0 || t.name() == null ? t : new DescribeTopicPartitionsResponseTopicBuilder(t)
            .topicAuthorizedOperations(access.operations(AclCodes.TOPIC, t.name())).build());
      }
      return new DescribeTopicPartitionsResponseBuilder(response).topics(topics).build();
    });
  }

  /** The topics the principal may see, with their authorized operations when asked for. */
  private static MetadataResponse visible(MetadataResponse response, MetadataRequest request, short version,
      Access access) {
    boolean topicOperations = version >= 8 && request.includeTopicAuthorizedOperations();
    List<MetadataResponse.MetadataResponseTopic> topics = new ArrayList<>();
    for (MetadataResponse.MetadataResponseTopic t : response.topics()) {
      boolean refused = t.errorCode() == SecurityErrors.TOPIC_AUTHORIZATION_FAILED;
      if (!refused && t.name() != null && !access.may(AclCodes.DESCRIBE, AclCodes.TOPIC, t.name())) {
        continue; // another topic than those named, the principal may not describe: left out
      }
      if (topicOperations && !refused && t.name() != null) {
        t = new MetadataResponseTopicBuilder(t).topicAuthorizedOperations(access.operations(AclCodes.TOPIC, t.name()))
            .build();
      }
      topics.add(t);
    }
    MetadataResponseBuilder out = new MetadataResponseBuilder(response).topics(topics);
    if (version >= 8 && version <= 10 && request.includeClusterAuthorizedOperations()) {
      out.clusterAuthorizedOperations(access.operations(AclCodes.CLUSTER, AclCodes.CLUSTER_NAME));
    }
    return out.build();
  }
}

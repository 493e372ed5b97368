package io.kwire.messages;

import io.kwire.annotations.ApiKey;
import io.kwire.annotations.EntityType;
import io.kwire.annotations.Field;
import io.kwire.annotations.MessageType;
import io.kwire.runtime.wire.UnknownTaggedFields;
import java.util.List;
import java.util.UUID;

/** Kafka's ShareGroupDescribe response (API key 77). */
@ApiKey(value = 77, type = MessageType.RESPONSE, validVersions = "0-1", flexibleVersions = "0+")
public record ShareGroupDescribeResponse(
    @Field(versions = "0+") int throttleTimeMs,
    @Field(versions = "0+") List<DescribedGroup> groups,
    UnknownTaggedFields unknownTaggedFields) {

  public record DescribedGroup(
      @Field(versions = "0+") short errorCode,
      @Field(versions = "0+", nullableVersions = "0+", defaultValue = "null") String errorMessage,
      @Field(versions = "0+", entityType = EntityType.GROUP_ID) String groupId,
      @Field(versions = "0+") String groupState,
      @Field(versions = "0+") int groupEpoch,
      @Field(versions = "0+") int assignmentEpoch,
      @Field(versions = "0+") String assignorName,
      @Field(versions = "0+") List<Member> members,
      @Field(versions = "0+", defaultValue = "-2147483648") int authorizedOperations,
      UnknownTaggedFields unknownTaggedFields) {}

  public record Member(
      @Field(versions = "0+") String memberId,
      @Field(versions = "0+", nullableVersions = "0+", defaultValue = "null") String rackId,
      @Field(versions = "0+") int memberEpoch,
      @Field(versions = "0+") String clientId,
      @Field(versions = "0+") String clientHost,
      @Field(versions = "0+", entityType = EntityType.TOPIC_NAME) List<String> subscribedTopicNames,
      @Field(versions = "0+") Assignment assignment,
      UnknownTaggedFields unknownTaggedFields) {}

  public record Assignment(
      @Field(versions = "0+") List<TopicPartitions> topicPartitions,
      UnknownTaggedFields unknownTaggedFields) {}

  public record TopicPartitions(
      @Field(versions = "0+") UUID topicId,
      @Field(versions = "0+", entityType = EntityType.TOPIC_NAME) String topicName,
      @Field(versions = "0+") List<Integer> partitions,
      UnknownTaggedFields unknownTaggedFields) {}
}

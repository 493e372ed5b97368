package io.kwire.messages;

import io.kwire.annotations.ApiKey;
import io.kwire.annotations.EntityType;
import io.kwire.annotations.Field;
import io.kwire.annotations.MessageType;
import io.kwire.runtime.wire.UnknownTaggedFields;
import java.util.List;

/** Kafka's AddPartitionsToTxn response (API key 24). */
@ApiKey(value = 24, type = MessageType.RESPONSE, validVersions = "0-5", flexibleVersions = "3+")
public record AddPartitionsToTxnResponse(
    @Field(versions = "0+") int throttleTimeMs,
    @Field(versions = "4+", ignorable = true) short errorCode,
    @Field(versions = "4+") List<AddPartitionsToTxnResult> resultsByTransaction,
    @Field(versions = "0-3") List<AddPartitionsToTxnTopicResult> resultsByTopicV3AndBelow,
    UnknownTaggedFields unknownTaggedFields) {

  public record AddPartitionsToTxnResult(
      @Field(versions = "4+", mapKey = true, entityType = EntityType.TRANSACTIONAL_ID) String transactionalId,
      @Field(versions = "4+") List<AddPartitionsToTxnTopicResult> topicResults,
      UnknownTaggedFields unknownTaggedFields) {}

  public record AddPartitionsToTxnTopicResult(
      @Field(versions = "0+", mapKey = true, entityType = EntityType.TOPIC_NAME) String name,
      @Field(versions = "0+") List<AddPartitionsToTxnPartitionResult> resultsByPartition,
      UnknownTaggedFields unknownTaggedFields) {}

  public record AddPartitionsToTxnPartitionResult(
      @Field(versions = "0+", mapKey = true) int partitionIndex,
      @Field(versions = "0+") short partitionErrorCode,
      UnknownTaggedFields unknownTaggedFields) {}
}

package io.kwire.messages;

import io.kwire.annotations.ApiKey;
import io.kwire.annotations.EntityType;
import io.kwire.annotations.Field;
import io.kwire.annotations.MessageType;
import io.kwire.runtime.wire.UnknownTaggedFields;
import java.util.List;

/** Kafka's DescribeTransactions response (API key 65). */
@ApiKey(value = 65, type = MessageType.RESPONSE, validVersions = "0", flexibleVersions = "0+")
public record DescribeTransactionsResponse(
    @Field(versions = "0+") int throttleTimeMs,
    @Field(versions = "0+") List<TransactionState> transactionStates,
    UnknownTaggedFields unknownTaggedFields) {

  public record TransactionState(
      @Field(versions = "0+") short errorCode,
      @Field(versions = "0+", entityType = EntityType.TRANSACTIONAL_ID) String transactionalId,
      @Field(versions = "0+") String transactionState,
      @Field(versions = "0+") int transactionTimeoutMs,
      @Field(versions = "0+") long transactionStartTimeMs,
      @Field(versions = "0+", entityType = EntityType.PRODUCER_ID) long producerId,
      @Field(versions = "0+") short producerEpoch,
      @Field(versions = "0+") List<TopicData> topics,
      UnknownTaggedFields unknownTaggedFields) {}

  public record TopicData(
      @Field(versions = "0+", mapKey = true, entityType = EntityType.TOPIC_NAME) String topic,
      @Field(versions = "0+") List<Integer> partitions,
      UnknownTaggedFields unknownTaggedFields) {}
}

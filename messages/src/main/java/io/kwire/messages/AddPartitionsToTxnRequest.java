package io.kwire.messages;

import io.kwire.annotations.ApiKey;
import io.kwire.annotations.EntityType;
import io.kwire.annotations.Field;
import io.kwire.annotations.Listener;
import io.kwire.annotations.MessageType;
import io.kwire.runtime.wire.UnknownTaggedFields;
import java.util.List;

/** Kafka's AddPartitionsToTxn request (API key 24). */
@ApiKey(value = 24, type = MessageType.REQUEST, validVersions = "0-5", flexibleVersions = "3+",
    listeners = {Listener.BROKER})
public record AddPartitionsToTxnRequest(
    @Field(versions = "4+") List<AddPartitionsToTxnTransaction> transactions,
    @Field(versions = "0-3", entityType = EntityType.TRANSACTIONAL_ID) String v3AndBelowTransactionalId,
    @Field(versions = "0-3", entityType = EntityType.PRODUCER_ID) long v3AndBelowProducerId,
    @Field(versions = "0-3") short v3AndBelowProducerEpoch,
    @Field(versions = "0-3") List<AddPartitionsToTxnTopic> v3AndBelowTopics,
    UnknownTaggedFields unknownTaggedFields) {

  public record AddPartitionsToTxnTransaction(
      @Field(versions = "4+", mapKey = true, entityType = EntityType.TRANSACTIONAL_ID) String transactionalId,
      @Field(versions = "4+", entityType = EntityType.PRODUCER_ID) long producerId,
      @Field(versions = "4+") short producerEpoch,
      @Field(versions = "4+", defaultValue = "false") boolean verifyOnly,
      @Field(versions = "4+") List<AddPartitionsToTxnTopic> topics,
      UnknownTaggedFields unknownTaggedFields) {}

  public record AddPartitionsToTxnTopic(
      @Field(versions = "0+", mapKey = true, entityType = EntityType.TOPIC_NAME) String name,
      @Field(versions = "0+") List<Integer> partitions,
      UnknownTaggedFields unknownTaggedFields) {}
}

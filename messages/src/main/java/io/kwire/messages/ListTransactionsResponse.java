package io.kwire.messages;

import io.kwire.annotations.ApiKey;
import io.kwire.annotations.EntityType;
import io.kwire.annotations.Field;
import io.kwire.annotations.MessageType;
import io.kwire.runtime.wire.UnknownTaggedFields;
import java.util.List;

/** Kafka's ListTransactions response (API key 66). */
@ApiKey(value = 66, type = MessageType.RESPONSE, validVersions = "0-2", flexibleVersions = "0+")
public record ListTransactionsResponse(
    @Field(versions = "0+") int throttleTimeMs,
    @Field(versions = "0+") short errorCode,
    @Field(versions = "0+") List<String> unknownStateFilters,
    @Field(versions = "0+") List<TransactionState> transactionStates,
    UnknownTaggedFields unknownTaggedFields) {

  public record TransactionState(
      @Field(versions = "0+", entityType = EntityType.TRANSACTIONAL_ID) String transactionalId,
      @Field(versions = "0+", entityType = EntityType.PRODUCER_ID) long producerId,
      @Field(versions = "0+") String transactionState,
      UnknownTaggedFields unknownTaggedFields) {}
}

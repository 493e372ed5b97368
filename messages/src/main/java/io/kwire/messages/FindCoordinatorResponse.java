package io.kwire.messages;

import io.kwire.annotations.ApiKey;
import io.kwire.annotations.EntityType;
import io.kwire.annotations.Field;
import io.kwire.annotations.MessageType;
import io.kwire.runtime.wire.UnknownTaggedFields;
import java.util.List;

/** Kafka's FindCoordinator response (API key 10). */
@ApiKey(value = 10, type = MessageType.RESPONSE, validVersions = "0-6", flexibleVersions = "3+")
public record FindCoordinatorResponse(
    @Field(versions = "1+", ignorable = true) int throttleTimeMs,
    @Field(versions = "0-3") short errorCode,
    @Field(versions = "1-3", nullableVersions = "1-3", ignorable = true) String errorMessage,
    @Field(versions = "0-3", entityType = EntityType.BROKER_ID) int nodeId,
    @Field(versions = "0-3") String host,
    @Field(versions = "0-3") int port,
    @Field(versions = "4+") List<Coordinator> coordinators,
    UnknownTaggedFields unknownTaggedFields) {

  public record Coordinator(
      @Field(versions = "4+") String key,
      @Field(versions = "4+", entityType = EntityType.BROKER_ID) int nodeId,
      @Field(versions = "4+") String host,
      @Field(versions = "4+") int port,
      @Field(versions = "4+") short errorCode,
      @Field(versions = "4+", nullableVersions = "4+", ignorable = true) String errorMessage,
      UnknownTaggedFields unknownTaggedFields) {}
}

package io.kwire.messages;

import io.kwire.annotations.ApiKey;
import io.kwire.annotations.Field;
import io.kwire.annotations.Listener;
import io.kwire.annotations.MessageType;
import io.kwire.runtime.wire.UnknownTaggedFields;
import java.util.List;

/** Kafka's CreateDelegationToken request (API key 38). */
@ApiKey(value = 38, type = MessageType.REQUEST, validVersions = "0-3", flexibleVersions = "2+",
    deprecatedVersions = "0", listeners = {Listener.BROKER, Listener.CONTROLLER})
public record CreateDelegationTokenRequest(
    @Field(versions = "3+", nullableVersions = "3+") String ownerPrincipalType,
    @Field(versions = "3+", nullableVersions = "3+") String ownerPrincipalName,
    @Field(versions = "0+") List<CreatableRenewers> renewers,
    @Field(versions = "0+") long maxLifetimeMs,
    UnknownTaggedFields unknownTaggedFields) {

  public record CreatableRenewers(
      @Field(versions = "0+") String principalType,
      @Field(versions = "0+") String principalName,
      UnknownTaggedFields unknownTaggedFields) {}
}

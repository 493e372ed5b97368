package io.kwire.messages;

import io.kwire.annotations.ApiKey;
import io.kwire.annotations.Field;
import io.kwire.annotations.Listener;
import io.kwire.annotations.MessageType;
import io.kwire.runtime.wire.UnknownTaggedFields;
import java.util.List;

/** Kafka's DescribeDelegationToken request (API key 41). */
@ApiKey(value = 41, type = MessageType.REQUEST, validVersions = "0-3", flexibleVersions = "2+",
    deprecatedVersions = "0", listeners = {Listener.BROKER, Listener.CONTROLLER})
public record DescribeDelegationTokenRequest(
    @Field(versions = "0+", nullableVersions = "0+") List<DescribeDelegationTokenOwner> owners,
    UnknownTaggedFields unknownTaggedFields) {

  public record DescribeDelegationTokenOwner(
      @Field(versions = "0+") String principalType,
      @Field(versions = "0+") String principalName,
      UnknownTaggedFields unknownTaggedFields) {}
}

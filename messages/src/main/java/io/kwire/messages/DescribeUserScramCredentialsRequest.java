package io.kwire.messages;

import io.kwire.annotations.ApiKey;
import io.kwire.annotations.Field;
import io.kwire.annotations.Listener;
import io.kwire.annotations.MessageType;
import io.kwire.runtime.wire.UnknownTaggedFields;
import java.util.List;

/** Kafka's DescribeUserScramCredentials request (API key 50). */
@ApiKey(value = 50, type = MessageType.REQUEST, validVersions = "0", flexibleVersions = "0+",
    listeners = {Listener.BROKER, Listener.CONTROLLER})
public record DescribeUserScramCredentialsRequest(
    @Field(versions = "0+", nullableVersions = "0+") List<UserName> users,
    UnknownTaggedFields unknownTaggedFields) {

  public record UserName(
      @Field(versions = "0+") String name,
      UnknownTaggedFields unknownTaggedFields) {}
}

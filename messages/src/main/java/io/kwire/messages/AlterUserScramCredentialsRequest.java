package io.kwire.messages;

import io.kwire.annotations.ApiKey;
import io.kwire.annotations.Field;
import io.kwire.annotations.Listener;
import io.kwire.annotations.MessageType;
import io.kwire.runtime.wire.UnknownTaggedFields;
import java.util.List;

/** Kafka's AlterUserScramCredentials request (API key 51). */
@ApiKey(value = 51, type = MessageType.REQUEST, validVersions = "0", flexibleVersions = "0+",
    listeners = {Listener.BROKER, Listener.CONTROLLER})
public record AlterUserScramCredentialsRequest(
    @Field(versions = "0+") List<ScramCredentialDeletion> deletions,
    @Field(versions = "0+") List<ScramCredentialUpsertion> upsertions,
    UnknownTaggedFields unknownTaggedFields) {

  public record ScramCredentialDeletion(
      @Field(versions = "0+") String name,
      @Field(versions = "0+") byte mechanism,
      UnknownTaggedFields unknownTaggedFields) {}

  public record ScramCredentialUpsertion(
      @Field(versions = "0+") String name,
      @Field(versions = "0+") byte mechanism,
      @Field(versions = "0+") int iterations,
      @Field(versions = "0+", sensitive = true) byte[] salt,
      @Field(versions = "0+", sensitive = true) byte[] saltedPassword,
      UnknownTaggedFields unknownTaggedFields) {}
}

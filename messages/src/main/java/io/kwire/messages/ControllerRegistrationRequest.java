package io.kwire.messages;

import io.kwire.annotations.ApiKey;
import io.kwire.annotations.Field;
import io.kwire.annotations.MessageType;
import io.kwire.annotations.WireType;
import io.kwire.runtime.wire.UnknownTaggedFields;
import java.util.List;
import java.util.UUID;

/** Kafka's ControllerRegistration request (API key 70). */
@ApiKey(value = 70, type = MessageType.REQUEST, validVersions = "0", flexibleVersions = "0+",
    listeners = {io.kwire.annotations.Listener.CONTROLLER})
public record ControllerRegistrationRequest(
    @Field(versions = "0+") int controllerId,
    @Field(versions = "0+") UUID incarnationId,
    @Field(versions = "0+") boolean zkMigrationReady,
    @Field(versions = "0+") List<Listener> listeners,
    @Field(versions = "0+") List<Feature> features,
    UnknownTaggedFields unknownTaggedFields) {

  public record Listener(
      @Field(versions = "0+", mapKey = true) String name,
      @Field(versions = "0+") String host,
      @Field(versions = "0+", type = WireType.UINT16) int port,
      @Field(versions = "0+") short securityProtocol,
      UnknownTaggedFields unknownTaggedFields) {}

  public record Feature(
      @Field(versions = "0+", mapKey = true) String name,
      @Field(versions = "0+") short minSupportedVersion,
      @Field(versions = "0+") short maxSupportedVersion,
      UnknownTaggedFields unknownTaggedFields) {}
}

package io.kwire.messages;

import io.kwire.annotations.ApiKey;
import io.kwire.annotations.EntityType;
import io.kwire.annotations.Field;
import io.kwire.annotations.MessageType;
import io.kwire.annotations.WireType;
import io.kwire.runtime.wire.UnknownTaggedFields;
import java.util.List;
import java.util.UUID;

/** Kafka's BrokerRegistration request (API key 62). */
@ApiKey(value = 62, type = MessageType.REQUEST, validVersions = "0-4", flexibleVersions = "0+",
    listeners = {io.kwire.annotations.Listener.CONTROLLER})
public record BrokerRegistrationRequest(
    @Field(versions = "0+", entityType = EntityType.BROKER_ID) int brokerId,
    @Field(versions = "0+") String clusterId,
    @Field(versions = "0+") UUID incarnationId,
    @Field(versions = "0+") List<Listener> listeners,
    @Field(versions = "0+") List<Feature> features,
    @Field(versions = "0+", nullableVersions = "0+") String rack,
    @Field(versions = "1+", defaultValue = "false") boolean isMigratingZkBroker,
    @Field(versions = "2+", ignorable = true) List<UUID> logDirs,
    @Field(versions = "3+", ignorable = true, defaultValue = "-1") long previousBrokerEpoch,
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

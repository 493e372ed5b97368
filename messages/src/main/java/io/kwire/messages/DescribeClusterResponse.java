package io.kwire.messages;

import io.kwire.annotations.ApiKey;
import io.kwire.annotations.EntityType;
import io.kwire.annotations.Field;
import io.kwire.annotations.MessageType;
import io.kwire.runtime.wire.UnknownTaggedFields;
import java.util.List;

/** Kafka's DescribeCluster response (API key 60). */
@ApiKey(value = 60, type = MessageType.RESPONSE, validVersions = "0-2", flexibleVersions = "0+")
public record DescribeClusterResponse(
    @Field(versions = "0+") int throttleTimeMs,
    @Field(versions = "0+") short errorCode,
    @Field(versions = "0+", nullableVersions = "0+", defaultValue = "null") String errorMessage,
    @Field(versions = "1+", defaultValue = "1") byte endpointType,
    @Field(versions = "0+") String clusterId,
    @Field(versions = "0+", defaultValue = "-1", entityType = EntityType.BROKER_ID) int controllerId,
    @Field(versions = "0+") List<DescribeClusterBroker> brokers,
    @Field(versions = "0+", defaultValue = "-2147483648") int clusterAuthorizedOperations,
    UnknownTaggedFields unknownTaggedFields) {

  public record DescribeClusterBroker(
      @Field(versions = "0+", mapKey = true, entityType = EntityType.BROKER_ID) int brokerId,
      @Field(versions = "0+") String host,
      @Field(versions = "0+") int port,
      @Field(versions = "0+", nullableVersions = "0+", defaultValue = "null") String rack,
      @Field(versions = "2+") boolean isFenced,
      UnknownTaggedFields unknownTaggedFields) {}
}

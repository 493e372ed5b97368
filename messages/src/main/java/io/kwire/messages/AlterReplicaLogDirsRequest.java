package io.kwire.messages;

import io.kwire.annotations.ApiKey;
import io.kwire.annotations.EntityType;
import io.kwire.annotations.Field;
import io.kwire.annotations.Listener;
import io.kwire.annotations.MessageType;
import io.kwire.runtime.wire.UnknownTaggedFields;
import java.util.List;

/** Kafka's AlterReplicaLogDirs request (API key 34). */
@ApiKey(value = 34, type = MessageType.REQUEST, validVersions = "0-2", flexibleVersions = "2+",
    deprecatedVersions = "0", listeners = {Listener.BROKER})
public record AlterReplicaLogDirsRequest(
    @Field(versions = "0+") List<AlterReplicaLogDir> dirs,
    UnknownTaggedFields unknownTaggedFields) {

  public record AlterReplicaLogDir(
      @Field(versions = "0+", mapKey = true) String path,
      @Field(versions = "0+") List<AlterReplicaLogDirTopic> topics,
      UnknownTaggedFields unknownTaggedFields) {}

  public record AlterReplicaLogDirTopic(
      @Field(versions = "0+", mapKey = true, entityType = EntityType.TOPIC_NAME) String name,
      @Field(versions = "0+") List<Integer> partitions,
      UnknownTaggedFields unknownTaggedFields) {}
}

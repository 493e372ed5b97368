package io.kwire.messages;

import io.kwire.annotations.ApiKey;
import io.kwire.annotations.EntityType;
import io.kwire.annotations.Field;
import io.kwire.annotations.MessageType;
import io.kwire.runtime.wire.UnknownTaggedFields;
import java.util.List;

/** Kafka's DescribeLogDirs response (API key 35). */
@ApiKey(value = 35, type = MessageType.RESPONSE, validVersions = "0-5", flexibleVersions = "2+")
public record DescribeLogDirsResponse(
    @Field(versions = "0+") int throttleTimeMs,
    @Field(versions = "3+", ignorable = true) short errorCode,
    @Field(versions = "0+") List<DescribeLogDirsResult> results,
    UnknownTaggedFields unknownTaggedFields) {

  public record DescribeLogDirsResult(
      @Field(versions = "0+") short errorCode,
      @Field(versions = "0+") String logDir,
      @Field(versions = "0+") List<DescribeLogDirsTopic> topics,
      @Field(versions = "4+", ignorable = true, defaultValue = "-1") long totalBytes,
      @Field(versions = "4+", ignorable = true, defaultValue = "-1") long usableBytes,
      @Field(versions = "5+", ignorable = true, defaultValue = "false") boolean isCordoned,
      UnknownTaggedFields unknownTaggedFields) {}

  public record DescribeLogDirsTopic(
      @Field(versions = "0+", entityType = EntityType.TOPIC_NAME) String name,
      @Field(versions = "0+") List<DescribeLogDirsPartition> partitions,
      UnknownTaggedFields unknownTaggedFields) {}

  public record DescribeLogDirsPartition(
      @Field(versions = "0+") int partitionIndex,
      @Field(versions = "0+") long partitionSize,
      @Field(versions = "0+") long offsetLag,
      @Field(versions = "0+") boolean isFutureKey,
      UnknownTaggedFields unknownTaggedFields) {}
}

package io.kwire.tests.fakefail;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.kwire.json.KwireJson;
import io.kwire.messages.ApiVersionsRequest;
import io.kwire.messages.ApiVersionsRequestBuilder;
import io.kwire.messages.CreateAclsRequest;
import io.kwire.messages.CreateAclsRequestBuilder;
import io.kwire.messages.DeleteAclsRequest;
import io.kwire.messages.DeleteAclsRequestBuilder;
import io.kwire.messages.DescribeAclsRequest;
import io.kwire.messages.DescribeAclsRequestBuilder;
import io.kwire.messages.DescribeUserScramCredentialsRequest;
import io.kwire.messages.DescribeUserScramCredentialsRequestBuilder;
import io.kwire.messages.ProduceRequest;
import io.kwire.messages.ProduceRequestBuilder;
import io.kwire.runtime.ApiMessageCodec;
import io.kwire.runtime.records.Records;
import io.kwire.tests.differential.MessageFactory;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;

/**
 * The requests a failed control answers in the differential test: random ones of the version
 * (fixed seeds; arrays of up to four topics, partitions, resources or groups), adjusted only where
 * the fake would send no response (a Produce with acks=0), Kafka's own could
 * not be made (null records; unknown ACL codes, which Kafka refuses while parsing), or kwire-net refuses it first (ApiVersions' software names).
 */
final class FailRequests {
  /** Requests per (API, version). */
  static final int PER_VERSION = 12;
  /** Requests at most per (API, version), when the first ones all name fewer than two of anything. */
  static final int MAX_PER_VERSION = 30;

  private static final ObjectMapper JSON = new ObjectMapper();

  private FailRequests() {}

  static <Q> Q of(ApiMessageCodec<Q> codec, short version, int index) {
    Q request = MessageFactory.random(codec, version, seed(codec, version, index));
    if (request instanceof ProduceRequest produce) {
      return codec.messageType().cast(answered(produce));
    }
    if (request instanceof ApiVersionsRequest apiVersions && version >= 3) {
      // kwire-net refuses an ApiVersions with names a broker would not accept (INVALID_REQUEST) before any control
      return codec.messageType().cast(new ApiVersionsRequestBuilder(apiVersions).clientSoftwareName("kwire-tests")
          .clientSoftwareVersion("1.0").build());
    }
    if (request instanceof CreateAclsRequest || request instanceof DescribeAclsRequest
        || request instanceof DeleteAclsRequest) {
      return codec.messageType().cast(knownAclCodes(request));
    }
    if (request instanceof DescribeUserScramCredentialsRequest describe && describe.users() == null) {
      // null (all users) makes Kafka's getErrorResponse throw a NullPointerException
      return codec.messageType().cast(new DescribeUserScramCredentialsRequestBuilder(describe).users(List.of()).build());
    }
    return request;
  }

  /**
   * Kafka's ACL requests refuse UNKNOWN resource, pattern, operation and permission codes while
   * parsing (before any getErrorResponse): these keep the random names with codes Kafka knows.
   */
  private static Object knownAclCodes(Object request) {
    byte topic = 2;
    byte literal = 3;
    byte read = 3;
    byte allow = 3;
    if (request instanceof CreateAclsRequest create) {
      List<CreateAclsRequest.AclCreation> creations = new ArrayList<>();
      for (CreateAclsRequest.AclCreation c : create.creations()) {
        creations.add(new CreateAclsRequestBuilder.AclCreationBuilder(c).resourceType(topic).resourcePatternType(literal)
            .operation(read).permissionType(allow).build());
      }
      return new CreateAclsRequestBuilder(create).creations(creations).build();
    }
    if (request instanceof DescribeAclsRequest describe) {
      return new DescribeAclsRequestBuilder(describe).resourceTypeFilter(topic).patternTypeFilter(literal)
          .operation(read).permissionType(allow).build();
    }
    DeleteAclsRequest delete = (DeleteAclsRequest) request;
    List<DeleteAclsRequest.DeleteAclsFilter> filters = new ArrayList<>();
    for (DeleteAclsRequest.DeleteAclsFilter f : delete.filters()) {
      filters.add(new DeleteAclsRequestBuilder.DeleteAclsFilterBuilder(f).resourceTypeFilter(topic)
          .patternTypeFilter(literal).operation(read).permissionType(allow).build());
    }
    return new DeleteAclsRequestBuilder(delete).filters(filters).build();
  }

  /**
   * acks=0 gets no response; null records (never sent by a producer) break Kafka's getErrorResponse,
   * which sizes every partition's records.
   */
  private static ProduceRequest answered(ProduceRequest produce) {
    List<ProduceRequest.TopicProduceData> topics = new ArrayList<>();
    for (ProduceRequest.TopicProduceData topic : produce.topicData()) {
      List<ProduceRequest.PartitionProduceData> partitions = new ArrayList<>();
      for (ProduceRequest.PartitionProduceData p : topic.partitionData()) {
        partitions.add(p.records() != null ? p
            : new ProduceRequestBuilder.PartitionProduceDataBuilder(p).records(Records.EMPTY).build());
      }
      topics.add(new ProduceRequestBuilder.TopicProduceDataBuilder(topic).partitionData(partitions).build());
    }
    short acks = produce.acks() == 0 ? -1 : produce.acks();
    return new ProduceRequestBuilder(produce).acks(acks).topicData(topics).build();
  }

  /** Whether the request has a top-level array at {@code version}. */
  static boolean hasArrays(ApiMessageCodec<?> codec, short version) {
    return codec.descriptor().body().fields().stream()
        .anyMatch(f -> f.isArray() && f.versions().contains(version) && !f.taggedVersions().contains(version));
  }

  /** The most elements any array of the request has, at any depth. */
  static <Q> int widestArray(ApiMessageCodec<Q> codec, Q request, short version) {
    try {
      return widest(JSON.readTree(KwireJson.write(codec, request, version)));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static int widest(JsonNode node) {
    int most = node.isArray() ? node.size() : 0;
    for (JsonNode child : node) {
      most = Math.max(most, widest(child));
    }
    return most;
  }

  /** The seed of {@link #of}'s request, for the failure messages. */
  static long seed(ApiMessageCodec<?> codec, short version, int index) {
    // spread by SplitMix64's finalizer: java.util.Random's first draws from neighbouring seeds are alike
    long z = 0xFA11L * 1_000_000 + codec.apiKey() * 10_000L + version * 100L + index;
    z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L;
    z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
    return z ^ (z >>> 31);
  }
}

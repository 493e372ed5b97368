package io.kwire.messages.errors;

import io.kwire.messages.ApiVersionsRequestCodec;
import io.kwire.messages.ApiVersionsResponse;
import io.kwire.messages.ApiVersionsResponseBuilder;
import io.kwire.messages.CreatePartitionsRequest;
import io.kwire.messages.CreatePartitionsResponse;
import io.kwire.messages.CreatePartitionsResponseBuilder;
import io.kwire.messages.CreateTopicsRequest;
import io.kwire.messages.CreateTopicsResponse;
import io.kwire.messages.CreateTopicsResponseBuilder;
import io.kwire.messages.DeleteTopicsRequest;
import io.kwire.messages.DeleteTopicsResponse;
import io.kwire.messages.DeleteTopicsResponseBuilder;
import io.kwire.messages.DescribeClusterRequest;
import io.kwire.messages.DescribeClusterResponse;
import io.kwire.messages.DescribeClusterResponseBuilder;
import io.kwire.messages.DescribeConfigsRequest;
import io.kwire.messages.DescribeConfigsResponse;
import io.kwire.messages.DescribeConfigsResponseBuilder;
import io.kwire.messages.IncrementalAlterConfigsRequest;
import io.kwire.messages.IncrementalAlterConfigsResponse;
import io.kwire.messages.IncrementalAlterConfigsResponseBuilder;
import io.kwire.runtime.meta.VersionRange;
import java.util.ArrayList;
import java.util.List;

/** The error responses of the admin APIs: the code in every topic or resource asked for. */
final class AdminErrorResponses {
  /** Kafka's code for UNSUPPORTED_VERSION, whose ApiVersions answer still names ApiVersions' own versions. */
  private static final short UNSUPPORTED_VERSION = 35;

  private AdminErrorResponses() {}

  static void register(ErrorResponses.Registry shapes) {
    shapes.add(CreateTopicsRequest.class, AdminErrorResponses::createTopics);
    shapes.add(DeleteTopicsRequest.class, AdminErrorResponses::deleteTopics);
    shapes.add(CreatePartitionsRequest.class, AdminErrorResponses::createPartitions);
    shapes.add(DescribeConfigsRequest.class, AdminErrorResponses::describeConfigs);
    shapes.add(IncrementalAlterConfigsRequest.class, AdminErrorResponses::incrementalAlterConfigs);
    shapes.add(DescribeClusterRequest.class, (request, version, code) ->
        new DescribeClusterResponseBuilder().errorCode(code).build());
  }

  /** The code; with UNSUPPORTED_VERSION also the versions of ApiVersions the broker serves (KIP-511). */
  static ApiVersionsResponse apiVersions(VersionRange served, short errorCode) {
    ApiVersionsResponseBuilder response = new ApiVersionsResponseBuilder().errorCode(errorCode);
    if (errorCode == UNSUPPORTED_VERSION) {
      response.apiKeys(List.of(new ApiVersionsResponseBuilder.ApiVersionBuilder().apiKey(ApiVersionsRequestCodec.INSTANCE.apiKey())
          .minVersion(served.lowest()).maxVersion(served.highest()).build()));
    }
    return response.build();
  }

  static CreateTopicsResponse createTopics(CreateTopicsRequest request, short version, short errorCode) {
    List<CreateTopicsResponse.CreatableTopicResult> topics = new ArrayList<>();
    for (CreateTopicsRequest.CreatableTopic topic : request.topics()) {
      topics.add(new CreateTopicsResponseBuilder.CreatableTopicResultBuilder().name(topic.name()).errorCode(errorCode)
          .errorMessage(null).build());
    }
    return new CreateTopicsResponseBuilder().topics(topics).build();
  }

  /** By name before v6, by name and id from v6. */
  static DeleteTopicsResponse deleteTopics(DeleteTopicsRequest request, short version, short errorCode) {
    List<DeleteTopicsResponse.DeletableTopicResult> topics = new ArrayList<>();
    if (version < 6) {
      for (String name : request.topicNames()) {
        topics.add(new DeleteTopicsResponseBuilder.DeletableTopicResultBuilder().name(name).errorCode(errorCode)
            .build());
      }
    } else {
      for (DeleteTopicsRequest.DeleteTopicState topic : request.topics()) {
        topics.add(new DeleteTopicsResponseBuilder.DeletableTopicResultBuilder().name(topic.name())
            .topicId(topic.topicId()).errorCode(errorCode).build());
      }
    }
    return new DeleteTopicsResponseBuilder().responses(topics).build();
  }

  static CreatePartitionsResponse createPartitions(CreatePartitionsRequest request, short version, short errorCode) {
    List<CreatePartitionsResponse.CreatePartitionsTopicResult> topics = new ArrayList<>();
    for (CreatePartitionsRequest.CreatePartitionsTopic topic : request.topics()) {
      topics.add(new CreatePartitionsResponseBuilder.CreatePartitionsTopicResultBuilder().name(topic.name())
          .errorCode(errorCode).build());
    }
    return new CreatePartitionsResponseBuilder().results(topics).build();
  }

  static DescribeConfigsResponse describeConfigs(DescribeConfigsRequest request, short version, short errorCode) {
    List<DescribeConfigsResponse.DescribeConfigsResult> results = new ArrayList<>();
    for (DescribeConfigsRequest.DescribeConfigsResource r : request.resources()) {
      results.add(new DescribeConfigsResponseBuilder.DescribeConfigsResultBuilder().errorCode(errorCode)
          .errorMessage(null).resourceType(r.resourceType()).resourceName(r.resourceName()).build());
    }
    return new DescribeConfigsResponseBuilder().results(results).build();
  }

  static IncrementalAlterConfigsResponse incrementalAlterConfigs(IncrementalAlterConfigsRequest request, short version,
      short errorCode) {
    List<IncrementalAlterConfigsResponse.AlterConfigsResourceResponse> results = new ArrayList<>();
    for (IncrementalAlterConfigsRequest.AlterConfigsResource r : request.resources()) {
      results.add(new IncrementalAlterConfigsResponseBuilder.AlterConfigsResourceResponseBuilder().errorCode(errorCode)
          .errorMessage(null).resourceType(r.resourceType()).resourceName(r.resourceName()).build());
    }
    return new IncrementalAlterConfigsResponseBuilder().responses(results).build();
  }
}

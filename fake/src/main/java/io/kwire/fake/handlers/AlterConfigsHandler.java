package io.kwire.fake.handlers;

import io.kwire.fake.cluster.ClusterState;
import io.kwire.fake.cluster.ErrorCode;
import io.kwire.fake.cluster.Topic;
import io.kwire.fake.cluster.TopicConfigs;
import io.kwire.messages.AlterConfigsRequest;
import io.kwire.messages.AlterConfigsResponse;
import io.kwire.messages.AlterConfigsResponseBuilder;
import io.kwire.messages.AlterConfigsResponseBuilder.AlterConfigsResourceResponseBuilder;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * AlterConfigs, the API IncrementalAlterConfigs replaced (AdminClient's deprecated alterConfigs,
 * kafka-configs of old releases): a topic's configuration becomes exactly the one given, every
 * configuration left out back at its default; all or nothing per resource (INVALID_CONFIG for a
 * name or value Kafka refuses, INVALID_REQUEST for a name given twice), validateOnly checks only;
 * UNKNOWN_TOPIC_OR_PARTITION. Broker configurations are the fake's settings, not alterable
 * (INVALID_REQUEST), as for IncrementalAlterConfigs.
 */
public final class AlterConfigsHandler implements ApiHandler<AlterConfigsRequest, AlterConfigsResponse> {
  private final ClusterState cluster;

  public AlterConfigsHandler(ClusterState cluster) {
    this.cluster = cluster;
  }

  @Override
  public CompletionStage<AlterConfigsResponse> handle(AlterConfigsRequest request, RequestContext context) {
    List<AlterConfigsResponse.AlterConfigsResourceResponse> responses = new ArrayList<>();
    for (AlterConfigsRequest.AlterConfigsResource r : request.resources()) {
      Rejection why = alter(r, request.validateOnly());
      AlterConfigsResourceResponseBuilder out = new AlterConfigsResourceResponseBuilder().resourceType(r.resourceType())
          .resourceName(r.resourceName()).errorMessage(null);
      if (why != null) {
        out.errorCode(why.code()).errorMessage(why.message());
      }
      responses.add(out.build());
    }
    return CompletableFuture.completedFuture(new AlterConfigsResponseBuilder().responses(responses).build());
  }

  private Rejection alter(AlterConfigsRequest.AlterConfigsResource r, boolean validateOnly) {
    if (r.resourceType() != ConfigResources.TOPIC) {
      return new Rejection(ErrorCode.INVALID_REQUEST, "The fake alters only topic configs");
    }
    Topic topic = cluster.topic(r.resourceName());
    if (topic == null) {
      return new Rejection(ErrorCode.UNKNOWN_TOPIC_OR_PARTITION, "Topic " + r.resourceName() + " does not exist.");
    }
    Map<String, String> set = new LinkedHashMap<>();
    for (AlterConfigsRequest.AlterableConfig c : r.configs()) {
      Optional<String> bad = TopicConfigs.invalidReason(c.name(), c.value());
      if (bad.isPresent()) {
        return new Rejection(ErrorCode.INVALID_CONFIG, bad.get());
      }
      if (set.put(c.name(), c.value()) != null) {
        return new Rejection(ErrorCode.INVALID_REQUEST, "Error due to duplicate config keys");
      }
    }
    if (!validateOnly) {
      topic.configs(TopicConfigs.of(set));
    }
    return null;
  }
}

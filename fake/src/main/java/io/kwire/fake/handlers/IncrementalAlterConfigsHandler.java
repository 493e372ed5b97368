package io.kwire.fake.handlers;

import io.kwire.fake.cluster.ClusterState;
import io.kwire.fake.cluster.ErrorCode;
import io.kwire.fake.cluster.Topic;
import io.kwire.fake.cluster.TopicConfigs;
import io.kwire.fake.groups.GroupConfigs;
import io.kwire.messages.IncrementalAlterConfigsRequest;
import io.kwire.messages.IncrementalAlterConfigsResponse;
import io.kwire.messages.IncrementalAlterConfigsResponseBuilder;
import io.kwire.messages.IncrementalAlterConfigsResponseBuilder.AlterConfigsResourceResponseBuilder;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * IncrementalAlterConfigs for topics: SET, DELETE, and APPEND and SUBTRACT on list configurations
 * (cleanup.policy; INVALID_REQUEST for any other, as Kafka), all of a resource's changes or none
 * (INVALID_CONFIG for a name or value Kafka refuses); validateOnly checks only. Broker loggers
 * ({@link BrokerLoggerConfigs}), client-metrics subscriptions ({@link ClientMetricsConfigs}) and groups
 * (GROUP: SET and DELETE of the names Kafka 4.4 takes, {@link GroupConfigs}) too; other resource types
 * are INVALID_REQUEST.
 */
public final class IncrementalAlterConfigsHandler
    implements ApiHandler<IncrementalAlterConfigsRequest, IncrementalAlterConfigsResponse> {
  private static final byte SET = 0;
  private static final byte DELETE = 1;
  private static final byte APPEND = 2;
  private static final byte SUBTRACT = 3;
  /** The topic configurations of type LIST among those the fake knows: the only ones APPEND and SUBTRACT take. */
  private static final Set<String> LISTS = Set.of("cleanup.policy");

  private final ClusterState cluster;
  private final GroupConfigs groupConfigs;

  public IncrementalAlterConfigsHandler(ClusterState cluster) {
    this(cluster, new GroupConfigs());
  }

  public IncrementalAlterConfigsHandler(ClusterState cluster, GroupConfigs groupConfigs) {
    this.cluster = cluster;
    this.groupConfigs = groupConfigs;
  }

  @Override
  public CompletionStage<IncrementalAlterConfigsResponse> handle(IncrementalAlterConfigsRequest request,
      RequestContext context) {
    List<IncrementalAlterConfigsResponse.AlterConfigsResourceResponse> results = new ArrayList<>();
    for (IncrementalAlterConfigsRequest.AlterConfigsResource r : request.resources()) {
      Rejection why = alter(r, request.validateOnly(), context.brokerId());
      // A resource altered has no message: null, as Kafka answers it (not the builder's "").
      AlterConfigsResourceResponseBuilder out = new AlterConfigsResourceResponseBuilder()
          .resourceType(r.resourceType()).resourceName(r.resourceName()).errorMessage(null);
      if (why != null) {
        out.errorCode(why.code()).errorMessage(why.message());
      }
      results.add(out.build());
    }
    return CompletableFuture.completedFuture(new IncrementalAlterConfigsResponseBuilder().responses(results).build());
  }

  private Rejection alter(IncrementalAlterConfigsRequest.AlterConfigsResource r, boolean validateOnly, int brokerId) {
    if (r.resourceType() == ClientMetricsConfigs.CLIENT_METRICS) {
      return ClientMetricsConfigs.alter(cluster.telemetry(), r, validateOnly);
    }
    if (r.resourceType() == BrokerLoggerConfigs.BROKER_LOGGER) {
      return BrokerLoggerConfigs.alter(cluster.loggers(), r, brokerId, validateOnly);
    }
    if (r.resourceType() == ConfigResources.GROUP) {
      return alterGroup(r, validateOnly);
    }
    if (r.resourceType() != ConfigResources.TOPIC) {
      return new Rejection(ErrorCode.INVALID_REQUEST, "The fake alters only topic configs");
    }
    Topic topic = cluster.topic(r.resourceName());
    if (topic == null) {
      return new Rejection(ErrorCode.UNKNOWN_TOPIC_OR_PARTITION, "Topic " + r.resourceName() + " does not exist.");
    }
    TopicConfigs changed = topic.configs();
    for (IncrementalAlterConfigsRequest.AlterableConfig c : r.configs()) {
      if (c.configOperation() == SET) {
        Optional<String> bad = TopicConfigs.invalidReason(c.name(), c.value());
        if (bad.isPresent()) {
          return new Rejection(ErrorCode.INVALID_CONFIG, bad.get());
        }
        changed = changed.with(c.name(), c.value());
      } else if (c.configOperation() == DELETE) {
        if (!TopicConfigs.known(c.name())) {
          return new Rejection(ErrorCode.INVALID_CONFIG, "Unknown topic config name: " + c.name());
        }
        changed = changed.with(c.name(), null);
      } else if (c.configOperation() == APPEND || c.configOperation() == SUBTRACT) {
        String op = c.configOperation() == APPEND ? "append" : "subtract";
        if (!TopicConfigs.known(c.name())) {
          return new Rejection(ErrorCode.INVALID_CONFIG, "Unknown topic config name: " + c.name());
        }
        if (!LISTS.contains(c.name())) {
          return new Rejection(ErrorCode.INVALID_REQUEST, "Config value " + op + " is not allowed for config key: "
              + c.name());
        }
        String value = listOp(changed.get(c.name()), c.value(), c.configOperation() == APPEND);
        Optional<String> bad = TopicConfigs.invalidReason(c.name(), value);
        if (bad.isPresent()) {
          return new Rejection(ErrorCode.INVALID_CONFIG, bad.get());
        }
        changed = changed.with(c.name(), value);
      } else {
        return new Rejection(ErrorCode.INVALID_REQUEST, "Unknown config operation " + c.configOperation());
      }
    }
    if (!validateOnly) {
      topic.configs(changed);
    }
    return null;
  }

  private Rejection alterGroup(IncrementalAlterConfigsRequest.AlterConfigsResource r, boolean validateOnly) {
    for (IncrementalAlterConfigsRequest.AlterableConfig c : r.configs()) {
      if (c.configOperation() != SET && c.configOperation() != DELETE) {
        return new Rejection(ErrorCode.INVALID_REQUEST, "Config value " + (c.configOperation() == APPEND ? "append"
            : "subtract") + " is not allowed for config key: " + c.name());
      }
      if (!GroupConfigs.accepts(c.name())) {
        return new Rejection(ErrorCode.INVALID_CONFIG, "Unknown group config name: " + c.name());
      }
      if (c.configOperation() == SET && GroupConfigs.validate(c.name(), c.value()) != ErrorCode.NONE) {
        return new Rejection(ErrorCode.INVALID_CONFIG, "Invalid value " + c.value() + " for configuration "
            + c.name());
      }
    }
    if (!validateOnly) {
      for (IncrementalAlterConfigsRequest.AlterableConfig c : r.configs()) {
        groupConfigs.put(r.resourceName(), c.name(), c.configOperation() == SET ? c.value() : null);
      }
    }
    return null;
  }

  /**
   * A list value with {@code operand}'s elements appended (those not in it yet) or removed, as
   * Kafka does it: the current value (the default when unset) split at commas.
   */
  private static String listOp(String current, String operand, boolean append) {
    List<String> values = new ArrayList<>();
    if (current != null && !current.isEmpty()) {
      values.addAll(Arrays.asList(current.split(",")));
    }
    List<String> given = operand == null ? List.of() : Arrays.asList(operand.split(","));
    if (append) {
      for (String v : given) {
        if (!values.contains(v)) {
          values.add(v);
        }
      }
    } else {
      values.removeAll(given);
    }
    return String.join(",", values);
  }
}

package io.kwire.fake.handlers;

import io.kwire.fake.cluster.ClusterSettings;
import io.kwire.fake.cluster.ClusterState;
import io.kwire.fake.cluster.ErrorCode;
import io.kwire.fake.cluster.Topic;
import io.kwire.fake.cluster.TopicConfigs;
import io.kwire.fake.groups.GroupConfigs;
import io.kwire.messages.DescribeConfigsRequest;
import io.kwire.messages.DescribeConfigsResponse;
import io.kwire.messages.DescribeConfigsResponseBuilder;
import io.kwire.messages.DescribeConfigsResponseBuilder.DescribeConfigsResourceResultBuilder;
import io.kwire.messages.DescribeConfigsResponseBuilder.DescribeConfigsResultBuilder;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * DescribeConfigs for topics (every topic configuration, set or default, with its source) and
 * brokers (the settings the fake acts on, read-only), broker loggers ({@link BrokerLoggerConfigs}),
 * client-metrics subscriptions ({@link ClientMetricsConfigs}) and groups (every group configuration
 * Kafka 4.4 takes, set or default). Other resource types are INVALID_REQUEST.
 */
public final class DescribeConfigsHandler implements ApiHandler<DescribeConfigsRequest, DescribeConfigsResponse> {
  private final ClusterState cluster;
  private final GroupConfigs groupConfigs;

  public DescribeConfigsHandler(ClusterState cluster) {
    this(cluster, new GroupConfigs());
  }

  public DescribeConfigsHandler(ClusterState cluster, GroupConfigs groupConfigs) {
    this.cluster = cluster;
    this.groupConfigs = groupConfigs;
  }

  @Override
  public CompletionStage<DescribeConfigsResponse> handle(DescribeConfigsRequest request, RequestContext context) {
    List<DescribeConfigsResponse.DescribeConfigsResult> results = new ArrayList<>();
    for (DescribeConfigsRequest.DescribeConfigsResource r : request.resources()) {
      DescribeConfigsResultBuilder out = new DescribeConfigsResultBuilder().resourceType(r.resourceType())
          .resourceName(r.resourceName());
      if (r.resourceType() == ConfigResources.TOPIC) {
        Topic topic = cluster.topic(r.resourceName());
        if (topic == null) {
          out.errorCode(ErrorCode.UNKNOWN_TOPIC_OR_PARTITION).errorMessage("Topic " + r.resourceName()
              + " does not exist.");
        } else {
          List<DescribeConfigsResponse.DescribeConfigsResourceResult> configs = new ArrayList<>();
          topic.configs().effective().forEach((name, value) -> {
            if (r.configurationKeys() == null || r.configurationKeys().contains(name)) {
              configs.add(entry(name, value, false, ConfigResources.source(topic.configs(), name),
                  TopicConfigs.type(name)));
            }
          });
          out.configs(configs);
        }
      } else if (r.resourceType() == ConfigResources.BROKER) {
        List<DescribeConfigsResponse.DescribeConfigsResourceResult> configs = new ArrayList<>();
        brokerConfigs(r.resourceName()).forEach((name, value) -> {
          if (r.configurationKeys() == null || r.configurationKeys().contains(name)) {
            configs.add(entry(name, value, true, ConfigResources.STATIC_BROKER_CONFIG, (byte) 0));
          }
        });
        out.configs(configs);
      } else if (r.resourceType() == BrokerLoggerConfigs.BROKER_LOGGER) {
        Rejection wrongBroker = BrokerLoggerConfigs.checkBroker(r.resourceName(), context.brokerId());
        if (wrongBroker != null) {
          out.errorCode(wrongBroker.code()).errorMessage(wrongBroker.message());
        } else {
          out.configs(BrokerLoggerConfigs.describe(cluster.loggers(), context.brokerId(), r.configurationKeys()));
        }
      } else if (r.resourceType() == ClientMetricsConfigs.CLIENT_METRICS) {
        out.configs(ClientMetricsConfigs.describe(cluster.telemetry(), r.resourceName(), r.configurationKeys()));
      } else if (r.resourceType() == ConfigResources.GROUP) {
        List<DescribeConfigsResponse.DescribeConfigsResourceResult> configs = new ArrayList<>();
        Map<String, String> set = groupConfigs.setFor(r.resourceName());
        GroupConfigs.DEFINITIONS.forEach((name, definition) -> {
          if (r.configurationKeys() == null || r.configurationKeys().contains(name)) {
            boolean isSet = set.containsKey(name);
            byte source = isSet ? ConfigResources.GROUP_CONFIG
                : definition.brokerSetting() ? ConfigResources.STATIC_BROKER_CONFIG : ConfigResources.DEFAULT_CONFIG;
            configs.add(entry(name, isSet ? set.get(name) : definition.defaultValue(), false, source,
                definition.type().id()));
          }
        });
        // Kafka lists the warm-up settings only once the group sets them.
        GroupConfigs.UNLISTED.forEach((name, definition) -> {
          if (set.containsKey(name) && (r.configurationKeys() == null || r.configurationKeys().contains(name))) {
            configs.add(entry(name, set.get(name), false, ConfigResources.GROUP_CONFIG, definition.type().id()));
          }
        });
        out.configs(configs);
      } else {
        out.errorCode(ErrorCode.INVALID_REQUEST).errorMessage("The fake describes only topic and broker configs");
      }
      results.add(out.build());
    }
    return CompletableFuture.completedFuture(new DescribeConfigsResponseBuilder().results(results).build());
  }

  private Map<String, String> brokerConfigs(String brokerId) {
    ClusterSettings s = cluster.settings();
    Map<String, String> configs = new LinkedHashMap<>();
    if (!brokerId.isEmpty()) {
      configs.put("broker.id", brokerId);
      configs.put("node.id", brokerId);
    }
    configs.put("auto.create.topics.enable", Boolean.toString(s.autoCreateTopics()));
    configs.put("num.partitions", Integer.toString(s.defaultPartitions()));
    configs.put("default.replication.factor", Short.toString(s.defaultReplicationFactor()));
    configs.put("log.retention.bytes", Long.toString(s.retentionBytes()));
    configs.put("group.min.session.timeout.ms", Integer.toString(s.groupMinSessionTimeoutMs()));
    configs.put("group.max.session.timeout.ms", Integer.toString(s.groupMaxSessionTimeoutMs()));
    configs.put("group.initial.rebalance.delay.ms", Integer.toString(s.groupInitialRebalanceDelayMs()));
    return configs;
  }

  private static DescribeConfigsResponse.DescribeConfigsResourceResult entry(String name, String value,
      boolean readOnly, byte source, byte type) {
    // Kafka leaves the documentation null unless it is asked for (includeDocumentation).
    return new DescribeConfigsResourceResultBuilder().name(name).value(value).readOnly(readOnly).configSource(source)
        .configType(type).documentation(null).synonyms(List.of()).build();
  }
}

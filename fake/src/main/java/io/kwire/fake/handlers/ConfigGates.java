package io.kwire.fake.handlers;

import static io.kwire.fake.handlers.Access.concat;

import io.kwire.fake.security.AclCodes;
import io.kwire.fake.security.SecurityErrors;
import io.kwire.messages.DescribeConfigsRequest;
import io.kwire.messages.DescribeConfigsRequestBuilder;
import io.kwire.messages.DescribeConfigsResponse;
import io.kwire.messages.DescribeConfigsResponseBuilder;
import io.kwire.messages.IncrementalAlterConfigsRequest;
import io.kwire.messages.IncrementalAlterConfigsRequestBuilder;
import io.kwire.messages.IncrementalAlterConfigsResponse;
import io.kwire.messages.IncrementalAlterConfigsResponseBuilder;

/**
 * Authorization of the config APIs, per resource as Kafka's broker does it: DESCRIBE_CONFIGS
 * (ALTER_CONFIGS to alter) on the topic (TOPIC_AUTHORIZATION_FAILED), on the cluster for a broker
 * or broker logger (CLUSTER_AUTHORIZATION_FAILED), on the group (GROUP_AUTHORIZATION_FAILED).
 */
final class ConfigGates {
  private static final byte TOPIC = 2;
  private static final byte BROKER = 4;
  private static final byte BROKER_LOGGER = 8;
  private static final byte GROUP = 32;

  private ConfigGates() {}

  /** The error code refusing the operation on a config resource, 0 if allowed (or a type left to the handler). */
  private static int refusal(Access access, byte operation, byte type, String name) {
    return switch (type) {
      case TOPIC -> access.may(operation, AclCodes.TOPIC, name) ? 0 : SecurityErrors.TOPIC_AUTHORIZATION_FAILED;
      case BROKER, BROKER_LOGGER -> access.mayOnCluster(operation) ? 0 : SecurityErrors.CLUSTER_AUTHORIZATION_FAILED;
      case GROUP -> access.may(operation, AclCodes.GROUP, name) ? 0 : SecurityErrors.GROUP_AUTHORIZATION_FAILED;
      default -> 0;
    };
  }

  static Gate<DescribeConfigsRequest, DescribeConfigsResponse> describeConfigs() {
    return (request, context, access, next) -> access.split(request, context, next, request.resources(),
        r -> refusal(access, AclCodes.DESCRIBE_CONFIGS, r.resourceType(), r.resourceName()),
        resources -> new DescribeConfigsRequestBuilder(request).resources(resources).build(),
        (served, refused) -> new DescribeConfigsResponseBuilder(served)
            .results(concat(served.results(), refused.results())).build(), false);
  }

  static Gate<IncrementalAlterConfigsRequest, IncrementalAlterConfigsResponse> incrementalAlterConfigs() {
    return (request, context, access, next) -> access.split(request, context, next, request.resources(),
        r -> refusal(access, AclCodes.ALTER_CONFIGS, r.resourceType(), r.resourceName()),
        resources -> new IncrementalAlterConfigsRequestBuilder(request).resources(resources).build(),
        (served, refused) -> new IncrementalAlterConfigsResponseBuilder(served)
            .responses(concat(served.responses(), refused.responses())).build(), false);
  }
}

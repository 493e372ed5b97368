package io.kwire.fake.handlers;

import io.kwire.fake.cluster.BrokerLoggers;
import io.kwire.fake.cluster.ErrorCode;
import io.kwire.messages.DescribeConfigsResponse;
import io.kwire.messages.DescribeConfigsResponseBuilder.DescribeConfigsResourceResultBuilder;
import io.kwire.messages.IncrementalAlterConfigsRequest;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The BROKER_LOGGER config resource (one per broker, named by its id, asked of that broker): its
 * loggers' levels ({@link BrokerLoggers}), described with source DYNAMIC_BROKER_LOGGER_CONFIG and
 * set or removed with IncrementalAlterConfigs (SET a level, DELETE back to the root's), all or
 * nothing; INVALID_CONFIG for a level log4j does not have or removing the root logger's,
 * INVALID_REQUEST for APPEND or SUBTRACT and for another broker's id.
 */
final class BrokerLoggerConfigs {
  static final byte BROKER_LOGGER = 8;
  static final byte DYNAMIC_BROKER_LOGGER_CONFIG = 6;
  private static final Set<String> LEVELS = Set.of("OFF", "FATAL", "ERROR", "WARN", "INFO", "DEBUG", "TRACE", "ALL");

  private BrokerLoggerConfigs() {}

  static Rejection alter(BrokerLoggers loggers, IncrementalAlterConfigsRequest.AlterConfigsResource r, int brokerId,
      boolean validateOnly) {
    Rejection wrongBroker = checkBroker(r.resourceName(), brokerId);
    if (wrongBroker != null) {
      return wrongBroker;
    }
    Map<String, String> changes = new LinkedHashMap<>();
    for (IncrementalAlterConfigsRequest.AlterableConfig c : r.configs()) {
      if (c.configOperation() == 0) {
        if (c.value() == null || !LEVELS.contains(c.value())) {
          return new Rejection(ErrorCode.INVALID_CONFIG, "Cannot set the log level of " + c.name() + " to "
              + c.value() + " as it is not a supported log level. Valid log levels are " + String.join(", ", LEVELS));
        }
        changes.put(c.name(), c.value());
      } else if (c.configOperation() == 1) {
        if (c.name().equals(BrokerLoggers.ROOT)) {
          return new Rejection(ErrorCode.INVALID_CONFIG, "Removing the log level of the root logger is not allowed");
        }
        changes.put(c.name(), null);
      } else {
        return new Rejection(ErrorCode.INVALID_REQUEST, "Config value append or subtract is not allowed for broker"
            + " loggers");
      }
    }
    if (!validateOnly) {
      changes.forEach((logger, level) -> loggers.level(brokerId, logger, level));
    }
    return null;
  }

  /** INVALID_REQUEST unless the resource names the broker asked, as a broker answers only for its own loggers. */
  static Rejection checkBroker(String resourceName, int brokerId) {
    if (resourceName == null || resourceName.isEmpty()) {
      return new Rejection(ErrorCode.INVALID_REQUEST, "Broker id must not be empty");
    }
    return resourceName.equals(String.valueOf(brokerId)) ? null : new Rejection(ErrorCode.INVALID_REQUEST,
        "Unexpected broker id, expected " + brokerId + " but received " + resourceName);
  }

  static List<DescribeConfigsResponse.DescribeConfigsResourceResult> describe(BrokerLoggers loggers, int brokerId,
      List<String> keys) {
    List<DescribeConfigsResponse.DescribeConfigsResourceResult> out = new ArrayList<>();
    loggers.levels(brokerId).forEach((logger, level) -> {
      if (keys == null || keys.contains(logger)) {
        out.add(new DescribeConfigsResourceResultBuilder().name(logger).value(level).readOnly(false)
            .configSource(DYNAMIC_BROKER_LOGGER_CONFIG).configType((byte) 2).documentation(null).synonyms(List.of())
            .build());
      }
    });
    return out;
  }
}

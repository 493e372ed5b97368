package io.kwire.fake.handlers;

import com.google.re2j.Pattern;
import com.google.re2j.PatternSyntaxException;
import io.kwire.fake.cluster.ClientTelemetry;
import io.kwire.fake.cluster.ErrorCode;
import io.kwire.messages.DescribeConfigsResponse;
import io.kwire.messages.DescribeConfigsResponseBuilder.DescribeConfigsResourceResultBuilder;
import io.kwire.messages.IncrementalAlterConfigsRequest;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The CLIENT_METRICS config resources (KIP-714), one per client-metrics subscription: {@code metrics}
 * (metric name prefixes, {@code *} for all), {@code interval.ms} (100 ms to 1 hour, 5 minutes by
 * default) and {@code match} ({@code key=regex} selectors on the client); a resource back at every
 * default is no subscription. Altered by IncrementalAlterConfigs (SET, DELETE, APPEND and SUBTRACT on
 * the two lists), described by DescribeConfigs.
 */
final class ClientMetricsConfigs {
  static final byte CLIENT_METRICS = 16;
  static final byte DYNAMIC_CLIENT_METRICS_CONFIG = 7;
  private static final String METRICS = "metrics";
  private static final String INTERVAL = "interval.ms";
  private static final String MATCH = "match";
  private static final Set<String> SELECTORS = Set.of("client_instance_id", "client_id", "client_software_name",
      "client_software_version", "client_source_address", "client_source_port");

  private ClientMetricsConfigs() {}

  /** IncrementalAlterConfigs of one CLIENT_METRICS resource: null when done (or valid, with validateOnly). */
  static Rejection alter(ClientTelemetry telemetry, IncrementalAlterConfigsRequest.AlterConfigsResource r,
      boolean validateOnly) {
    Map<String, String> values = values(telemetry.subscriptions().get(r.resourceName()));
    for (IncrementalAlterConfigsRequest.AlterableConfig c : r.configs()) {
      if (!values.containsKey(c.name())) {
        return new Rejection(ErrorCode.INVALID_CONFIG, "Unknown client metrics config name: " + c.name());
      }
      boolean list = !c.name().equals(INTERVAL);
      switch (c.configOperation()) {
        case 0 -> values.put(c.name(), c.value());
        case 1 -> values.put(c.name(), defaultOf(c.name()));
        case 2, 3 -> {
          if (!list) {
            return new Rejection(ErrorCode.INVALID_REQUEST, "Config value " + (c.configOperation() == 2 ? "append"
                : "subtract") + " is not allowed for config key: " + c.name());
          }
          List<String> now = split(values.get(c.name()));
          for (String v : split(c.value())) {
            if (c.configOperation() == 3) {
              now.remove(v);
            } else if (!now.contains(v)) {
              now.add(v);
            }
          }
          values.put(c.name(), String.join(",", now));
        }
        default -> {
          return new Rejection(ErrorCode.INVALID_REQUEST, "Unknown config operation " + c.configOperation());
        }
      }
    }
    String invalid = invalidReason(values);
    if (invalid != null) {
      return new Rejection(ErrorCode.INVALID_CONFIG, invalid);
    }
    if (!validateOnly) {
      boolean defaults = values.equals(values(null));
      telemetry.subscription(r.resourceName(), defaults ? null : new ClientTelemetry.Subscription(r.resourceName(),
          split(values.get(METRICS)), Integer.parseInt(values.get(INTERVAL)), split(values.get(MATCH))));
    }
    return null;
  }

  /** DescribeConfigs of one CLIENT_METRICS resource: its three configurations, set or default. */
  static List<DescribeConfigsResponse.DescribeConfigsResourceResult> describe(ClientTelemetry telemetry, String name,
      List<String> keys) {
    ClientTelemetry.Subscription s = telemetry.subscriptions().get(name);
    Map<String, String> values = values(s);
    List<DescribeConfigsResponse.DescribeConfigsResourceResult> out = new ArrayList<>();
    values.forEach((config, value) -> {
      if (keys == null || keys.contains(config)) {
        boolean set = s != null && !value.equals(defaultOf(config));
        out.add(new DescribeConfigsResourceResultBuilder().name(config).value(value).readOnly(false)
            .configSource(set ? DYNAMIC_CLIENT_METRICS_CONFIG : ConfigResources.DEFAULT_CONFIG)
            .configType(config.equals(INTERVAL) ? (byte) 3 : (byte) 7).documentation(null).synonyms(List.of()).build());
      }
    });
    return out;
  }

  private static Map<String, String> values(ClientTelemetry.Subscription s) {
    Map<String, String> values = new LinkedHashMap<>();
    values.put(METRICS, s == null ? "" : String.join(",", s.metrics()));
    values.put(INTERVAL, String.valueOf(s == null ? ClientTelemetry.DEFAULT_INTERVAL_MS : s.intervalMs()));
    values.put(MATCH, s == null ? "" : String.join(",", s.match()));
    return values;
  }

  private static String defaultOf(String name) {
    return name.equals(INTERVAL) ? String.valueOf(ClientTelemetry.DEFAULT_INTERVAL_MS) : "";
  }

  private static String invalidReason(Map<String, String> values) {
    try {
      int interval = Integer.parseInt(values.get(INTERVAL));
      if (interval < 100 || interval > 3_600_000) {
        return "Invalid value " + interval + " for interval.ms, interval must be between 100 and 3600000 (1 hour)";
      }
    } catch (NumberFormatException e) {
      return "Invalid value " + values.get(INTERVAL) + " for configuration interval.ms: Not a number of type INT";
    }
    for (String selector : split(values.get(MATCH))) {
      int eq = selector.indexOf('=');
      if (eq < 0 || !SELECTORS.contains(selector.substring(0, eq))) {
        return "Illegal client matching pattern: " + selector;
      }
      try {
        Pattern.compile(selector.substring(eq + 1));
      } catch (PatternSyntaxException e) {
        return "Illegal regex pattern: " + selector;
      }
    }
    return null;
  }

  static List<String> split(String value) {
    List<String> out = new ArrayList<>();
    if (value != null) {
      Arrays.stream(value.split(",")).map(String::trim).filter(v -> !v.isEmpty()).forEach(out::add);
    }
    return out;
  }
}

package io.kwire.proxy.filters;

import io.kwire.proxy.filter.Filter;
import io.kwire.proxy.filter.FilterConfig;
import io.kwire.proxy.filter.FilterFactory;
import java.util.Map;

/**
 * {@code --filter require-header:header=NAME[,error=invalid-record|policy-violation]}: the
 * {@link RequireHeaderFilter}.
 */
public final class RequireHeaderFilterFactory implements FilterFactory {
  /** For {@link java.util.ServiceLoader}, which finds the factory by the name it gives. */
  public RequireHeaderFilterFactory() {}

  @Override
  public String name() {
    return "require-header";
  }

  @Override
  public Filter create(String config) {
    Map<String, String> pairs = FilterConfig.parse(config, name(), "header", "error");
    String header = pairs.get("header");
    if (header == null || header.isEmpty()) {
      throw new IllegalArgumentException("require-header needs header=NAME, as in require-header:header=trace-id");
    }
    String error = pairs.getOrDefault("error", "invalid-record");
    short code = switch (error) {
      case "invalid-record" -> RequireHeaderFilter.INVALID_RECORD;
      case "policy-violation" -> RequireHeaderFilter.POLICY_VIOLATION;
      default -> throw new IllegalArgumentException("require-header: error is invalid-record or policy-violation, not '"
          + error + "'");
    };
    return new RequireHeaderFilter(header, code);
  }
}

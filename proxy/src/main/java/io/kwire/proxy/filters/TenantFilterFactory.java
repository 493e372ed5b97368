package io.kwire.proxy.filters;

import io.kwire.proxy.filter.Filter;
import io.kwire.proxy.filter.FilterConfig;
import io.kwire.proxy.filter.FilterFactory;
import java.util.Map;

/** {@code --filter tenant[:separator=SEP]}: the {@link TenantFilter} (separator {@code .} unless given). */
public final class TenantFilterFactory implements FilterFactory {
  @Override
  public String name() {
    return "tenant";
  }

  @Override
  public Filter create(String config) {
    Map<String, String> pairs = FilterConfig.parse(config);
    String separator = pairs.remove("separator");
    if (!pairs.isEmpty()) {
      throw new IllegalArgumentException("tenant takes separator=, not " + pairs.keySet());
    }
    return new TenantFilter(separator == null ? "." : separator);
  }
}

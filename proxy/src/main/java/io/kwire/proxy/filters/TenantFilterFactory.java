package io.kwire.proxy.filters;

import io.kwire.proxy.filter.Filter;
import io.kwire.proxy.filter.FilterConfig;
import io.kwire.proxy.filter.FilterFactory;

/** {@code --filter tenant[:separator=SEP]}: the {@link TenantFilter} (separator {@code .} unless given). */
public final class TenantFilterFactory implements FilterFactory {
  /** For {@link java.util.ServiceLoader}, which finds the factory by the name it gives. */
  public TenantFilterFactory() {}

  @Override
  public String name() {
    return "tenant";
  }

  @Override
  public Filter create(String config) {
    String separator = FilterConfig.parse(config, name(), "separator").get("separator");
    return new TenantFilter(separator == null ? "." : separator);
  }
}

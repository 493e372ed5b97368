package io.kwire.proxy.filters;

import io.kwire.proxy.filter.Filter;
import io.kwire.proxy.filter.FilterFactory;

/** {@code --filter faults:do=...,api=...}: the {@link FaultFilter}; the rule's syntax is {@link FaultRule#parse}'s. */
public final class FaultFilterFactory implements FilterFactory {
  /** For {@link java.util.ServiceLoader}, which finds the factory by the name it gives. */
  public FaultFilterFactory() {}

  @Override
  public String name() {
    return "faults";
  }

  @Override
  public Filter create(String config) {
    return new FaultFilter(config);
  }
}

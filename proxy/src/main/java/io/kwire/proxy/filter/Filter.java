package io.kwire.proxy.filter;

/**
 * A proxy filter: it says, once per client connection, which requests and responses it reads.
 * State kept in the filters it registers is that connection's; the filter itself is shared by
 * every connection, so what it keeps must be thread-safe.
 */
@FunctionalInterface
public interface Filter {
  /** Registers this filter's request and response filters for a new client connection. */
  void register(FilterRegistry registry);
}

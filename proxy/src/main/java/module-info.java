/**
 * A Kafka proxy with filters: {@link io.kwire.proxy.KwireProxy}, the filter API
 * ({@code io.kwire.proxy.filter}) and the filters shipped with it ({@code io.kwire.proxy.filters}).
 * A filter factory of another module is found when that module {@code provides
 * io.kwire.proxy.filter.FilterFactory}.
 */
@SuppressWarnings("requires-automatic") // Prometheus' client jars name their modules in their manifests only
module io.kwire.proxy {
  requires transitive io.kwire.runtime;
  requires transitive io.kwire.messages;
  requires transitive io.kwire.net;
  requires io.kwire.bridge;
  requires io.kwire.json;
  requires com.fasterxml.jackson.core;
  requires io.netty.common;
  requires io.netty.buffer;
  requires io.netty.codec;
  requires io.netty.handler;
  // Metrics (ProxyAdmin's /metrics): Prometheus' Java client, automatic modules named in their manifests.
  requires io.prometheus.metrics.core;
  requires io.prometheus.metrics.model;
  requires io.prometheus.writer.text;
  // The admin listener runs on the JDK's HTTP server.
  requires jdk.httpserver;

  exports io.kwire.proxy;
  exports io.kwire.proxy.filter;
  exports io.kwire.proxy.filters;

  uses io.kwire.proxy.filter.FilterFactory;
  provides io.kwire.proxy.filter.FilterFactory with
      io.kwire.proxy.filters.FaultFilterFactory,
      io.kwire.proxy.filters.RequireHeaderFilterFactory,
      io.kwire.proxy.filters.TenantFilterFactory;
}

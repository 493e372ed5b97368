package io.kwire.proxy;

import io.kwire.messages.ApiVersionsResponse;
import io.kwire.proxy.filter.Filter;
import io.kwire.proxy.filter.FilterRegistry;
import java.util.concurrent.CompletableFuture;

/**
 * The proxy's version capping ({@link ProxyConfig#capVersions}) as a filter: the broker's
 * ApiVersions response offers only the versions kwire decodes both ways.
 */
final class VersionCapFilter implements Filter {
  /** A rewriter made with capping on; only its ApiVersions rewriting is used here. */
  private final ResponseRewriter capping;

  VersionCapFilter(ResponseRewriter capping) {
    this.capping = capping;
  }

  @Override
  public void register(FilterRegistry registry) {
    registry.onResponse(ApiVersionsResponse.class, (response, context) -> CompletableFuture.completedStage(
        (ApiVersionsResponse) capping.rewriteAny(response)));
  }
}

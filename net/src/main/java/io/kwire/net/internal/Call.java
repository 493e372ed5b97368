package io.kwire.net.internal;

import io.kwire.net.Connection;
import io.kwire.net.RequestContext;
import io.kwire.runtime.RequestHeader;

/** One request's {@link RequestContext}. */
final class Call implements RequestContext {
  private final RequestHeader header;
  private final Connection connection;
  private volatile boolean expectsResponse;

  Call(RequestHeader header, Connection connection, boolean expectsResponse) {
    this.header = header;
    this.connection = connection;
    this.expectsResponse = expectsResponse;
  }

  @Override
  public RequestHeader header() {
    return header;
  }

  @Override
  public Connection connection() {
    return connection;
  }

  @Override
  public boolean expectsResponse() {
    return expectsResponse;
  }

  @Override
  public void noResponse() {
    expectsResponse = false;
  }
}

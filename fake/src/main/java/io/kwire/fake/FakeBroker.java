package io.kwire.fake;

/** One broker of a {@link FakeCluster}: its node id and the address it listens on. */
public record FakeBroker(int nodeId, String host, int port) {
  /** {@code host:port}. */
  public String address() {
    return host + ":" + port;
  }
}

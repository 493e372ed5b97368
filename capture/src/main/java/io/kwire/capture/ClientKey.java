package io.kwire.capture;

/**
 * A client in a summary: its client id and the address it connects from (one client instance may
 * open several connections, to several brokers).
 *
 * @param clientId the request header's client id ({@code ""} when none)
 * @param host the client's address, without port
 */
public record ClientKey(String clientId, String host) implements Comparable<ClientKey> {
  static ClientKey of(Exchange exchange) {
    String id = exchange.clientId() == null ? "" : exchange.clientId();
    return new ClientKey(id, exchange.connection().client().address().getHostAddress());
  }

  @Override
  public int compareTo(ClientKey other) {
    int byId = clientId.compareTo(other.clientId);
    return byId != 0 ? byId : host.compareTo(other.host);
  }

  @Override
  public String toString() {
    return (clientId.isEmpty() ? "(no client id)" : clientId) + "@" + host;
  }
}

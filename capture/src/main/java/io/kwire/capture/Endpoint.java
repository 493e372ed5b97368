package io.kwire.capture;

import java.net.InetAddress;

/**
 * One end of a TCP connection.
 *
 * @param address the IPv4 or IPv6 address
 * @param port the TCP port
 */
public record Endpoint(InetAddress address, int port) {
  /** {@code 10.0.0.1:9092}, {@code [::1]:9092}. */
  @Override
  public String toString() {
    String host = address.getHostAddress();
    return (host.indexOf(':') >= 0 ? "[" + host + "]" : host) + ":" + port;
  }
}

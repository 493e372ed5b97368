package io.kwire.bench.fake;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;

/**
 * A first request over a fresh connection: ApiVersions v0 (no body) written by hand and its answer
 * read whole. The same bytes to the fake and to the broker, and nothing to load: the moment a
 * server answers it is the moment it accepts and serves a connection.
 */
final class ApiVersionsProbe {
  private static final byte[] CLIENT_ID = "fake-bench".getBytes(StandardCharsets.UTF_8);

  private ApiVersionsProbe() {}

  /** Connects, sends ApiVersions v0 and returns the response's size in bytes. */
  static int answer(String host, int port) throws IOException {
    try (Socket socket = new Socket()) {
      socket.connect(new InetSocketAddress(host, port), 10_000);
      socket.setSoTimeout(10_000);
      DataOutputStream out = new DataOutputStream(socket.getOutputStream());
      out.writeInt(2 + 2 + 4 + 2 + CLIENT_ID.length);
      out.writeShort(18); // ApiVersions
      out.writeShort(0);
      out.writeInt(1); // correlation id
      out.writeShort(CLIENT_ID.length);
      out.write(CLIENT_ID);
      out.flush();
      DataInputStream in = new DataInputStream(socket.getInputStream());
      int size = in.readInt();
      if (size < 4 || size > 1 << 20) {
        throw new IOException("unexpected ApiVersions response size " + size);
      }
      byte[] body = new byte[size];
      in.readFully(body);
      if (body[0] != 0 || body[1] != 0 || body[2] != 0 || body[3] != 1) {
        throw new IOException("ApiVersions response with another correlation id");
      }
      return size;
    }
  }

  /** Same, for a "host:port" address. */
  static int answer(String hostPort) throws IOException {
    int colon = hostPort.lastIndexOf(':');
    return answer(hostPort.substring(0, colon), Integer.parseInt(hostPort.substring(colon + 1)));
  }
}

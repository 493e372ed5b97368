package io.kwire.net;

import io.kwire.runtime.Frames;
import io.kwire.runtime.wire.DecodeOptions;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;

/** A plain blocking socket for the tests that speak bytes: hostile frames, golden responses. */
final class RawConnection implements AutoCloseable {
  private final Socket socket;
  private final InputStream in;
  private final OutputStream out;

  RawConnection(InetSocketAddress address) throws IOException {
    socket = new Socket();
    socket.connect(address, 5_000);
    socket.setSoTimeout(10_000);
    in = socket.getInputStream();
    out = socket.getOutputStream();
  }

  void write(byte[] bytes) throws IOException {
    out.write(bytes);
    out.flush();
  }

  /** Writes what the server takes before it closes the connection (a refusal may come mid-write). */
  void writeUntilClosed(byte[] bytes) throws IOException {
    try {
      write(bytes);
    } catch (java.net.SocketException closed) {
      // the server refused the connection while the bytes were still going out: what the test expects
    }
  }

  /** The next whole frame, or null when the server closed the connection. */
  byte[] readFrame() throws IOException {
    return Frames.readFrame(in, DecodeOptions.STRICT);
  }

  /** True once the server has closed the connection (end of stream or a reset), within the read timeout. */
  boolean closedByServer() {
    try {
      return in.read() < 0;
    } catch (IOException e) {
      return e instanceof java.net.SocketException;
    }
  }

  @Override
  public void close() throws IOException {
    socket.close();
  }
}

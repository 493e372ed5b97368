package io.kwire.proxy;

import io.kwire.runtime.Frames;
import io.kwire.runtime.wire.DecodeOptions;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.concurrent.atomic.AtomicInteger;

/** A stand-in upstream on plain sockets: each request frame is handed to {@link Answer}, one thread per connection. */
final class FakeBroker implements AutoCloseable {
  /** Writes the response(s) to one request; throwing closes the connection. */
  interface Answer {
    void answer(int connection, byte[] request, OutputStream out) throws IOException;
  }

  private final ServerSocket server;
  private final Answer answer;
  private final AtomicInteger connections = new AtomicInteger();

  FakeBroker(Answer answer) throws IOException {
    this(new ServerSocket(0, 50, InetAddress.getLoopbackAddress()), answer);
  }

  /**
   * Listens on the port {@code reserved} holds (see {@link #reservePort}), which stays held: no other
   * process can take it in between.
   */
  FakeBroker(Socket reserved, Answer answer) throws IOException {
    this(listenOn(reserved), answer);
  }

  private FakeBroker(ServerSocket server, Answer answer) {
    this.server = server;
    this.answer = answer;
    Thread acceptor = new Thread(this::accept, "fake-broker");
    acceptor.setDaemon(true);
    acceptor.start();
  }

  /**
   * A port of the loopback address, bound by an unconnected socket that does not listen: connections
   * to it are refused until a {@code FakeBroker} listens there. Both sockets set SO_REUSEADDR, which
   * lets the second bind while the first (not listening) still holds the port (Linux).
   */
  static Socket reservePort() throws IOException {
    Socket reserved = new Socket();
    reserved.setReuseAddress(true);
    reserved.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
    return reserved;
  }

  private static ServerSocket listenOn(Socket reserved) throws IOException {
    ServerSocket server = new ServerSocket();
    server.setReuseAddress(true);
    server.bind(reserved.getLocalSocketAddress(), 50);
    return server;
  }

  InetSocketAddress address() {
    return new InetSocketAddress("127.0.0.1", server.getLocalPort());
  }

  private void accept() {
    while (!server.isClosed()) {
      try {
        Socket socket = server.accept();
        socket.setTcpNoDelay(true);
        int id = connections.incrementAndGet();
        Thread t = new Thread(() -> serve(id, socket), "fake-broker-" + id);
        t.setDaemon(true);
        t.start();
      } catch (IOException closed) {
        return;
      }
    }
  }

  private void serve(int id, Socket socket) {
    try (socket) {
      OutputStream out = socket.getOutputStream();
      for (byte[] frame; (frame = Frames.readFrame(socket.getInputStream(), DecodeOptions.STRICT)) != null; ) {
        answer.answer(id, frame, out);
        out.flush();
      }
    } catch (IOException | RuntimeException e) {
      // The answer chose to close, or the proxy did.
    }
  }

  @Override
  public void close() throws IOException {
    server.close();
  }
}

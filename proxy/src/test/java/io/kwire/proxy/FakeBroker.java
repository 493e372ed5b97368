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
    this(0, answer);
  }

  FakeBroker(int port, Answer answer) throws IOException {
    this.server = new ServerSocket(port, 50, InetAddress.getLoopbackAddress());
    this.answer = answer;
    Thread acceptor = new Thread(this::accept, "fake-broker");
    acceptor.setDaemon(true);
    acceptor.start();
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

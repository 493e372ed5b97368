package io.kwire.proxy;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.prometheus.metrics.expositionformats.PrometheusTextFormatWriter;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * The admin listener of a {@link KwireProxy} ({@code kwire proxy --admin HOST:PORT}): {@code /metrics}
 * in Prometheus' text format, {@code /livez} (200 while the process serves HTTP at all) and
 * {@code /readyz} (200 once the proxy's listeners are bound, not closed, and an upstream of the
 * bootstrap list accepts a TCP connection within a second; 503 saying why otherwise). On the JDK's
 * own HTTP server (module {@code jdk.httpserver}), one thread of its own: a scrape never runs on the
 * event loops that forward traffic.
 */
public final class ProxyAdmin implements AutoCloseable {
  private static final int READY_CONNECT_TIMEOUT_MS = 1000;

  private final HttpServer server;
  private final ExecutorService thread;

  private ProxyAdmin(HttpServer server, ExecutorService thread) {
    this.server = server;
    this.thread = thread;
  }

  /**
   * Serves {@code proxy}'s admin endpoints at {@code address} (port 0 picks one).
   *
   * @throws IllegalStateException if the address cannot be bound
   */
  public static ProxyAdmin start(KwireProxy proxy, InetSocketAddress address) {
    return start(proxy, address, null);
  }

  /**
   * {@link #start(KwireProxy, InetSocketAddress)}, with {@code POST /reload} calling {@code reload}
   * (null when reloaded, else why not: answered 409 with it); null for no {@code /reload}.
   */
  public static ProxyAdmin start(KwireProxy proxy, InetSocketAddress address, java.util.function.Supplier<String> reload) {
    HttpServer server;
    try {
      server = HttpServer.create(address, 16);
    } catch (IOException e) {
      throw new IllegalStateException("cannot listen for the admin endpoints on " + address.getHostString() + ":"
          + address.getPort() + ": " + e.getMessage(), e);
    }
    ExecutorService thread = Executors.newSingleThreadExecutor(r -> {
      Thread t = new Thread(r, "kwire-proxy-admin");
      t.setDaemon(true);
      return t;
    });
    PrometheusTextFormatWriter text = PrometheusTextFormatWriter.create();
    server.createContext("/metrics", exchange -> {
      ByteArrayOutputStream body = new ByteArrayOutputStream();
      text.write(body, proxy.metrics().registry().scrape());
      reply(exchange, 200, text.getContentType(), body.toByteArray());
    });
    server.createContext("/livez", exchange -> reply(exchange, 200, "text/plain; charset=utf-8", bytes("ok\n")));
    server.createContext("/readyz", exchange -> {
      String notReady = notReady(proxy);
      reply(exchange, notReady == null ? 200 : 503, "text/plain; charset=utf-8",
          bytes(notReady == null ? "ready\n" : "not ready: " + notReady + "\n"));
    });
    if (reload != null) {
      server.createContext("/reload", exchange -> {
        if (!"POST".equals(exchange.getRequestMethod())) {
          reply(exchange, 405, "text/plain; charset=utf-8", bytes("POST /reload reads the configuration again\n"));
          return;
        }
        String failed = reload.get();
        reply(exchange, failed == null ? 200 : 409, "text/plain; charset=utf-8",
            bytes(failed == null ? "reloaded\n" : "not reloaded: " + failed + "\n"));
      });
    }
    server.createContext("/", exchange -> reply(exchange, 404, "text/plain; charset=utf-8",
        bytes("not found: /metrics, /livez and /readyz are served\n")));
    server.setExecutor(thread);
    server.start();
    return new ProxyAdmin(server, thread);
  }

  /** Why {@code proxy} is not ready, or null when it is. */
  private static String notReady(KwireProxy proxy) {
    if (proxy.closed()) {
      return "the proxy is closed";
    }
    StringBuilder tried = new StringBuilder();
    for (InetSocketAddress upstream : proxy.upstreams()) {
      try (Socket socket = new Socket()) {
        socket.connect(upstream.isUnresolved() ? new InetSocketAddress(upstream.getHostString(), upstream.getPort())
            : upstream, READY_CONNECT_TIMEOUT_MS);
        return null;
      } catch (IOException e) {
        tried.append(tried.length() == 0 ? "" : "; ").append(ProxySession.name(upstream)).append(": ").append(e.getMessage());
      }
    }
    return "no upstream accepts a connection (" + tried + ")";
  }

  private static void reply(HttpExchange exchange, int status, String type, byte[] body) {
    try (exchange) {
      boolean post = "POST".equals(exchange.getRequestMethod()) && exchange.getRequestURI().getPath().equals("/reload");
      if (!post && status != 405 && !"GET".equals(exchange.getRequestMethod())
          && !"HEAD".equals(exchange.getRequestMethod())) {
        exchange.sendResponseHeaders(405, -1);
        return;
      }
      exchange.getResponseHeaders().set("Content-Type", type);
      boolean head = "HEAD".equals(exchange.getRequestMethod());
      exchange.sendResponseHeaders(status, head ? -1 : body.length);
      if (!head) {
        try (OutputStream out = exchange.getResponseBody()) {
          out.write(body);
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e); // the client went away: the HTTP server logs and drops the exchange
    }
  }

  private static byte[] bytes(String text) {
    return text.getBytes(StandardCharsets.UTF_8);
  }

  /** The address bound (the actual port when 0 was asked). */
  public InetSocketAddress localAddress() {
    return server.getAddress();
  }

  @Override
  public void close() {
    server.stop(0);
    thread.shutdownNow();
  }
}

package io.kwire.cli;

import io.kwire.proxy.KwireProxy;
import io.kwire.proxy.ProxyConfig;
import java.io.IOException;
import java.io.PrintWriter;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CountDownLatch;
import java.util.function.Consumer;
import java.util.function.UnaryOperator;
import picocli.CommandLine.Option;

/** What {@code kwire proxy} and {@code kwire bridge} share: their common options and the run until Ctrl-C. */
final class ProxyOptions {
  @Option(names = "--listen", required = true, paramLabel = "HOST:PORT", description = "Where clients connect.")
  String listen;

  @Option(names = "--upstream", required = true, paramLabel = "HOST:PORT", description = "The Kafka broker to forward to.")
  String upstream;

  @Option(names = "--advertise", paramLabel = "HOST:PORT",
      description = "The address put in Metadata, FindCoordinator and DescribeCluster responses (default: --listen).")
  String advertise;

  @Option(names = "--log", arity = "0..1", fallbackValue = "-", paramLabel = "FILE",
      description = "Write one JSON line per message, to FILE or (without one) to standard output.")
  String log;

  @Option(names = "--no-redact", description = "Log secrets (passwords, SASL bytes, SCRAM keys, token HMACs) as they are.")
  boolean noRedact;

  @Option(names = "--max-frame-bytes", paramLabel = "N",
      description = "Largest frame accepted; a larger size closes the connection (default: ${DEFAULT-VALUE}).")
  int maxFrameBytes = 100 << 20;

  /**
   * Starts the proxy configured by these options and {@code extra}, says so on {@code err} (the
   * words after the addresses: {@code detail}), and runs until the JVM is stopped, then prints the counters.
   */
  void run(String name, CommonOptions common, UnaryOperator<ProxyConfig> extra, String detail) {
    Kwire kwire = common.kwire();
    PrintWriter err = common.err();
    ProxyConfig config = extra.apply(ProxyConfig.of(address("--listen", listen), address("--upstream", upstream))
        .withAdvertise(advertise == null ? null : address("--advertise", advertise))
        .withRedactSecrets(!noRedact)
        .withMaxFrameBytes(maxFrameBytes)
        .withEvents(lines(err)));
    PrintWriter file = null;
    if (log != null) {
      file = "-".equals(log) ? null : open(log);
      config = config.withLog(file == null ? kwire.stdout()::println : lines(file));
    }
    KwireProxy proxy;
    try {
      proxy = KwireProxy.start(config, common.registry());
    } catch (IllegalStateException e) {
      throw new Kwire.UsageException(e.getMessage()); // the address, and why it cannot be bound
    }
    InetSocketAddress at = proxy.localAddress();
    err.println("kwire " + name + " listening on " + at.getHostString() + ":" + at.getPort() + ", forwarding to "
        + upstream + detail + "; Ctrl-C stops it");
    err.flush();
    CountDownLatch stopped = new CountDownLatch(1);
    PrintWriter logFile = file;
    Runtime.getRuntime().addShutdownHook(new Thread(() -> {
      proxy.close();
      if (logFile != null) {
        logFile.close();
      }
      kwire.stdout().flush();
      err.println("kwire " + name + " stopped: " + proxy.stats().summary());
      err.flush();
      stopped.countDown();
    }, "kwire-" + name + "-shutdown"));
    try {
      stopped.await();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /** HOST:PORT, the host possibly a bracketed IPv6 address. */
  static InetSocketAddress address(String option, String text) {
    int colon = text.lastIndexOf(':');
    if (colon <= 0 || colon == text.length() - 1) {
      throw new Kwire.UsageException(option + " takes HOST:PORT, not '" + text + "'");
    }
    String host = text.substring(0, colon);
    if (host.startsWith("[") && host.endsWith("]")) {
      host = host.substring(1, host.length() - 1);
    }
    int port;
    try {
      port = Integer.parseInt(text.substring(colon + 1));
    } catch (NumberFormatException e) {
      throw new Kwire.UsageException(option + " takes HOST:PORT, and '" + text.substring(colon + 1) + "' is not a port");
    }
    if (port < 0 || port > 65535) {
      throw new Kwire.UsageException(option + ": port " + port + " is out of range");
    }
    return new InetSocketAddress(host, port);
  }

  private static PrintWriter open(String file) {
    try {
      return new PrintWriter(Files.newBufferedWriter(Path.of(file), StandardCharsets.UTF_8));
    } catch (IOException e) {
      throw FrameInput.cannot("write --log", Path.of(file), e);
    }
  }

  /** Each line flushed at once, so that {@code tail -f} shows it; event loops call this concurrently. */
  private static Consumer<String> lines(PrintWriter out) {
    return line -> {
      synchronized (out) {
        out.println(line);
        out.flush();
      }
    };
  }
}

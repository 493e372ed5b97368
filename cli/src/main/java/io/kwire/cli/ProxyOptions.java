package io.kwire.cli;

import io.kwire.proxy.KwireProxy;
import io.kwire.proxy.ProxyAdmin;
import io.kwire.proxy.NodePorts;
import io.kwire.proxy.ProxyConfig;
import java.io.IOException;
import java.io.PrintWriter;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.function.UnaryOperator;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Option;

/** What {@code kwire proxy} and {@code kwire bridge} share: their common options and the run until Ctrl-C. */
final class ProxyOptions {
  @Spec(Spec.Target.MIXEE)
  CommandSpec command;

  @Option(names = "--config", paramLabel = "FILE",
      description = "A YAML file of options (each key an option's long name without --, a list for a repeated one); "
          + "the command line wins. Read again on SIGHUP and POST /reload: new connections get the new filters and "
          + "settings; a wrong file is refused in one line, the running configuration kept.")
  Path configFile;

  @Option(names = "--listen", paramLabel = "HOST:PORT", description = "Where clients connect (required, here or in "
      + "--config).")
  String listen;

  @Option(names = "--upstream", paramLabel = "HOST:PORT[,HOST:PORT...]",
      description = "The cluster's bootstrap brokers: a connection to --listen goes to the first that accepts "
          + "(required, here or in --config).")
  String upstream;

  @Option(names = "--node-ports", paramLabel = "ID=PORT[,ID=PORT...]",
      description = "The port serving each broker (node id), in place of the default: node n at the --listen port "
          + "+ 1 + n - the lowest node id (any free port when --listen's is 0). A broker not given is told as --listen.")
  String nodePorts;

  @Option(names = "--one-port",
      description = "Serve the cluster on --listen alone, as one broker: every broker's address in a response is "
          + "--advertise (or --listen), and every connection goes to the --upstream list. For one-broker clusters.")
  boolean onePort;

  @Option(names = "--advertise", paramLabel = "HOST:PORT",
      description = "The address clients are told for the proxy (default: --listen): every broker in a response "
          + "(Metadata, FindCoordinator, DescribeCluster, the node endpoints of Produce/Fetch/ShareFetch/ShareAcknowledge) "
          + "is HOST at that broker's own port, or, with --one-port, HOST:PORT.")
  String advertise;

  @Option(names = "--log", arity = "0..1", fallbackValue = "-", paramLabel = "FILE",
      description = "Write one JSON line per message, to FILE (rotated by size) or (without one) to standard output. "
          + "Written off the network threads: a log that falls behind loses lines (counted) and never slows the proxy.")
  String log;

  @Option(names = "--log-max-bytes", paramLabel = "N",
      description = "Rotate the --log FILE past N bytes to FILE.1, FILE.2, ... (0: never; default: ${DEFAULT-VALUE}).")
  long logMaxBytes = ProxyConfig.DEFAULT_LOG_MAX_BYTES;

  @Option(names = "--log-files", paramLabel = "N",
      description = "How many files of the --log FILE are kept, the current one included (default: ${DEFAULT-VALUE}).")
  int logFiles = ProxyConfig.DEFAULT_LOG_FILES;

  @Option(names = "--log-message-max-bytes", paramLabel = "N",
      description = "The longest line one message gets in the log; a larger message is logged as a short line saying "
          + "it was omitted, with its API, version and size (default: ${DEFAULT-VALUE}).")
  int logMessageMaxBytes = ProxyConfig.DEFAULT_LOG_MESSAGE_MAX_BYTES;

  @Option(names = "--no-redact", description = "Log secrets (passwords, SASL bytes, SCRAM keys, token HMACs) as they are.")
  boolean noRedact;

  @Option(names = "--request-timeout", paramLabel = "MS",
      description = "How long a request forwarded to the broker waits for its answer before the client's connection is "
          + "closed, in milliseconds, as Kafka's request.timeout.ms (default: ${DEFAULT-VALUE}).")
  long requestTimeoutMs = ProxyConfig.DEFAULT_REQUEST_TIMEOUT.toMillis();

  @Option(names = "--drain-timeout", paramLabel = "MS",
      description = "On Ctrl-C or SIGTERM, how long each connection may still answer the requests it has read, in "
          + "milliseconds; one still waiting for the broker then is closed (default: ${DEFAULT-VALUE}; 0 closes at once).")
  long drainTimeoutMs = ProxyConfig.DEFAULT_DRAIN_TIMEOUT.toMillis();

  @Option(names = "--max-frame-bytes", paramLabel = "N",
      description = "Largest frame accepted; a larger size closes the connection (default: ${DEFAULT-VALUE}).")
  int maxFrameBytes = 100 << 20;

  @Option(names = "--max-connections-per-address", paramLabel = "N",
      description = "How many connections one client address may hold open; one more is closed at once (0: no bound; "
          + "default: ${DEFAULT-VALUE}).")
  int maxConnectionsPerAddress;

  @Option(names = "--admin", paramLabel = "HOST:PORT",
      description = "Serve /metrics (Prometheus' text format), /livez and /readyz over HTTP here (default: off).")
  String admin;

  @Option(names = "--log-format", paramLabel = "text|json",
      description = "The status and event lines on standard error: text (TIME LEVEL MESSAGE) or json, one object a "
          + "line (default: ${DEFAULT-VALUE}).")
  String logFormat = "text";

  /** Whether --config was applied (once at start; a reload applies it again itself). */
  private boolean configRead;

  /** TLS both ways, SASL termination, the buffered-frame bound. */
  @Mixin
  ProxySecurityOptions security = new ProxySecurityOptions();

  /**
   * Starts the proxy configured by these options and {@code extra}, says so on {@code err} (the
   * words after the addresses: {@code detail}), and runs until the JVM is stopped, then prints the counters.
   */
  void run(String name, CommonOptions common, UnaryOperator<ProxyConfig> extra, String detail) {
    Kwire kwire = common.kwire();
    PrintWriter err = common.err();
    FatalExit fatal = new FatalExit(name, err, FatalExit::exitProcess);
    Thread.setDefaultUncaughtExceptionHandler(fatal);
    ProxyConfig config = config(common, extra).withFatal(fatal);
    InetSocketAddress adminAt = admin == null ? null : address("--admin", admin);
    LogLines status = lines(common);
    status.takeOverJavaLogging();
    KwireProxy proxy;
    ProxyAdmin adminServer;
    try {
      proxy = KwireProxy.start(config, common.registry());
    } catch (IllegalStateException e) {
      throw new UsageException(e.getMessage()); // the address, and why it cannot be bound; or the log file
    }
    java.util.function.Supplier<String> reload = () -> reload(name, common, extra, fatal, proxy, status);
    try {
      adminServer = adminAt == null ? null : ProxyAdmin.start(proxy, adminAt, reload);
    } catch (IllegalStateException e) {
      proxy.close();
      throw new UsageException(e.getMessage());
    }
    onSighup(reload);
    InetSocketAddress at = proxy.localAddress();
    status.line("INFO", "kwire." + name, "kwire " + name + " listening on " + at.getHostString() + ":" + at.getPort()
        + ", forwarding to " + upstream + detail + (adminServer == null ? "" : ", admin on http://"
        + adminServer.localAddress().getHostString() + ":" + adminServer.localAddress().getPort() + "/metrics")
        + "; Ctrl-C stops it");
    CountDownLatch stopped = new CountDownLatch(1);
    Runtime.getRuntime().addShutdownHook(new Thread(() -> {
      // Drain: /readyz says 503 from now; accepting stops; each connection answers what it has read
      // (up to --drain-timeout), then the admin listener goes too.
      proxy.close(); // the log too: what is queued is written
      if (adminServer != null) {
        adminServer.close();
      }
      kwire.stdout().flush();
      status.line("INFO", "kwire." + name, "kwire " + name + " stopped: " + proxy.stats().summary());
      stopped.countDown();
    }, "kwire-" + name + "-shutdown"));
    try {
      stopped.await();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /**
   * {@code --config} read again, and the proxy's new connections served with it; a wrong file (or
   * one changing what is bound at start) is refused in one line, the options and the proxy as they
   * were. Null when reloaded, else why not.
   */
  synchronized String reload(String name, CommonOptions common, UnaryOperator<ProxyConfig> extra,
      FatalExit fatal, KwireProxy proxy, LogLines status) {
    if (configFile == null) {
      return "no --config file to reload";
    }
    java.util.Map<picocli.CommandLine.Model.OptionSpec, Object> before = new java.util.HashMap<>();
    command.options().forEach(o -> before.put(o, o.getValue()));
    try {
      ConfigFile.apply(configFile, command, command.commandLine().getParseResult(), true);
      proxy.reload(config(common, extra).withFatal(fatal));
      status.line("INFO", "kwire." + name, "kwire " + name + ": reloaded " + configFile
          + "; new connections use it");
      return null;
    } catch (ConfigFile.Invalid | UsageException | IllegalArgumentException e) {
      before.forEach(picocli.CommandLine.Model.OptionSpec::setValue);
      status.line("WARN", "kwire." + name, "kwire " + name + ": " + configFile + " not reloaded: " + e.getMessage()
          + "; the running configuration is kept");
      return e.getMessage();
    }
  }

  /** SIGHUP reloads {@code --config} (where the platform has the signal; else POST /reload does). */
  private void onSighup(java.util.function.Supplier<String> reload) {
    if (configFile != null) {
      Sighup.onEach(reload::get);
    }
  }

  /** The proxy these options and {@code extra} describe. */
  ProxyConfig config(CommonOptions common, UnaryOperator<ProxyConfig> extra) {
    if (configFile != null && !configRead) {
      try {
        ConfigFile.apply(configFile, command, command.commandLine().getParseResult(), false);
      } catch (ConfigFile.Invalid e) {
        throw new UsageException(e.getMessage());
      }
      configRead = true;
    }
    if (listen == null || upstream == null) {
      throw new UsageException("Missing required option: " + (listen == null ? "'--listen=HOST:PORT'"
          : "'--upstream=HOST:PORT[,HOST:PORT...]'") + " (on the command line or in --config)");
    }
    ProxyConfig config;
    try {
      if (onePort && nodePorts != null) {
        throw new UsageException("--one-port serves no broker on a port of its own: drop --node-ports");
      }
      config = extra.apply(ProxyConfig.of(address("--listen", listen), upstreams().get(0))
          .withUpstreams(upstreams())
          .withBrokerPorts(onePort ? null : nodePorts == null ? NodePorts.consecutive() : NodePorts.parse(nodePorts))
          .withAdvertise(advertise == null ? null : address("--advertise", advertise))
          .withRedactSecrets(!noRedact)
          .withMaxFrameBytes(maxFrameBytes)
          .withEvents(lines(common).events())
          .withLogRotation(logMaxBytes, logFiles)
          .withLogMessageMaxBytes(logMessageMaxBytes)
          .withRequestTimeout(Duration.ofMillis(requestTimeoutMs))
          .withDrainTimeout(Duration.ofMillis(drainTimeoutMs))
          .withMaxConnectionsPerAddress(maxConnectionsPerAddress));
      config = security.apply(config);
    } catch (IllegalArgumentException e) {
      throw new UsageException(e.getMessage());
    }
    if (log == null) {
      return config;
    }
    // Standard output is written by the log's one thread only, and flushed at the end.
    return "-".equals(log) ? config.withLog(common.kwire().stdout()::println) : config.withLogFile(Path.of(log));
  }

  /** {@code --upstream}'s comma-separated bootstrap list. */
  private List<InetSocketAddress> upstreams() {
    List<InetSocketAddress> out = new ArrayList<>();
    for (String one : upstream.split(",", -1)) {
      out.add(address("--upstream", one.trim()));
    }
    return out;
  }

  /** HOST:PORT, the host possibly a bracketed IPv6 address. */
  static InetSocketAddress address(String option, String text) {
    int colon = text.lastIndexOf(':');
    if (colon <= 0 || colon == text.length() - 1) {
      throw new UsageException(option + " takes HOST:PORT, not '" + text + "'");
    }
    String host = text.substring(0, colon);
    if (host.startsWith("[") && host.endsWith("]")) {
      host = host.substring(1, host.length() - 1);
    }
    int port;
    try {
      port = Integer.parseInt(text.substring(colon + 1));
    } catch (NumberFormatException e) {
      throw new UsageException(option + " takes HOST:PORT, and '" + text.substring(colon + 1) + "' is not a port");
    }
    if (port < 0 || port > 65535) {
      throw new UsageException(option + ": port " + port + " is out of range");
    }
    return new InetSocketAddress(host, port);
  }

  /** The status and event lines on standard error, in {@code --log-format}. */
  LogLines lines(CommonOptions common) {
    LogLines.Format format;
    switch (logFormat) {
      case "text" -> format = LogLines.Format.TEXT;
      case "json" -> format = LogLines.Format.JSON;
      default -> throw new UsageException("--log-format takes text or json, not '" + logFormat + "'");
    }
    return new LogLines(common.err(), format, Clock.systemUTC());
  }
}

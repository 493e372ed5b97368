package io.kwire.cli;

import io.kwire.proxy.ProxyConfig;
import io.kwire.proxy.filter.Filter;
import io.kwire.proxy.filter.FilterLoader;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

@Command(name = "proxy",
    description = {"Runs a Kafka proxy that passes requests and responses on, decoding only the APIs its filters read "
        + "(broker addresses are rewritten; --log and --check read everything).",
        "Point a client's bootstrap.servers at the listen address. Runs until Ctrl-C, then prints its counters."})
final class ProxyCommand implements Runnable {
  @Mixin
  CommonOptions common;

  @Mixin
  ProxyOptions options;

  @Mixin
  ConnectionLimitOptions limits = new ConnectionLimitOptions();

  @Option(names = "--cap-versions",
      description = "Cut the broker's ApiVersions response down to the versions kwire decodes.")
  boolean capVersions;

  @Option(names = "--bridge", description = "Also translate the versions Kafka 4.0 removed for old clients, as kwire "
      + "bridge does; filters, --log and --check then see the translated requests.")
  boolean bridge;

  @Option(names = "--check", description = "Compare each re-encoded frame with the original and report differences.")
  boolean check;

  @Option(names = "--filter", paramLabel = "NAME[:CONFIG]",
      description = "A filter, by the name of its FilterFactory (tenant, require-header, or one of --filter-path) or "
          + "by class name, with its configuration after ':' (e.g. require-header:header=trace-id); may be repeated, "
          + "requests meet them in order.")
  List<String> filters = new ArrayList<>();

  @Option(names = "--filter-path", paramLabel = "PATH",
      description = "Jars or class directories with your filters (FilterFactory services or Filter classes), "
          + "separated by '${sys:path.separator}'; may be repeated.")
  List<String> filterPath = new ArrayList<>();

  @Override
  public void run() {
    // Read when the configuration is made, at start and at each reload of --config.
    options.run("proxy", common, config -> configure(config, filters()),
        (bridge ? ", translating the versions Kafka 4.0 removed" : "") + (check ? ", checking every re-encoding" : "")
            + (filters.isEmpty() ? "" : ", filters " + String.join(" ", filters)));
  }

  /** This command's own options on the proxy's configuration. */
  ProxyConfig configure(ProxyConfig config, List<Filter> loaded) {
    return config.withCapVersions(capVersions).withCheck(check).withFilters(loaded).withBridge(bridge)
        .withIdleTimeout(limits.idleTimeout()).withMaxConnections(limits.maxConnections());
  }

  /** The filters of --filter, made from --filter-path and kwire's own. */
  List<Filter> filters() {
    if (filters.isEmpty()) {
      if (!filterPath.isEmpty()) {
        throw new UsageException("--filter-path needs --filter: the filters to take from it");
      }
      return List.of();
    }
    ClassLoader loader = ProxyCommand.class.getClassLoader();
    if (!filterPath.isEmpty()) {
      List<URL> urls = new ArrayList<>();
      for (Path path : UserCodecs.entries("--filter-path", filterPath)) {
        try {
          urls.add(path.toUri().toURL());
        } catch (MalformedURLException e) {
          throw new UsageException("--filter-path: " + path + " is not a usable path (" + e.getMessage() + ")");
        }
      }
      loader = new URLClassLoader(urls.toArray(URL[]::new), loader); // not closed: filters load classes as they run
    }
    List<Filter> out = new ArrayList<>();
    for (String spec : filters) {
      try {
        out.add(FilterLoader.load(spec, loader));
      } catch (IllegalArgumentException e) {
        throw new UsageException("--filter " + spec + ": " + e.getMessage());
      }
    }
    return out;
  }
}

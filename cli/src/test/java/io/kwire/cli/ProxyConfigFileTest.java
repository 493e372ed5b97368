package io.kwire.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kwire.proxy.KwireProxy;
import io.kwire.proxy.ProxyConfig;
import io.kwire.proxy.filters.FaultFilter;
import io.kwire.proxy.filters.TenantFilter;
import java.io.ByteArrayInputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** {@code kwire proxy --config FILE}: YAML of the options, the command line winning; refused in one line; reloaded. */
class ProxyConfigFileTest {
  @Test
  void aFileGivesEachKeyItsLine(@TempDir Path dir) throws Exception {
    Path file = Files.writeString(dir.resolve("proxy.yaml"), "# the proxy\nlisten: 127.0.0.1:0\ncheck: true\n"
        + "filter:\n  - tenant\n  - \"faults:api=Produce,do=disconnect\"\n");
    assertEquals(List.of(new ConfigFile.Setting("listen", "127.0.0.1:0", 2), new ConfigFile.Setting("check", "true", 3),
        new ConfigFile.Setting("filter", List.of("tenant", "faults:api=Produce,do=disconnect"), 4)),
        ConfigFile.read(file));
  }

  @Test
  void aWrongFileIsOneLineNamingTheLineAndTheKey(@TempDir Path dir) throws Exception {
    Path unknown = Files.writeString(dir.resolve("a.yaml"), "listen: 127.0.0.1:0\nupstream: 127.0.0.1:9092\n"
        + "upstreams: x\n");
    CliRun run = CliRun.of("proxy", "--config", unknown.toString());
    assertEquals(1, run.exitCode());
    assertEquals("kwire: " + unknown + ":3: upstreams: no such option of kwire proxy (the keys are the options' long"
        + " names without --)\n", run.err().replace("\r\n", "\n"));
    Path number = Files.writeString(dir.resolve("b.yaml"), "listen: 127.0.0.1:0\nupstream: 127.0.0.1:9092\n"
        + "request-timeout: soon\n");
    assertEquals("kwire: " + number + ":3: request-timeout: a number is expected, not 'soon'\n",
        CliRun.of("proxy", "--config", number.toString()).err().replace("\r\n", "\n"));
    Path yaml = Files.writeString(dir.resolve("c.yaml"), "listen: [127.0.0.1:0\n");
    assertTrue(CliRun.of("proxy", "--config", yaml.toString()).err().startsWith("kwire: " + yaml + ":2: not YAML: "));
  }

  @Test
  void theDrainTimeoutIsTwoSecondsUnlessTheFileOrTheCommandLineSaysOtherwise(@TempDir Path dir) throws Exception {
    Path file = Files.writeString(dir.resolve("d.yaml"), "listen: 127.0.0.1:0\nupstream: 127.0.0.1:9092\n"
        + "drain-timeout: 750\n");
    assertEquals(java.time.Duration.ofSeconds(2), drainTimeout("proxy", "--listen", "127.0.0.1:0", "--upstream",
        "127.0.0.1:9092"));
    assertEquals(java.time.Duration.ofMillis(750), drainTimeout("proxy", "--config", file.toString()));
    assertEquals(java.time.Duration.ofMillis(750), drainTimeout("bridge", "--config", file.toString()));
    assertEquals(java.time.Duration.ofMillis(50), drainTimeout("proxy", "--config", file.toString(),
        "--drain-timeout", "50"));
  }

  /** The drain timeout of the proxy that {@code args} describe. */
  private static java.time.Duration drainTimeout(String... args) {
    Kwire kwire = new Kwire(new ByteArrayInputStream(new byte[0]), new PrintStream(new java.io.ByteArrayOutputStream()),
        false);
    CommandLine.ParseResult parsed = new CommandLine(kwire).parseArgs(args);
    Object command = parsed.subcommand().commandSpec().userObject();
    if (command instanceof BridgeCommand bridge) {
      return bridge.options.config(bridge.common, c -> c).drainTimeout();
    }
    ProxyCommand proxy = (ProxyCommand) command;
    return proxy.options.config(proxy.common, c -> c).drainTimeout();
  }

  @Test
  void theCommandLineWinsOverTheFile(@TempDir Path dir) throws Exception {
    // The file's log-format would be refused, the command line's is taken; the file's log-files is then refused.
    Path file = Files.writeString(dir.resolve("p.yaml"), "listen: 127.0.0.1:0\nupstream: 127.0.0.1:9092\n"
        + "log-format: xml\nlog-files: 0\n");
    CliRun run = CliRun.of("proxy", "--config", file.toString(), "--log-format", "text");
    assertEquals("kwire: logFiles must be at least 1: 0\n", run.err().replace("\r\n", "\n"));
    CliRun missing = CliRun.of("proxy", "--upstream", "127.0.0.1:9092");
    assertEquals("kwire: Missing required option: '--listen=HOST:PORT' (on the command line or in --config)\n",
        missing.err().replace("\r\n", "\n"));
  }

  @Test
  void aReloadServesNewConnectionsWithTheFileAndARefusedOneKeepsTheRunningConfiguration(@TempDir Path dir)
      throws Exception {
    Path file = Files.writeString(dir.resolve("p.yaml"), "listen: 127.0.0.1:0\nupstream: 127.0.0.1:9092\n"
        + "filter: [tenant]\n");
    Kwire kwire = new Kwire(new ByteArrayInputStream(new byte[0]), new PrintStream(new java.io.ByteArrayOutputStream()),
        false);
    StringWriter err = new StringWriter();
    CommandLine cli = new CommandLine(kwire).setErr(new PrintWriter(err));
    CommandLine.ParseResult parsed = cli.parseArgs("proxy", "--config", file.toString(), "--check");
    ProxyCommand command = (ProxyCommand) parsed.subcommand().commandSpec().userObject();
    java.util.function.UnaryOperator<ProxyConfig> extra = c -> c.withCheck(command.check).withFilters(command.filters());
    ProxyConfig first = command.options.config(command.common, extra);
    assertEquals(1, first.filters().size());
    assertTrue(first.filters().get(0) instanceof TenantFilter);
    assertTrue(first.check());
    LogLines lines = new LogLines(new PrintWriter(err), LogLines.Format.TEXT, Clock.systemUTC());
    FatalExit fatal = new FatalExit("proxy", new PrintWriter(err), code -> { });
    try (KwireProxy proxy = KwireProxy.start(first)) {
      Files.writeString(file, "listen: 127.0.0.1:0\nupstream: 127.0.0.1:9092\nfilter:\n"
          + "  - faults:api=Produce,do=disconnect\n");
      assertNull(command.options.reload("proxy", command.common, extra, fatal, proxy, lines));
      assertTrue(command.filters.equals(List.of("faults:api=Produce,do=disconnect")), command.filters.toString());
      assertTrue(command.check, "--check, on the command line, stays");

      Files.writeString(file, "listen: 127.0.0.1:0\nupstream: 127.0.0.1:9092\nmax-frame-bytes: 1000\n"
          + "filter: [tenant]\n");
      String refused = command.options.reload("proxy", command.common, extra, fatal, proxy, lines);
      assertEquals("max frame bytes cannot change while the proxy runs; restart it", refused);
      assertEquals(List.of("faults:api=Produce,do=disconnect"), command.filters, "the options as they were");
      Files.writeString(file, "listen: 127.0.0.1:0\nupstream: 127.0.0.1:9092\nbridge: maybe\n");
      assertEquals(file + ":3: bridge: true or false is expected, not 'maybe'",
          command.options.reload("proxy", command.common, extra, fatal, proxy, lines));
      assertTrue(err.toString().contains("kwire proxy: " + file + " not reloaded: max frame bytes cannot change while the"
          + " proxy runs; restart it; the running configuration is kept"), err.toString());
      assertTrue(command.options.config(command.common, extra).filters().get(0) instanceof FaultFilter);
    }
    assertThrows(ConfigFile.Invalid.class, () -> ConfigFile.read(dir.resolve("none.yaml")));
  }
}

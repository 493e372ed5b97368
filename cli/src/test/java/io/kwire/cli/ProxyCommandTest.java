package io.kwire.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kwire.proxy.ProxyConfig;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

class ProxyCommandTest {

  @Test
  void helpListsEveryOption() {
    CliRun run = CliRun.of("proxy", "--help");
    assertEquals(0, run.exitCode(), run.err());
    assertTrue(run.out().startsWith("Usage: kwire proxy"), run.out());
    for (String option : new String[] {"--listen", "--upstream", "--advertise", "--cap-versions", "--log", "--no-redact",
        "--check", "--max-frame-bytes", "--log-max-bytes", "--log-files", "--log-message-max-bytes", "--request-timeout",
        "--node-ports", "--one-port", "--filter", "--filter-path", "--bridge", "--admin", "--log-format", "--config", "--max-connections-per-address", "--idle-timeout", "--max-connections", "--drain-timeout"}) {
      assertTrue(run.out().contains(option), option + " in\n" + run.out());
    }
  }

  @Test
  void theIdleTimeoutAndTheConnectionCapAreKwireNetsUnlessGiven() {
    ProxyConfig base = ProxyConfig.of(new InetSocketAddress("127.0.0.1", 0), new InetSocketAddress("127.0.0.1", 9092));
    ProxyCommand defaults = new ProxyCommand();
    new CommandLine(defaults).parseArgs("--listen", "127.0.0.1:0", "--upstream", "127.0.0.1:9092");
    ProxyConfig unchanged = defaults.configure(base, List.of());
    assertEquals(Duration.ofMinutes(10), unchanged.idleTimeout());
    assertEquals(10_000, unchanged.maxConnections());
    ProxyCommand given = new ProxyCommand();
    new CommandLine(given).parseArgs("--listen", "127.0.0.1:0", "--upstream", "127.0.0.1:9092",
        "--idle-timeout", "1500", "--max-connections", "7");
    ProxyConfig config = given.configure(base, List.of());
    assertEquals(Duration.ofMillis(1500), config.idleTimeout());
    assertEquals(7, config.maxConnections());
    CliRun zero = CliRun.of("proxy", "--listen", "127.0.0.1:0", "--upstream", "127.0.0.1:9092", "--max-connections", "0");
    assertEquals(1, zero.exitCode());
    assertEquals("kwire: --max-connections must be positive: 0\n", zero.err().replace("\r\n", "\n"));
  }

  @Test
  void listenAndUpstreamAreRequired() {
    CliRun run = CliRun.of("proxy", "--listen", "127.0.0.1:0");
    assertEquals(1, run.exitCode(), "required here or in --config: checked once the file is read");
    assertTrue(run.err().contains("--upstream"), run.err());
  }

  @Test
  void aBadAddressIsOneLineOnStderr() {
    CliRun run = CliRun.of("proxy", "--listen", "127.0.0.1", "--upstream", "127.0.0.1:9092");
    assertEquals(1, run.exitCode());
    assertEquals("kwire: --listen takes HOST:PORT, not '127.0.0.1'\n", run.err().replace("\r\n", "\n"));
    CliRun port = CliRun.of("proxy", "--listen", "127.0.0.1:http", "--upstream", "127.0.0.1:9092");
    assertTrue(port.err().contains("'http' is not a port"), port.err());
  }

  @Test
  void logBoundsAndAnUnwritableLogFileAreOneLineOnStderr(@TempDir Path dir) {
    CliRun files = CliRun.of("proxy", "--listen", "127.0.0.1:0", "--upstream", "127.0.0.1:9092", "--log-files", "0");
    assertEquals(1, files.exitCode());
    assertEquals("kwire: logFiles must be at least 1: 0\n", files.err().replace("\r\n", "\n"));
    Path file = dir.resolve("missing").resolve("proxy.log");
    CliRun log = CliRun.of("proxy", "--listen", "127.0.0.1:0", "--upstream", "127.0.0.1:9092", "--log", file.toString());
    assertEquals(1, log.exitCode());
    assertTrue(log.err().startsWith("kwire: cannot write the log file " + file + ": "), log.err());
  }

  @Test
  void theRequestTimeoutIsKafkasUnlessGivenAndMustBePositive() {
    CliRun zero = CliRun.of("proxy", "--listen", "127.0.0.1:0", "--upstream", "127.0.0.1:9092", "--request-timeout", "0");
    assertEquals(1, zero.exitCode());
    assertEquals("kwire: requestTimeout must be positive: PT0S\n", zero.err().replace("\r\n", "\n"));
    CliRun help = CliRun.of("proxy", "--help");
    assertTrue(help.out().contains("(default: 30000)"), help.out());
  }

  @Test
  void anUnknownFilterOrABadConfigurationIsOneLineOnStderr(@TempDir Path dir) {
    CliRun unknown = CliRun.of("proxy", "--listen", "127.0.0.1:0", "--upstream", "127.0.0.1:9092", "--filter", "nope");
    assertEquals(1, unknown.exitCode());
    assertEquals("kwire: --filter nope: no filter named 'nope' (the filters found: faults, require-header, tenant) and no class "
        + "of that name\n", unknown.err().replace("\r\n", "\n"));
    CliRun bad = CliRun.of("proxy", "--listen", "127.0.0.1:0", "--upstream", "127.0.0.1:9092", "--filter",
        "require-header:trace-id");
    assertEquals("kwire: --filter require-header:trace-id: filter configuration 'trace-id': 'trace-id' is not "
        + "key=value\n", bad.err().replace("\r\n", "\n"));
    CliRun missing = CliRun.of("proxy", "--listen", "127.0.0.1:0", "--upstream", "127.0.0.1:9092", "--filter", "tenant",
        "--filter-path", dir.resolve("none.jar").toString());
    assertEquals("kwire: --filter-path: " + dir.resolve("none.jar") + " does not exist\n",
        missing.err().replace("\r\n", "\n"));
  }

  @Test
  void aBadLogFormatOrAdminAddressIsOneLineOnStderr() {
    CliRun format = CliRun.of("proxy", "--listen", "127.0.0.1:0", "--upstream", "127.0.0.1:9092", "--log-format", "xml");
    assertEquals(1, format.exitCode());
    assertEquals("kwire: --log-format takes text or json, not 'xml'\n", format.err().replace("\r\n", "\n"));
    CliRun admin = CliRun.of("proxy", "--listen", "127.0.0.1:0", "--upstream", "127.0.0.1:9092", "--admin", "9100");
    assertEquals(1, admin.exitCode());
    assertEquals("kwire: --admin takes HOST:PORT, not '9100'\n", admin.err().replace("\r\n", "\n"));
  }

  @Test
  void aFaultsFilterWithABadRuleIsOneLineOnStderr() {
    CliRun bad = CliRun.of("proxy", "--listen", "127.0.0.1:0", "--upstream", "127.0.0.1:9092", "--filter",
        "faults:api=Produce,do=error:NO_SUCH_ERROR");
    assertEquals(1, bad.exitCode());
    assertEquals("kwire: --filter faults:api=Produce,do=error:NO_SUCH_ERROR: 'NO_SUCH_ERROR' is no Kafka error name or"
        + " code (e.g. NOT_LEADER_OR_FOLLOWER or 6)\n", bad.err().replace("\r\n", "\n"));
  }

  @Test
  void addressesTakeBracketedIpv6Hosts() {
    InetSocketAddress a = ProxyOptions.address("--listen", "[::1]:9092");
    assertEquals(9092, a.getPort());
    assertEquals("0:0:0:0:0:0:0:1", a.getAddress().getHostAddress());
  }

  @Test
  void badBrokerPortsAndUpstreamListsAreOneLineOnStderr() {
    assertEquals("kwire: --node-ports takes ID=PORT,..., and '2' is not ID=PORT\n",
        err("--listen", "127.0.0.1:9092", "--upstream", "127.0.0.1:9093", "--node-ports", "1=9100,2"));
    assertEquals("kwire: node 1's port 9092 is the bootstrap's (--listen)\n",
        err("--listen", "127.0.0.1:9092", "--upstream", "127.0.0.1:9093", "--node-ports", "1=9092"));
    assertEquals("kwire: nodes 1 and 2 both have port 9100\n",
        err("--listen", "127.0.0.1:9092", "--upstream", "127.0.0.1:9093", "--node-ports", "1=9100,2=9100"));
    assertEquals("kwire: --one-port serves no broker on a port of its own: drop --node-ports\n",
        err("--listen", "127.0.0.1:9092", "--upstream", "127.0.0.1:9093", "--one-port", "--node-ports", "1=9100"));
    assertEquals("kwire: --upstream takes HOST:PORT, not 'b'\n",
        err("--listen", "127.0.0.1:9092", "--upstream", "a:9092,b"));
  }

  private static String err(String... args) {
    String[] all = new String[args.length + 1];
    all[0] = "proxy";
    System.arraycopy(args, 0, all, 1, args.length);
    CliRun run = CliRun.of(all);
    assertEquals(1, run.exitCode(), run.err());
    return run.err().replace("\r\n", "\n");
  }
}

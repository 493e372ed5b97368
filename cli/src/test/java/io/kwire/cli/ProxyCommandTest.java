package io.kwire.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetSocketAddress;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ProxyCommandTest {

  @Test
  void helpListsEveryOption() {
    CliRun run = CliRun.of("proxy", "--help");
    assertEquals(0, run.exitCode(), run.err());
    assertTrue(run.out().startsWith("Usage: kwire proxy"), run.out());
    for (String option : new String[] {"--listen", "--upstream", "--advertise", "--cap-versions", "--log", "--no-redact",
        "--check", "--max-frame-bytes", "--log-max-bytes", "--log-files", "--log-message-max-bytes", "--request-timeout",
        "--filter", "--filter-path"}) {
      assertTrue(run.out().contains(option), option + " in\n" + run.out());
    }
  }

  @Test
  void listenAndUpstreamAreRequired() {
    CliRun run = CliRun.of("proxy", "--listen", "127.0.0.1:0");
    assertEquals(2, run.exitCode());
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
    assertEquals("kwire: --filter nope: no filter named 'nope' (the filters found: require-header, tenant) and no class "
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
  void addressesTakeBracketedIpv6Hosts() {
    InetSocketAddress a = ProxyOptions.address("--listen", "[::1]:9092");
    assertEquals(9092, a.getPort());
    assertEquals("0:0:0:0:0:0:0:1", a.getAddress().getHostAddress());
  }
}

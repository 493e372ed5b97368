package io.kwire.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class BridgeCommandTest {

  @Test
  void helpListsTheProxysCommonOptionsOnly() {
    CliRun run = CliRun.of("bridge", "--help");
    assertEquals(0, run.exitCode(), run.err());
    assertTrue(run.out().startsWith("Usage: kwire bridge"), run.out());
    for (String option : new String[] {"--listen", "--upstream", "--advertise", "--log", "--no-redact",
        "--max-frame-bytes", "--idle-timeout", "--max-connections", "--drain-timeout"}) {
      assertTrue(run.out().contains(option), option + " in\n" + run.out());
    }
    // the bridge re-encodes translated frames by design, and widens ApiVersions itself
    assertFalse(run.out().contains("--check"), run.out());
    assertFalse(run.out().contains("--cap-versions"), run.out());
  }

  @Test
  void listenAndUpstreamAreRequired() {
    CliRun run = CliRun.of("bridge", "--upstream", "127.0.0.1:9092");
    assertEquals(1, run.exitCode(), "required here or in --config: checked once the file is read");
    assertTrue(run.err().contains("--listen"), run.err());
  }

  @Test
  void aBadConnectionLimitIsOneLineOnStderr() {
    CliRun run = CliRun.of("bridge", "--listen", "127.0.0.1:0", "--upstream", "127.0.0.1:9092", "--idle-timeout", "0");
    assertEquals(1, run.exitCode());
    assertEquals("kwire: --idle-timeout must be positive: 0\n", run.err().replace("\r\n", "\n"));
  }

  @Test
  void aNegativeDrainTimeoutIsOneLineOnStderr() {
    CliRun run = CliRun.of("bridge", "--listen", "127.0.0.1:0", "--upstream", "127.0.0.1:9092", "--drain-timeout", "-1");
    assertEquals(1, run.exitCode());
    assertEquals("kwire: drainTimeout must not be negative: PT-0.001S\n", run.err().replace("\r\n", "\n"));
  }

  @Test
  void theTopLevelHelpListsIt() {
    CliRun run = CliRun.of("--help");
    assertTrue(run.out().contains("bridge"), run.out());
  }
}

package io.kwire.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kwire.net.sasl.SaslServerOptions;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code kwire proxy}'s TLS and SASL options: what they build and how a wrong one is said. */
class ProxySecurityOptionsTest {
  private static CliRun proxy(String... more) {
    String[] args = new String[3 + more.length];
    args[0] = "proxy";
    args[1] = "--listen=127.0.0.1:0";
    args[2] = "--upstream=127.0.0.1:9092";
    System.arraycopy(more, 0, args, 3, more.length);
    return CliRun.of(args);
  }

  @Test
  void helpListsTheSecurityOptions() {
    String help = CliRun.of("proxy", "--help").out();
    for (String option : List.of("--tls-keystore", "--tls-cert", "--tls-key", "--tls-password-file", "--tls-client-auth",
        "--tls-truststore", "--upstream-tls", "--upstream-truststore", "--upstream-keystore", "--sasl-users",
        "--upstream-sasl-mechanism", "--upstream-sasl-username", "--upstream-sasl-password-file", "--max-buffered-bytes")) {
      assertTrue(help.contains(option), option + " in\n" + help);
    }
  }

  @Test
  void theUsersFileNamesMechanismsInOrderAndHidesItsLinesInErrors(@TempDir Path dir) throws Exception {
    Path users = dir.resolve("users");
    Files.writeString(users, "# users\nSCRAM-SHA-512 bob bob-secret\n\nplain alice alice secret with spaces\n");
    SaslServerOptions options = ProxySecurityOptions.users(users);
    assertEquals(List.of("SCRAM-SHA-512", "PLAIN"), options.enabledMechanisms());

    Files.writeString(users, "PLAIN carol-only-secret\n");
    UsageException e = assertThrows(UsageException.class, () -> ProxySecurityOptions.users(users));
    assertEquals("--sasl-users " + users + " line 1: expected 'MECHANISM USER PASSWORD'", e.getMessage());
    assertFalse(e.getMessage().contains("carol-only-secret"));

    Files.writeString(users, "GSSAPI dave x\n");
    assertEquals("--sasl-users " + users + " line 1: mechanism must be PLAIN, SCRAM-SHA-256 or SCRAM-SHA-512",
        assertThrows(UsageException.class, () -> ProxySecurityOptions.users(users)).getMessage());
  }

  @Test
  void wrongCombinationsAreOneLineOnStderr(@TempDir Path dir) {
    CliRun both = proxy("--tls-keystore", "a.p12", "--tls-cert", "c.pem", "--tls-key", "k.pem");
    assertEquals(1, both.exitCode());
    assertEquals("kwire: --tls-keystore or --tls-cert with --tls-key, not both\n", both.err().replace("\r\n", "\n"));
    assertEquals("kwire: --tls-cert and --tls-key go together\n",
        proxy("--tls-cert", "c.pem").err().replace("\r\n", "\n"));
    assertEquals("kwire: --tls-client-auth and --tls-truststore need --tls-keystore or --tls-cert\n",
        proxy("--tls-client-auth", "required").err().replace("\r\n", "\n"));
    assertEquals("kwire: --upstream-sasl-mechanism, --upstream-sasl-username and --upstream-sasl-password-file go"
        + " together\n", proxy("--upstream-sasl-mechanism", "PLAIN").err().replace("\r\n", "\n"));
    assertEquals("kwire: --tls-password-file is needed\n",
        proxy("--tls-keystore", dir.resolve("a.p12").toString()).err().replace("\r\n", "\n"));
    assertEquals("kwire: maxBufferedFrameBytes must be positive: 0\n",
        proxy("--max-buffered-bytes", "0").err().replace("\r\n", "\n"));
  }
}

package io.kwire.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kwire.messages.SaslAuthenticateRequest;
import io.kwire.messages.SaslAuthenticateRequestCodec;
import io.kwire.runtime.Frames;
import io.kwire.runtime.RequestHeader;
import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import org.junit.jupiter.api.Test;

/** Fields the records declare sensitive are hidden by explain unless --show-secrets says otherwise. */
class DeclaredSecretsTest {
  private static String saslFrame() {
    SaslAuthenticateRequest request = SaslAuthenticateRequestCodec.INSTANCE.newBuilder()
        .authBytes("\0user\0hunter2".getBytes(StandardCharsets.UTF_8)).build();
    byte[] frame = Frames.encodeRequest(new RequestHeader((short) 36, (short) 2, 1, "c"),
        SaslAuthenticateRequestCodec.INSTANCE, request);
    return HexFormat.of().formatHex(frame);
  }

  @Test
  void saslAuthBytesAreHiddenByDefault() {
    String password = HexFormat.of().formatHex("hunter2".getBytes(StandardCharsets.UTF_8));
    CliRun hidden = CliRun.withInput(saslFrame(), "explain");
    assertEquals(0, hidden.exitCode(), hidden.err());
    assertTrue(hidden.out().contains("AuthBytes"), hidden.out());
    assertFalse(hidden.out().replace(" ", "").contains(password), hidden.out());

    CliRun shown = CliRun.withInput(saslFrame(), "explain", "--show-secrets");
    assertEquals(0, shown.exitCode(), shown.err());
    assertTrue(shown.out().replace(" ", "").contains(password), shown.out());
  }
}

package io.kwire.net.sasl;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/** Strict UTF-8: malformed bytes from a peer are a failure, never replacement characters. */
final class Utf8 {
  private Utf8() {}

  static String decode(byte[] bytes, int from, int to, String what) {
    try {
      return StandardCharsets.UTF_8.newDecoder()
          .onMalformedInput(CodingErrorAction.REPORT)
          .onUnmappableCharacter(CodingErrorAction.REPORT)
          .decode(ByteBuffer.wrap(bytes, from, to - from))
          .toString();
    } catch (CharacterCodingException e) {
      throw new SaslAuthenticationException("Invalid SASL message: " + what + " is not valid UTF-8");
    }
  }
}

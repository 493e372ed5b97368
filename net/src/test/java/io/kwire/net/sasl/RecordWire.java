package io.kwire.net.sasl;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import io.kwire.messages.SaslAuthenticateRequestCodec;
import io.kwire.messages.SaslAuthenticateResponseCodec;
import io.kwire.messages.SaslHandshakeRequestCodec;
import io.kwire.messages.SaslHandshakeResponseCodec;
import io.kwire.runtime.MessageCodec;
import io.kwire.runtime.wire.WireReader;
import io.kwire.runtime.wire.WireWriter;
import java.util.function.BiConsumer;
import java.util.function.Function;

/**
 * Sends a SASL body "over the wire" in a test: written by kwire-net's hand-written writer, decoded and
 * re-encoded by kwire-messages' generated codec (the bytes must not change), read back by kwire-net's reader.
 */
final class RecordWire {
  private RecordWire() {}

  static SaslHandshakeWire.Request handshakeRequest(SaslHandshakeWire.Request body, short version) {
    return through(SaslHandshakeRequestCodec.INSTANCE, version, body, SaslHandshakeWire::writeRequestBody,
        SaslHandshakeWire::readRequestBody);
  }

  static SaslHandshakeWire.Response handshakeResponse(SaslHandshakeWire.Response body, short version) {
    return through(SaslHandshakeResponseCodec.INSTANCE, version, body, SaslHandshakeWire::writeResponseBody,
        SaslHandshakeWire::readResponseBody);
  }

  static SaslAuthenticateWire.Request authenticateRequest(SaslAuthenticateWire.Request body, short version) {
    return through(SaslAuthenticateRequestCodec.INSTANCE, version, body,
        (out, b) -> SaslAuthenticateWire.writeRequestBody(out, b, version),
        in -> SaslAuthenticateWire.readRequestBody(in, version));
  }

  static SaslAuthenticateWire.Response authenticateResponse(SaslAuthenticateWire.Response body, short version) {
    return through(SaslAuthenticateResponseCodec.INSTANCE, version, body,
        (out, b) -> SaslAuthenticateWire.writeResponseBody(out, b, version),
        in -> SaslAuthenticateWire.readResponseBody(in, version));
  }

  /** The body bytes of a SaslAuthenticate response at {@code version}. */
  static byte[] authenticateResponseBytes(SaslAuthenticateWire.Response body, short version) {
    WireWriter out = new WireWriter();
    SaslAuthenticateWire.writeResponseBody(out, body, version);
    return out.toByteArray();
  }

  private static <T, M> T through(MessageCodec<M> codec, short version, T body, BiConsumer<WireWriter, T> write,
      Function<WireReader, T> read) {
    WireWriter out = new WireWriter();
    write.accept(out, body);
    byte[] bytes = out.toByteArray();
    byte[] again = codec.encode(codec.decode(bytes, version), version);
    assertArrayEquals(bytes, again, "kwire-messages re-encodes the body unchanged");
    return read.apply(new WireReader(again));
  }
}

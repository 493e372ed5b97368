package io.kwire.tests.json;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.kwire.json.JsonOptions;
import io.kwire.json.KwireJson;
import io.kwire.runtime.MessageCodec;
import io.kwire.runtime.wire.KwireProtocolException;
import io.kwire.tests.differential.MessageFactory;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Rendering bytes as JSON (what {@code kwire decode} does) reads them with the descriptor, not the
 * codec: it too must raise only {@link KwireProtocolException} for every truncation and for seeded
 * corruptions of a real body, and the codec and the descriptor walk must agree on what is valid.
 */
class JsonFromBadBytesTest {
  private static final int CORRUPTIONS = 10;

  @Test
  void badBodiesRaiseOnlyProtocolExceptionsAndAgreeWithTheCodec() {
    int checked = 0;
    for (MessageCodec<?> codec : JsonDifferentialTest.codecs()) {
      checked += check(codec);
    }
    assertTrue(checked > 5_000, "only " + checked + " bad bodies were tried");
  }

  private static <T> int check(MessageCodec<T> codec) {
    short version = codec.descriptor().validVersions().highest();
    long seed = JsonSeeds.of(codec.descriptor().name() + "/bad", version, 0);
    byte[] body = codec.encode(MessageFactory.random(codec, version, seed), version);
    int tried = 0;
    for (int n = 0; n < body.length; n += Math.max(1, body.length / 40)) {
      expectRefused(codec, Arrays.copyOf(body, n), version, "truncated to " + n + " of " + body.length);
      tried++;
    }
    Random random = new Random(seed);
    for (int i = 0; i < CORRUPTIONS && body.length > 0; i++) {
      byte[] bad = body.clone();
      int at = random.nextInt(bad.length);
      bad[at] = (byte) random.nextInt(256);
      agree(codec, bad, version, "byte " + at + " set to " + bad[at]);
      tried++;
    }
    return tried;
  }

  private static <T> void expectRefused(MessageCodec<T> codec, byte[] bad, short version, String what) {
    try {
      KwireJson.bytesToJson(codec.descriptor(), bad, version, JsonOptions.DEFAULT);
      fail(codec.descriptor().name() + " v" + version + ": " + what + " rendered as JSON");
    } catch (KwireProtocolException expected) {
      // the one documented failure
    } catch (RuntimeException e) {
      throw new AssertionError(codec.descriptor().name() + " v" + version + ": " + what + " raised " + e, e);
    }
  }

  /** A corrupted body is either valid for both the codec and the JSON walk, or refused by both. */
  private static <T> void agree(MessageCodec<T> codec, byte[] bad, short version, String what) {
    boolean codecReads;
    try {
      codec.decode(bad, version);
      codecReads = true;
    } catch (KwireProtocolException e) {
      codecReads = false;
    }
    boolean jsonReads;
    try {
      KwireJson.bytesToJson(codec.descriptor(), bad, version, JsonOptions.DEFAULT);
      jsonReads = true;
    } catch (KwireProtocolException e) {
      jsonReads = false;
    } catch (RuntimeException e) {
      throw new AssertionError(codec.descriptor().name() + " v" + version + ": " + what + " raised " + e, e);
    }
    if (codecReads != jsonReads) {
      fail(codec.descriptor().name() + " v" + version + ": " + what + ": the codec " + (codecReads ? "reads" : "refuses")
          + " it, the JSON walk " + (jsonReads ? "reads" : "refuses") + " it");
    }
  }
}

package io.kwire.proxy;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.kwire.annotations.MessageType;
import io.kwire.messages.ProduceResponseBuilder;
import io.kwire.messages.ProduceResponseCodec;
import io.kwire.runtime.ApiMessageCodec;
import io.kwire.runtime.KwireRegistry;
import io.kwire.runtime.TopLevelErrors;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The broker's top-level error code read in place, for every API and version that has one. */
class BrokerErrorsTest {
  @Test
  void theErrorCodeOfEveryResponseThatHasOneAtTheTopIsReadWithoutDecoding() {
    KwireRegistry registry = KwireRegistry.standard();
    BrokerErrors errors = new BrokerErrors(registry);
    int checked = 0;
    int flexible = 0;
    for (ApiMessageCodec<?> codec : registry.apis()) {
      if (codec.type() != MessageType.RESPONSE) {
        continue;
      }
      for (short v = codec.descriptor().validVersions().lowest(); v <= codec.descriptor().validVersions().highest(); v++) {
        byte[] frame = TopLevelErrors.frame(codec, v, 77, (short) 42);
        if (frame == null) {
          byte[] any = new byte[64];
          java.util.Arrays.fill(any, (byte) 0x7F);
          assertEquals(0, errors.of(codec.apiKey(), v, any), "no top-level error code: nothing is read");
          continue;
        }
        assertEquals(42, errors.of(codec.apiKey(), v, frame), codec.descriptor().name() + " v" + v);
        checked++;
        if (codec.headerVersion(v) >= 1) {
          flexible++;
        }
      }
    }
    assertEquals(197, checked, "API versions with a top-level error code at a known offset");
    assertEquals(120, flexible, "of them with a flexible header (tagged fields before the body)");
    byte[] produce = Wire.response(ProduceResponseCodec.INSTANCE, (short) 12, 5, new ProduceResponseBuilder()
        .responses(List.of()).build());
    assertEquals(0, errors.of(ProduceResponseCodec.API_KEY, (short) 12, produce), "Produce's errors are per partition");
    assertEquals(0, errors.of((short) 1000, (short) 0, new byte[20]), "an API kwire does not know");
  }
}

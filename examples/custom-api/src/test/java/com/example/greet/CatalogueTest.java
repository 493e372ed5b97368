package com.example.greet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kwire.messages.FetchResponse;
import io.kwire.messages.ProduceRequest;
import io.kwire.messages.ProduceRequestCodec;
import io.kwire.runtime.ApiMessageCodec;
import io.kwire.runtime.KwireRegistry;
import io.kwire.runtime.MessageCodec;
import io.kwire.runtime.meta.MessageDescriptor;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** KwireRegistry.standard() finds this project's codecs (through the processor's services file) and Kafka's (kwire-messages). */
class CatalogueTest {
  @Test
  void registryFindsOurCodecsNextToKafkas() {
    KwireRegistry registry = KwireRegistry.standard();
    List<String> lines = new ArrayList<>();
    for (ApiMessageCodec<?> api : registry.apis()) {
      MessageDescriptor d = api.descriptor();
      lines.add(d.apiKey() + " " + d.name() + " " + d.type() + " valid=" + d.validVersions());
    }
    ApiMessageCodec<?> greet = registry.request(10000);           // GreetRequestCodec
    ApiMessageCodec<?> produce = registry.request(0);             // ProduceRequestCodec, from kwire-messages
    MessageCodec<FetchResponse> fetch = registry.codecFor(FetchResponse.class);
    ProduceRequest request = ProduceRequestCodec.INSTANCE.newBuilder().acks((short) -1).build();

    // ServiceLoader makes its own instance of each codec: compare classes, not instances.
    assertSame(GreetRequestCodec.class, greet.getClass());
    assertSame(GreetResponseCodec.class, registry.response(10000).getClass());
    assertSame(ProduceRequestCodec.class, produce.getClass());
    assertEquals("FetchResponse", fetch.descriptor().name());
    assertEquals((short) -1, request.acks());
    assertTrue(lines.contains("10000 GreetRequest REQUEST valid=0-1"), String.join("\n", lines));
    assertTrue(lines.contains("0 ProduceRequest REQUEST valid=" + produce.descriptor().validVersions()), String.join("\n", lines));
  }
}

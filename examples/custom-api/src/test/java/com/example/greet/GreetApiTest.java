package com.example.greet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.kwire.runtime.DecodedResponse;
import io.kwire.runtime.Frames;
import io.kwire.runtime.RequestHeader;
import io.kwire.runtime.wire.KwireEncodeException;
import io.kwire.runtime.wire.RawTaggedField;
import io.kwire.runtime.wire.UnknownTaggedFields;
import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Encodes and decodes the API of this project, in bodies and in frames, through the generated codecs. */
class GreetApiTest {
  @Test
  void bodyRoundTripsAndHasKafkasLayout() {
    GreetRequest request = new GreetRequestBuilder()
        .greeting("hello")
        .times(2)
        .people(List.of(new GreetRequestBuilder.PersonBuilder().name("Ada").build()))
        .language("en")
        .traceId("t-1")
        .build();

    byte[] body = GreetRequestCodec.INSTANCE.encode(request, (short) 1);
    GreetRequest back = GreetRequestCodec.INSTANCE.decode(body, (short) 1);

    assertEquals(request, back);
    assertEquals(1, back.people().get(0).priority());   // the struct's declared default
    assertEquals("06" + "68656c6c6f"                      // greeting "hello": compact length 5+1
        + "00000002"                                      // times
        + "02" + "04" + "416461" + "00000001" + "00"       // people: 1 entry: name "Ada", priority 1, no tags
        + "03" + "656e"                                   // language "en"
        + "01" + "00" + "04" + "04742d31",                // tags: 1 field, tag 0, 4 bytes: "t-1"
        HexFormat.of().formatHex(body));
  }

  @Test
  void versionZeroHasNoLanguageAndNoTags() {
    // Or with the record's constructor: every component, UnknownTaggedFields.EMPTY for "none".
    GreetRequest request = new GreetRequest("hi", 1, List.of(), null, null, UnknownTaggedFields.EMPTY);

    byte[] body = GreetRequestCodec.INSTANCE.encode(request, (short) 0);

    assertEquals("0002" + "6869" + "00000001" + "00000000", HexFormat.of().formatHex(body));
    assertEquals(request, GreetRequestCodec.INSTANCE.decode(body, (short) 0));
  }

  @Test
  void aFieldTheVersionLacksIsAnEncodeError() {
    GreetRequest request = new GreetRequestBuilder().greeting("hi").language("en").build();

    KwireEncodeException e = assertThrows(KwireEncodeException.class,
        () -> GreetRequestCodec.INSTANCE.encode(request, (short) 0));

    assertEquals(true, e.getMessage().contains("language"), e.getMessage());
  }

  @Test
  void unknownTaggedFieldsSurviveARoundTrip() {
    // Tag 7 is unknown to this version of GreetRequest: a newer peer may send it; we keep its bytes.
    UnknownTaggedFields unknown = UnknownTaggedFields.of(new RawTaggedField(7, new byte[] {1, 2, 3}));
    GreetRequest request = new GreetRequestBuilder().greeting("hi").unknownTaggedFields(unknown).build();

    GreetRequest back = GreetRequestCodec.INSTANCE.decode(GreetRequestCodec.INSTANCE.encode(request, (short) 1), (short) 1);

    assertEquals(unknown, back.unknownTaggedFields());
    assertNull(back.traceId());
  }

  @Test
  void framesGoBothWays() {
    GreetRequest request = new GreetRequestBuilder()
        .greeting("hello")
        .times(2)
        .people(List.of(new GreetRequestBuilder.PersonBuilder().name("Ada").build(),
            new GreetRequestBuilder.PersonBuilder().name("Alan").priority(2).build()))
        .build();
    short version = 1;
    byte[] requestFrame = Frames.encodeRequest(new RequestHeader((short) 10000, version, 42, "my-client"),
        GreetRequestCodec.INSTANCE, request);

    byte[] responseFrame = new GreetServer().handle(requestFrame);
    DecodedResponse<GreetResponse> decoded = Frames.decodeResponse(responseFrame, GreetResponseCodec.INSTANCE, version);

    assertEquals(42, decoded.header().correlationId());
    assertEquals((short) 0, decoded.body().errorCode());
    assertNull(decoded.body().errorMessage());
    assertEquals(List.of("Ada:hello Ada! hello Ada!", "Alan:hello Alan! hello Alan!"),
        decoded.body().greetings().stream().map(g -> g.person() + ":" + g.text()).toList());
  }
}

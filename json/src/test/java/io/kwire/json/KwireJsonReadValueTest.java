package io.kwire.json;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import io.kwire.messages.CreateTopicsRequest;
import io.kwire.messages.CreateTopicsRequestCodec;
import io.kwire.messages.SaslAuthenticateRequest;
import io.kwire.messages.SaslAuthenticateRequestCodec;
import java.io.IOException;
import org.junit.jupiter.api.Test;

/** KwireJson.readValue: one message read from inside a larger document, the parser left after it. */
class KwireJsonReadValueTest {
  private static final JsonFactory FACTORY = new JsonFactory();
  private static final String CREATE_TOPICS = "{\"topics\":[],\"timeoutMs\":60000,\"validateOnly\":true}";

  @Test
  void readsTheValueAtTheCurrentTokenAndLeavesWhatFollows() throws IOException {
    try (JsonParser in = FACTORY.createParser("{\"api\":19,\"json\":" + CREATE_TOPICS + ",\"after\":[1,2]} 7")) {
      assertEquals(JsonToken.START_OBJECT, in.nextToken());
      assertEquals("api", in.nextFieldName());
      in.nextToken();
      assertEquals("json", in.nextFieldName());
      assertEquals(JsonToken.START_OBJECT, in.nextToken());

      CreateTopicsRequest read = KwireJson.readValue(CreateTopicsRequestCodec.INSTANCE, in, (short) 7);

      assertEquals(KwireJson.read(CreateTopicsRequestCodec.INSTANCE, CREATE_TOPICS, (short) 7), read);
      assertEquals(60000, read.timeoutMs());
      assertTrue(read.validateOnly());
      assertEquals(JsonToken.END_OBJECT, in.currentToken(), "left at the value's last token");
      assertEquals("after", in.nextFieldName());
      assertEquals(JsonToken.START_ARRAY, in.nextToken());
      in.skipChildren();
      assertEquals(JsonToken.END_OBJECT, in.nextToken());
      assertEquals(JsonToken.VALUE_NUMBER_INT, in.nextToken());
      assertEquals(7, in.getIntValue());
    }
  }

  @Test
  void aFreshParserIsAdvancedToTheValueAndNotRequiredToEndThere() throws IOException {
    try (JsonParser in = FACTORY.createParser("{\"authBytes\":\"AQID\"} {\"authBytes\":\"\"}")) {
      SaslAuthenticateRequest first = KwireJson.readValue(SaslAuthenticateRequestCodec.INSTANCE, in, (short) 1);
      in.nextToken();
      SaslAuthenticateRequest second = KwireJson.readValue(SaslAuthenticateRequestCodec.INSTANCE, in, (short) 1);
      assertEquals(3, first.authBytes().length);
      assertEquals(0, second.authBytes().length);
      assertEquals(null, in.nextToken());
    }
  }

  @Test
  void aBadFieldIsNamedByItsPath() throws IOException {
    try (JsonParser in = FACTORY.createParser("[{\"topics\":[],\"timeoutMs\":\"soon\",\"validateOnly\":false}, 1]")) {
      in.nextToken();
      in.nextToken();
      KwireJsonException e = assertThrows(KwireJsonException.class,
          () -> KwireJson.readValue(CreateTopicsRequestCodec.INSTANCE, in, (short) 7));
      assertEquals("CreateTopicsRequest.timeoutMs", e.fieldPath());
      assertTrue(e.getMessage().contains("timeoutMs"), e.getMessage());
    }
  }

  @Test
  void invalidJsonInsideTheValueSaysWhere() throws IOException {
    try (JsonParser in = FACTORY.createParser("{\"topics\":[}")) {
      KwireJsonException e = assertThrows(KwireJsonException.class,
          () -> KwireJson.readValue(CreateTopicsRequestCodec.INSTANCE, in, (short) 7));
      assertTrue(e.getMessage().startsWith("not valid JSON at line 1, column"), e.getMessage());
    }
  }
}

package io.kwire.tests.userapi;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * A user's own messages export their spec like Kafka's: the processor writes {@code EchoRequest}'s
 * into the class output of the tests module, in Kafka's JSON format.
 */
class UserApiSpecTest {
  @Test
  void theUsersRequestCarriesItsSpec() throws Exception {
    assertEquals("""
        {
          "apiKey": 10000,
          "type": "request",
          "name": "EchoRequest",
          "validVersions": "0-1",
          "flexibleVersions": "1+",
          "fields": [
            { "name": "Greeting", "type": "string", "versions": "0+" },
            { "name": "Times", "type": "int32", "versions": "0+" },
            { "name": "TraceId", "type": "string", "versions": "1+", "nullableVersions": "1+", "default": "null", \
        "taggedVersions": "1+", "tag": 0 }
          ]
        }
        """, resource("META-INF/kwire/specs/EchoRequest.json"));
  }

  private static String resource(String name) throws Exception {
    try (InputStream in = UserApiSpecTest.class.getClassLoader().getResourceAsStream(name)) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }
}

package io.kwire.spec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Kafka's spec files as its parser takes them: comments, defaults as numbers or text, structs inline or common. */
class SpecReaderTest {
  private static final String SPEC = """
      // Licensed to the Apache Software Foundation (ASF) ...
      {
        "apiKey": 10000,
        "type": "response",
        "name": "GreetResponse",
        /* version 1 is flexible */
        "validVersions": "0-1",
        "flexibleVersions": "1+",
        "fields": [
          { "name": "ThrottleTimeMs", "type": "int32", "versions": "0+", "default": -1 },
          { "name": "Greetings", "type": "[]Greeting", "versions": "0+", "fields": [
            { "name": "Text", "type": "string", "versions": "0+", "nullableVersions": "1+" },
            { "name": "Author", "type": "Person", "versions": "1+" }
          ]},
          { "name": "Hint", "type": "string", "taggedVersions": "1+", "tag": 0, "about": "only tagged" }
        ],
        "commonStructs": [
          { "name": "Person", "versions": "0+", "fields": [
            { "name": "Name", "type": "string", "versions": "0+" }
          ]}
        ]
      }
      """;

  @Test
  void readsMessageFieldsAndStructs() {
    SpecMessage spec = SpecReader.read(SPEC, "GreetResponse.json");
    assertEquals("GreetResponse", spec.name());
    assertEquals(10000, spec.apiKey());
    assertEquals("response", spec.type());
    assertEquals("0-1", spec.validVersions());
    assertEquals(List.of("ThrottleTimeMs", "Greetings", "Hint"), spec.fields().stream().map(SpecField::name).toList());
    assertEquals("-1", spec.fields().get(0).defaultValue());
    assertEquals("1+", spec.fields().get(2).versions(), "versions default to taggedVersions");
    assertEquals(false, spec.struct("Greeting").common());
    assertEquals(true, spec.struct("Person").common());
    assertEquals("1+", spec.struct("Greeting").fields().get(0).nullableVersions());
  }

  @Test
  void badInputSaysWhereAndWhy() {
    IllegalArgumentException json = assertThrows(IllegalArgumentException.class,
        () -> SpecReader.read("{\n  \"name\": \"X\",\n  \"fields\": [ { \"name\": 3 ]\n}", "X.json"));
    assertEquals("X.json:3: expected '}'", json.getMessage());
    IllegalArgumentException notASpec = assertThrows(IllegalArgumentException.class,
        () -> SpecReader.read("{ \"name\": \"X\", \"type\": \"request\" }", "X.json"));
    assertEquals("X.json: not a Kafka message spec: it needs a name, a type and validVersions", notASpec.getMessage());
    IllegalArgumentException wrongType = assertThrows(IllegalArgumentException.class,
        () -> SpecReader.read("{ \"name\": 7, \"type\": \"request\", \"validVersions\": \"0\" }", "X.json"));
    assertEquals(true, wrongType.getMessage().startsWith("X.json: not a Kafka message spec: "), wrongType.getMessage());
  }
}

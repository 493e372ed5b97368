package io.kwire.tests.json;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kwire.json.KwireJson;
import io.kwire.json.KwireJsonException;
import io.kwire.messages.CreateTopicsRequest;
import io.kwire.messages.CreateTopicsRequestCodec;
import io.kwire.messages.DeleteTopicsRequestCodec;
import io.kwire.messages.SaslAuthenticateRequestCodec;
import io.kwire.runtime.MessageCodec;
import io.kwire.tests.oracle.KafkaOracles;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * JSON that is not the message: kwire names the path of the bad field and says why, and Kafka's
 * own JsonConverter refuses the same text.
 */
class JsonReadErrorsTest {
  private static final String TOPICS = "{\"topics\":[{\"name\":\"a\",\"numPartitions\":1,\"replicationFactor\":1,"
      + "\"assignments\":[],\"configs\":[]},{\"name\":\"b\",\"numPartitions\":3,\"replicationFactor\":2,"
      + "\"assignments\":[{\"partitionIndex\":0,\"brokerIds\":[1,2]}],\"configs\":[{\"name\":\"k\",\"value\":null}]}],"
      + "\"timeoutMs\":60000,\"validateOnly\":false}";

  @Test
  void theBaseJsonIsValid() {
    CreateTopicsRequest read = KwireJson.read(CreateTopicsRequestCodec.INSTANCE, TOPICS, (short) 7);
    assertEquals(3, read.topics().get(1).numPartitions());
    assertEquals(TOPICS, KwireJson.write(CreateTopicsRequestCodec.INSTANCE, read, (short) 7));
  }

  static Stream<Arguments> badJson() {
    MessageCodec<?> topics = CreateTopicsRequestCodec.INSTANCE;
    return Stream.of(
        Arguments.of(topics, 7, TOPICS.replace(",\"timeoutMs\":60000", ""),
            "CreateTopicsRequest.timeoutMs", "is missing; the field is mandatory in version 7"),
        Arguments.of(topics, 7, TOPICS.replace("\"numPartitions\":3", "\"numPartitions\":\"3\""),
            "CreateTopicsRequest.topics[1].numPartitions", "expected an integer, but got STRING"),
        Arguments.of(topics, 7, TOPICS.replace("\"replicationFactor\":2", "\"replicationFactor\":40000"),
            "CreateTopicsRequest.topics[1].replicationFactor", "value 40000 does not fit in int16"),
        Arguments.of(topics, 7, TOPICS.replace("\"name\":\"a\"", "\"name\":null"),
            "CreateTopicsRequest.topics[0].name", "is null, but not nullable in version 7"),
        Arguments.of(topics, 7, TOPICS.replace("[1,2]", "[1,2.5]"),
            "CreateTopicsRequest.topics[1].assignments[0].brokerIds[1]", "expected an integer, but got the floating point number 2.5"),
        Arguments.of(topics, 7, TOPICS.replace("\"validateOnly\":false", "\"validateOnly\":0"),
            "CreateTopicsRequest.validateOnly", "expected a boolean, but got NUMBER"),
        Arguments.of(topics, 7, "{\"topics\":{},\"timeoutMs\":1,\"validateOnly\":false}",
            "CreateTopicsRequest.topics", "expected a JSON array, but got OBJECT"),
        Arguments.of(topics, 7, "[]", "CreateTopicsRequest", "expected a JSON object, but got ARRAY"),
        Arguments.of(SaslAuthenticateRequestCodec.INSTANCE, 2, "{\"authBytes\":\"AAE\"}",
            "SaslAuthenticateRequest.authBytes", "not valid base64"),
        Arguments.of(SaslAuthenticateRequestCodec.INSTANCE, 2, "{\"authBytes\":7}",
            "SaslAuthenticateRequest.authBytes", "expected base64-encoded binary data, but got NUMBER"),
        Arguments.of(DeleteTopicsRequestCodec.INSTANCE, 6, "{\"topics\":[{\"name\":null,\"topicId\":\"AAAA\"}],\"timeoutMs\":1}",
            "DeleteTopicsRequest.topics[0].topicId", "\"AAAA\" decodes to 3 bytes, not the 16 of a uuid"));
  }

  @ParameterizedTest
  @MethodSource("badJson")
  void badFieldsAreNamedAndKafkaRefusesThemToo(MessageCodec<?> codec, int version, String json, String path,
      String reason) {
    KwireJsonException e = assertThrows(KwireJsonException.class, () -> KwireJson.read(codec, json, (short) version));
    assertEquals(path, e.fieldPath(), e::getMessage);
    assertTrue(e.reason().startsWith(reason), () -> "reason: " + e.reason());
    assertTrue(e.getMessage().startsWith(path + ": "), e::getMessage);
    Class<?> kafkaClass = KafkaOracles.current().messageClass(codec.descriptor()).orElseThrow();
    KafkaJsonConverters kafka = KafkaJsonConverters.forMessageClass(kafkaClass).orElseThrow();
    assertThrows(RuntimeException.class, () -> kafka.read(json, (short) version), "Kafka reads what kwire refused");
  }

  @ParameterizedTest
  @ValueSource(strings = {"{\"topics\":[", "{} {}", "", "{\"topics\":[],\"timeoutMs\":1,}"})
  void textThatIsNotOneJsonValueSaysWhere(String json) {
    KwireJsonException e = assertThrows(KwireJsonException.class,
        () -> KwireJson.read(CreateTopicsRequestCodec.INSTANCE, json, (short) 7));
    assertEquals("", e.fieldPath());
    assertTrue(e.reason().startsWith("not valid JSON at line 1, column ") || e.reason().startsWith("text after")
        || e.reason().equals("no JSON value in the input"), e::getMessage);
  }

  @Test
  void aVersionTheMessageLacksIsRefused() {
    KwireJsonException e = assertThrows(KwireJsonException.class,
        () -> KwireJson.read(CreateTopicsRequestCodec.INSTANCE, TOPICS, (short) 8));
    assertEquals("CreateTopicsRequest", e.fieldPath());
    assertEquals("no version 8 (valid: 0-7)", e.reason());
  }
}

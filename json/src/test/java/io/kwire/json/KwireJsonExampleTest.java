package io.kwire.json;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.kwire.annotations.MessageType;
import io.kwire.messages.CreateTopicsRequest;
import io.kwire.messages.CreateTopicsRequestBuilder;
import io.kwire.messages.CreateTopicsRequestCodec;
import io.kwire.messages.ProduceRequestCodec;
import io.kwire.messages.SaslAuthenticateRequest;
import io.kwire.messages.SaslAuthenticateRequestCodec;
import io.kwire.runtime.KwireRegistry;
import io.kwire.runtime.wire.UnknownTaggedFields;
import java.util.List;
import org.junit.jupiter.api.Test;

/** docs/json.md's JSON example, line for line (ReadmeSnippetsTest checks it against this file). */
class KwireJsonExampleTest {
  @Test
  void readmeExample() {
    CreateTopicsRequest request = new CreateTopicsRequestBuilder()
        .topics(List.of(new CreateTopicsRequestBuilder.CreatableTopicBuilder().name("orders").numPartitions(3)
            .replicationFactor((short) 2).build()))
        .build();

    String json = KwireJson.write(CreateTopicsRequestCodec.INSTANCE, request, (short) 7);
    // {"topics":[{"name":"orders","numPartitions":3,"replicationFactor":2,"assignments":[],"configs":[]}],
    //  "timeoutMs":60000,"validateOnly":false}
    CreateTopicsRequest back = KwireJson.read(CreateTopicsRequestCodec.INSTANCE, json, (short) 7);

    // By API key, for tools that only know what the frame header says:
    Object same = KwireJson.read(KwireRegistry.standard(), 19, MessageType.REQUEST, (short) 7, json);

    // For logs: secrets (see Redaction) become "<redacted>".
    SaslAuthenticateRequest auth = new SaslAuthenticateRequest(new byte[] {1, 2, 3}, UnknownTaggedFields.EMPTY);
    String safe = KwireJson.write(SaslAuthenticateRequestCodec.INSTANCE, auth, (short) 2,
        JsonOptions.DEFAULT.withRedactedSecrets(true));

    assertEquals("{\"topics\":[{\"name\":\"orders\",\"numPartitions\":3,\"replicationFactor\":2,\"assignments\":[],"
        + "\"configs\":[]}],\"timeoutMs\":60000,\"validateOnly\":false}", json);
    assertEquals(request, back);
    assertEquals(request, same);
    assertEquals("{\"authBytes\":\"<redacted>\"}", safe);
  }

  @Test
  void recordDataIsKafkasEmptyStringUnlessAskedFor() {
    byte[] body = ProduceRequestCodec.INSTANCE.encode(
        KwireJson.read(ProduceRequestCodec.INSTANCE,
            "{\"transactionalId\":null,\"acks\":-1,\"timeoutMs\":5,\"topicData\":[{\"name\":\"t\","
                + "\"partitionData\":[{\"index\":0,\"records\":\"AQID\"}]}]}", (short) 9), (short) 9);
    String kafkas = KwireJson.bytesToJson(ProduceRequestCodec.INSTANCE.descriptor(), body, (short) 9,
        JsonOptions.DEFAULT);
    String full = KwireJson.bytesToJson(ProduceRequestCodec.INSTANCE.descriptor(), body, (short) 9,
        JsonOptions.DEFAULT.withRecordData(true));
    assertEquals("{\"transactionalId\":null,\"acks\":-1,\"timeoutMs\":5,\"topicData\":[{\"name\":\"t\","
        + "\"partitionData\":[{\"index\":0,\"records\":\"\"}]}]}", kafkas);
    assertEquals(kafkas.replace("\"records\":\"\"", "\"records\":\"AQID\""), full);
    assertArrayEquals(body, KwireJson.jsonToBytes(ProduceRequestCodec.INSTANCE, full, (short) 9));
  }
}

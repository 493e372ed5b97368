package io.kwire.tests.json;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.kwire.json.JsonOptions;
import io.kwire.json.KwireJson;
import io.kwire.messages.DescribeConfigsResponse;
import io.kwire.messages.DescribeConfigsResponseCodec;
import io.kwire.messages.SaslAuthenticateRequest;
import io.kwire.messages.SaslAuthenticateRequestCodec;
import io.kwire.runtime.KwireRegistry;
import io.kwire.runtime.MessageCodec;
import io.kwire.runtime.meta.FieldDescriptor;
import io.kwire.runtime.meta.StructDescriptor;
import io.kwire.runtime.wire.UnknownTaggedFields;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/** Secrets are declared on the records, reach the descriptors, and are redacted only when asked (by Redaction's rule). */
class JsonSecretsTest {
  private static final JsonOptions REDACT = JsonOptions.DEFAULT.withRedactedSecrets(true);

  @Test
  void theRecordsDeclareKafkasSecretsAndTheDescriptorsCarryThem() {
    Set<String> sensitive = new TreeSet<>();
    for (MessageCodec<?> codec : KwireRegistry.standard().codecs()) {
      collect(codec.descriptor().name(), codec.descriptor().body(), sensitive);
    }
    assertEquals(new TreeSet<>(Set.of(
        "AlterUserScramCredentialsRequest.Salt", "AlterUserScramCredentialsRequest.SaltedPassword",
        "CreateDelegationTokenResponse.Hmac", "DescribeDelegationTokenResponse.Hmac",
        "EnvelopeRequest.RequestData", "EnvelopeResponse.ResponseData",
        "ExpireDelegationTokenRequest.Hmac", "RenewDelegationTokenRequest.Hmac",
        "SaslAuthenticateRequest.AuthBytes", "SaslAuthenticateResponse.AuthBytes")), sensitive);
  }

  private static void collect(String message, StructDescriptor struct, Set<String> into) {
    for (FieldDescriptor f : struct.fields()) {
      if (f.sensitive()) {
        into.add(message + "." + f.name());
      }
      if (f.struct() != null) {
        collect(message, f.struct(), into);
      }
    }
  }

  @Test
  void sensitiveFieldsAreShownByDefaultAndRedactedOnRequest() {
    SaslAuthenticateRequest auth = new SaslAuthenticateRequest(new byte[] {1, 2, 3}, UnknownTaggedFields.EMPTY);
    assertEquals("{\"authBytes\":\"AQID\"}", KwireJson.write(SaslAuthenticateRequestCodec.INSTANCE, auth, (short) 2));
    assertEquals("{\"authBytes\":\"<redacted>\"}",
        KwireJson.write(SaslAuthenticateRequestCodec.INSTANCE, auth, (short) 2, REDACT));
  }

  /**
   * The structs whose {@code Value} is a config value, as the rule finds them: a string {@code Value}
   * beside a string {@code Name} or {@code Key}. Every string {@code Value} of Kafka's messages is one;
   * a new message with a value of another kind fails here and needs a look.
   */
  @Test
  void everyConfigNameValuePairOfKafkasMessagesIsFound() {
    Set<String> pairs = new TreeSet<>();
    Set<String> others = new TreeSet<>();
    for (MessageCodec<?> codec : KwireRegistry.standard().codecs()) {
      configPairs(codec.descriptor().name(), codec.descriptor().body(), pairs, others);
    }
    assertEquals(new TreeSet<>(Set.of(
        "AlterConfigsRequest.AlterableConfig(Name)", "CreateTopicsRequest.CreatableTopicConfig(Name)",
        "CreateTopicsResponse.CreatableTopicConfigs(Name)", "DescribeConfigsResponse.DescribeConfigsResourceResult(Name)",
        "DescribeConfigsResponse.DescribeConfigsSynonym(Name)", "IncrementalAlterConfigsRequest.AlterableConfig(Name)",
        "StreamsGroupDescribeResponse.KeyValue(Key)", "StreamsGroupHeartbeatRequest.KeyValue(Key)")), pairs);
    assertEquals(Set.of(), others, "string Values beside no Name or Key");
  }

  private static void configPairs(String message, StructDescriptor struct, Set<String> pairs, Set<String> others) {
    boolean value = struct.fields().stream().anyMatch(f -> f.name().equals("Value") && f.type().equals("string"));
    if (value) {
      String name = struct.fields().stream().filter(f -> f.type().equals("string")
          && (f.name().equals("Name") || f.name().equals("Key"))).map(FieldDescriptor::name).findFirst().orElse(null);
      (name == null ? others : pairs).add(message + "." + struct.name() + "(" + name + ")");
    }
    for (FieldDescriptor f : struct.fields()) {
      if (f.struct() != null) {
        configPairs(message, f.struct(), pairs, others);
      }
    }
  }

  @Test
  void aConfigValueIsRedactedUnlessItsNameIsAKnownNonPasswordConfigAndTheBrokerDoesNotFlagIt() {
    String json = "{\"throttleTimeMs\":0,\"results\":[{\"errorCode\":0,\"errorMessage\":null,\"resourceType\":2,"
        + "\"resourceName\":\"t\",\"configs\":[" + config("ssl.key.password", "s3cret", false) + ","
        + config("retention.bytes", "2048", true) + "," + config("custom.plugin.api.token", "t0ken", false) + ","
        + config("retention.ms", "1000", false) + "]}]}";
    DescribeConfigsResponse response = KwireJson.read(DescribeConfigsResponseCodec.INSTANCE, json, (short) 4);
    assertEquals(json, KwireJson.write(DescribeConfigsResponseCodec.INSTANCE, response, (short) 4));
    String redacted = json.replace("\"s3cret\"", "\"<redacted>\"").replace("\"2048\"", "\"<redacted>\"")
        .replace("\"t0ken\"", "\"<redacted>\"");
    assertEquals(redacted, KwireJson.write(DescribeConfigsResponseCodec.INSTANCE, response, (short) 4, REDACT));
  }

  private static String config(String name, String value, boolean sensitive) {
    return "{\"name\":\"" + name + "\",\"value\":\"" + value + "\",\"readOnly\":false,\"configSource\":1,"
        + "\"isSensitive\":" + sensitive + ",\"synonyms\":[],\"configType\":0,\"documentation\":null}";
  }
}

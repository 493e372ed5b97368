package io.kwire.cli;

import io.kwire.messages.AlterUserScramCredentialsRequest;
import io.kwire.messages.AlterUserScramCredentialsRequestCodec;
import io.kwire.messages.AlterUserScramCredentialsResponseCodec;
import io.kwire.messages.CreateDelegationTokenRequestCodec;
import io.kwire.messages.CreateDelegationTokenResponseCodec;
import io.kwire.messages.CreateTopicsRequest;
import io.kwire.messages.CreateTopicsRequestCodec;
import io.kwire.messages.CreateTopicsResponseCodec;
import io.kwire.messages.DescribeConfigsRequest;
import io.kwire.messages.DescribeConfigsRequestCodec;
import io.kwire.messages.DescribeConfigsResponse;
import io.kwire.messages.DescribeConfigsResponseCodec;
import io.kwire.messages.IncrementalAlterConfigsRequest;
import io.kwire.messages.IncrementalAlterConfigsRequestCodec;
import io.kwire.messages.IncrementalAlterConfigsResponseCodec;
import io.kwire.messages.SaslAuthenticateRequest;
import io.kwire.messages.SaslAuthenticateRequestCodec;
import io.kwire.messages.SaslAuthenticateResponse;
import io.kwire.messages.SaslAuthenticateResponseCodec;
import io.kwire.runtime.ApiMessageCodec;
import io.kwire.runtime.Frames;
import io.kwire.runtime.RequestHeader;
import io.kwire.runtime.ResponseHeader;
import io.kwire.runtime.wire.UnknownTaggedFields;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * The frames every tool is tried on ({@link RedactionAcrossToolsTest}): each exchange carries secrets
 * that every tool must hide and values that every tool must show.
 */
final class SecretFrames {
  private static final UnknownTaggedFields NONE = UnknownTaggedFields.EMPTY;

  private SecretFrames() {}

  /** One request and its response, what must be hidden (in any encoding) and what must be shown. */
  record Exchange<Q, R>(String api, short version, ApiMessageCodec<Q> requestCodec, Q request,
      ApiMessageCodec<R> responseCodec, R response, List<byte[]> hidden, List<String> shown) {

    byte[] requestFrame(int correlationId) {
      return Frames.encodeRequest(new RequestHeader(requestCodec.apiKey(), version, correlationId, "secrets"),
          requestCodec, request);
    }

    byte[] responseFrame(int correlationId) {
      return Frames.encodeResponse(new ResponseHeader(correlationId), responseCodec, version, response);
    }

    byte[] requestBody() {
      return requestCodec.encode(request, version);
    }

    byte[] responseBody() {
      return responseCodec.encode(response, version);
    }
  }

  static List<Exchange<?, ?>> all() {
    return List.of(createTopics(), describeConfigs(), incrementalAlterConfigs(), saslAuthenticate(),
        alterUserScramCredentials(), createDelegationToken());
  }

  private static byte[] utf8(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }

  /** A PASSWORD config, two of kafka-clients' PASSWORD configs, a plugin's secret, an unknown name; two normal configs. */
  static Exchange<?, ?> createTopics() {
    List<CreateTopicsRequest.CreatableTopicConfig> configs = new ArrayList<>();
    String[][] pairs = {
        {"sasl.oauthbearer.assertion.private.key.passphrase", "passphrase-7f3a1c"},
        {"ssl.truststore.certificates", "-----BEGIN CERTIFICATE----- truststore-9c1e"},
        {"ssl.keystore.password", "keystore-pass-44d2"},
        {"custom.plugin.api.token", "plugin-token-55e1"},
        {"no.such.config", "unknown-value-2b9d"},
        {"retention.ms", "604800123"},
        {"cleanup.policy", "delete"}};
    for (String[] pair : pairs) {
      configs.add(new CreateTopicsRequest.CreatableTopicConfig(pair[0], pair[1], NONE));
    }
    CreateTopicsRequest request = new CreateTopicsRequest(List.of(new CreateTopicsRequest.CreatableTopic(
        "orders", 3, (short) 1, List.of(), configs, NONE)), 30_000, true, NONE);
    return new Exchange<>("CreateTopics", (short) 7, CreateTopicsRequestCodec.INSTANCE, request,
        CreateTopicsResponseCodec.INSTANCE, CreateTopicsResponseCodec.INSTANCE.newBuilder().build(),
        List.of(utf8("passphrase-7f3a1c"), utf8("-----BEGIN CERTIFICATE----- truststore-9c1e"),
            utf8("keystore-pass-44d2"), utf8("plugin-token-55e1"), utf8("unknown-value-2b9d")),
        List.of("sasl.oauthbearer.assertion.private.key.passphrase", "custom.plugin.api.token", "604800123",
            "delete", "orders"));
  }

  /** A broker answering with secret values (as a careless or hostile one would) and their synonyms. */
  static Exchange<?, ?> describeConfigs() {
    DescribeConfigsResponse.DescribeConfigsResourceResult password = new DescribeConfigsResponse.DescribeConfigsResourceResult(
        "ssl.keystore.password", "described-pass-1e2f", false, false, (byte) 1, false, List.of(
            new DescribeConfigsResponse.DescribeConfigsSynonym("listener.name.internal.ssl.keystore.password",
                "listener-pass-3f4a", (byte) 1, NONE),
            new DescribeConfigsResponse.DescribeConfigsSynonym("ssl.keystore.password", "static-pass-5a6b", (byte) 4,
                NONE)), (byte) 9, null, NONE);
    DescribeConfigsResponse.DescribeConfigsResourceResult retention = new DescribeConfigsResponse.DescribeConfigsResourceResult(
        "log.retention.ms", "86400777", false, false, (byte) 4, false, List.of(
            new DescribeConfigsResponse.DescribeConfigsSynonym("log.retention.ms", "86400778", (byte) 4, NONE)),
        (byte) 5, null, NONE);
    DescribeConfigsResponse.DescribeConfigsResourceResult plugin = new DescribeConfigsResponse.DescribeConfigsResourceResult(
        "my.plugin.secret", "plugin-secret-9d8c", false, false, (byte) 1, false, List.of(), (byte) 2, null, NONE);
    DescribeConfigsResponse.DescribeConfigsResourceResult flagged = new DescribeConfigsResponse.DescribeConfigsResourceResult(
        "log.segment.bytes", "1073741999", false, false, (byte) 1, true, List.of(), (byte) 3, null, NONE);
    DescribeConfigsResponse response = new DescribeConfigsResponse(0, List.of(new DescribeConfigsResponse.DescribeConfigsResult(
        (short) 0, null, (byte) 4, "1", List.of(password, retention, plugin, flagged), NONE)), NONE);
    DescribeConfigsRequest request = new DescribeConfigsRequest(List.of(new DescribeConfigsRequest.DescribeConfigsResource(
        (byte) 4, "1", null, NONE)), true, false, NONE);
    return new Exchange<>("DescribeConfigs", (short) 4, DescribeConfigsRequestCodec.INSTANCE, request,
        DescribeConfigsResponseCodec.INSTANCE, response,
        List.of(utf8("described-pass-1e2f"), utf8("listener-pass-3f4a"), utf8("static-pass-5a6b"),
            utf8("plugin-secret-9d8c"), utf8("1073741999")),
        List.of("86400777", "86400778", "listener.name.internal.ssl.keystore.password", "my.plugin.secret"));
  }

  static Exchange<?, ?> incrementalAlterConfigs() {
    IncrementalAlterConfigsRequest request = new IncrementalAlterConfigsRequest(List.of(
        new IncrementalAlterConfigsRequest.AlterConfigsResource((byte) 4, "", List.of(
            new IncrementalAlterConfigsRequest.AlterableConfig("listener.name.sasl_ssl.plain.sasl.jaas.config",
                (byte) 0, "jaas-password-81c3", NONE),
            new IncrementalAlterConfigsRequest.AlterableConfig("ssl.keystore.key", (byte) 0, "private-key-6d0e", NONE),
            new IncrementalAlterConfigsRequest.AlterableConfig("log.cleaner.io.buffer.size", (byte) 0, "524299",
                NONE)),
            NONE)), false, NONE);
    return new Exchange<>("IncrementalAlterConfigs", (short) 1, IncrementalAlterConfigsRequestCodec.INSTANCE, request,
        IncrementalAlterConfigsResponseCodec.INSTANCE, IncrementalAlterConfigsResponseCodec.INSTANCE.newBuilder().build(),
        List.of(utf8("jaas-password-81c3"), utf8("private-key-6d0e")), List.of("log.cleaner.io.buffer.size", "524299"));
  }

  static Exchange<?, ?> saslAuthenticate() {
    byte[] clientFirst = utf8("\0alice\0sasl-password-0a1b");
    byte[] serverFinal = utf8("v=server-signature-c2d3");
    return new Exchange<>("SaslAuthenticate", (short) 2, SaslAuthenticateRequestCodec.INSTANCE,
        new SaslAuthenticateRequest(clientFirst, NONE), SaslAuthenticateResponseCodec.INSTANCE,
        new SaslAuthenticateResponse((short) 0, null, serverFinal, 3_600_123L, NONE),
        List.of(clientFirst, serverFinal), List.of("3600123"));
  }

  static Exchange<?, ?> alterUserScramCredentials() {
    byte[] salt = {(byte) 0x9f, 0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x77};
    byte[] saltedPassword = {(byte) 0xde, (byte) 0xad, (byte) 0xbe, (byte) 0xef, 0x01, 0x23, 0x45, 0x67, (byte) 0x89};
    AlterUserScramCredentialsRequest request = new AlterUserScramCredentialsRequest(List.of(), List.of(
        new AlterUserScramCredentialsRequest.ScramCredentialUpsertion("alice", (byte) 1, 8192, salt, saltedPassword,
            NONE)), NONE);
    return new Exchange<>("AlterUserScramCredentials", (short) 0, AlterUserScramCredentialsRequestCodec.INSTANCE,
        request, AlterUserScramCredentialsResponseCodec.INSTANCE,
        AlterUserScramCredentialsResponseCodec.INSTANCE.newBuilder().build(), List.of(salt, saltedPassword),
        List.of("alice", "8192"));
  }

  static Exchange<?, ?> createDelegationToken() {
    byte[] hmac = {0x48, 0x4d, 0x41, 0x43, (byte) 0xa1, (byte) 0xb2, (byte) 0xc3, (byte) 0xd4, (byte) 0xe5, (byte) 0xf6};
    return new Exchange<>("CreateDelegationToken", (short) 3, CreateDelegationTokenRequestCodec.INSTANCE,
        CreateDelegationTokenRequestCodec.INSTANCE.newBuilder().maxLifetimeMs(86_400_321L).build(),
        CreateDelegationTokenResponseCodec.INSTANCE, CreateDelegationTokenResponseCodec.INSTANCE.newBuilder()
            .principalType("User").principalName("alice").tokenId("token-id-6e5d").hmac(hmac).build(),
        List.of(hmac), List.of("86400321", "token-id-6e5d"));
  }
}

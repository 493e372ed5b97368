package io.kwire.e2e.net;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kwire.e2e.EmbeddedKafka;
import io.kwire.e2e.client.Broker;
import io.kwire.messages.CreateTopicsRequestBuilder;
import io.kwire.messages.CreateTopicsResponse;
import io.kwire.messages.MetadataRequestBuilder;
import io.kwire.messages.MetadataResponse;
import io.kwire.net.KwireClient;
import io.kwire.net.KwireConnectionException;
import io.kwire.net.sasl.SaslAuthenticationException;
import io.kwire.net.sasl.SaslClientOptions;
import java.util.List;
import org.junit.jupiter.api.Test;

/** kwire-net's SASL/PLAIN client against the real Kafka 4.4.0 broker's SASL_PLAINTEXT listener. */
class NetSaslE2ETest {
  private static KwireClient.Builder as(String user, String password) {
    return KwireClient.builder().clientId("kwire-net-sasl-e2e")
        .authenticator(SaslClientOptions.plain(user, password).authenticator());
  }

  @Test
  void apiVersionsMetadataAndCreateTopicsOverSaslPlain() {
    EmbeddedKafka broker = EmbeddedKafka.shared();
    try (KwireClient client = as("alice", EmbeddedKafka.SASL_USERS.get("alice")).connect(broker.saslAddress())) {
      // The broker lists the SASL APIs, and everything else once authenticated.
      assertTrue(client.versions().broker(17).isPresent());
      assertEquals(2, client.versions().broker(36).orElseThrow().maxVersion());

      String name = Broker.uniqueTopic("net-sasl");
      CreateTopicsResponse created = client.send(new CreateTopicsRequestBuilder().timeoutMs(30_000)
          .topics(List.of(Broker.topic(name, 1))).build(), CreateTopicsResponse.class).join();
      assertEquals(0, created.topics().get(0).errorCode(), created.topics().get(0).errorMessage());

      MetadataResponse metadata = client.send(new MetadataRequestBuilder().allowAutoTopicCreation(false)
          .topics(List.of(new MetadataRequestBuilder.MetadataRequestTopicBuilder().name(name).build())).build(),
          MetadataResponse.class).join();
      assertEquals(name, metadata.topics().get(0).name());
      assertEquals(0, metadata.topics().get(0).errorCode());
      // The broker advertises this listener's port in the metadata of a request that came in on it.
      assertEquals(broker.saslAddress().getPort(), metadata.brokers().get(0).port());
    }
  }

  @Test
  void aWrongPasswordFailsTheConnectWithTheBrokersMessage() {
    KwireConnectionException e = assertThrows(KwireConnectionException.class,
        () -> as("alice", "wrong").connect(EmbeddedKafka.shared().saslAddress()).close());
    SaslAuthenticationException cause = assertInstanceOf(SaslAuthenticationException.class, e.getCause(), e.toString());
    assertEquals("Authentication failed: Invalid username or password", cause.getMessage());
  }

  @Test
  void anUnknownUserFailsAlike() {
    KwireConnectionException e = assertThrows(KwireConnectionException.class,
        () -> as("mallory", "alice-secret").connect(EmbeddedKafka.shared().saslAddress()).close());
    assertEquals("Authentication failed: Invalid username or password",
        assertInstanceOf(SaslAuthenticationException.class, e.getCause()).getMessage());
  }
}

package io.kwire.spec;

import java.util.Set;

/**
 * Kafka's fields that carry secrets, which the records declare with {@code @Field(sensitive = true)}
 * so that the descriptor, and every tool that shows messages, knows them. Kafka's specs do not mark
 * them; this is the one list, kept here where the records are written. Config values are not in it:
 * whether one is secret depends on the config's name beside it ({@code io.kwire.runtime.meta.Redaction}).
 */
public final class SensitiveFields {
  private SensitiveFields() {}

  /** {@code Message.Field}, Kafka's names; a field name is unique enough within these messages. */
  private static final Set<String> FIELDS = Set.of(
      // SASL tokens, passwords and challenges travel in these bytes.
      "SaslAuthenticateRequest.AuthBytes",
      "SaslAuthenticateResponse.AuthBytes",
      // SCRAM: the salt and the salted password are what an attacker needs to try passwords offline.
      "AlterUserScramCredentialsRequest.Salt",
      "AlterUserScramCredentialsRequest.SaltedPassword",
      // A delegation token's HMAC is its password.
      "CreateDelegationTokenResponse.Hmac",
      "DescribeDelegationTokenResponse.Hmac",
      "RenewDelegationTokenRequest.Hmac",
      "ExpireDelegationTokenRequest.Hmac",
      // A broker forwards a client's whole request (AlterConfigs with passwords, SCRAM upserts...) and
      // gets the controller's response (token HMACs) as opaque bytes: no rule can look inside them.
      "EnvelopeRequest.RequestData",
      "EnvelopeResponse.ResponseData");

  public static boolean isSensitive(String messageName, String fieldName) {
    return FIELDS.contains(messageName + "." + fieldName);
  }
}

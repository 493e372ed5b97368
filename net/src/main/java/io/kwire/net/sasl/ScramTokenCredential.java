package io.kwire.net.sasl;

import io.kwire.net.KafkaPrincipal;
import java.util.Objects;

/**
 * A delegation token as a SCRAM server sees it (Kafka's {@code tokenauth=true} login): the credential
 * derived from the token's HMAC, base64-encoded, used as the password ({@link ScramCredential#derive}),
 * and the token's owner, whom the connection then speaks for.
 *
 * @param owner the token's owner, e.g. {@code User:alice}
 * @param credential the SCRAM credential of the token for one mechanism
 */
public record ScramTokenCredential(KafkaPrincipal owner, ScramCredential credential) {
  /** Checks both are given. */
  public ScramTokenCredential {
    Objects.requireNonNull(owner, "owner");
    Objects.requireNonNull(credential, "credential");
  }
}

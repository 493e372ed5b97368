package io.kwire.net.security;

import java.util.Objects;

/**
 * Who a connection authenticated as, in Kafka's form: a type and a name, written {@code User:alice}.
 * SASL gives {@code User:} + the authenticated user name; TLS with a client certificate gives
 * {@code User:} + the certificate's subject DN (RFC 2253, e.g. {@code User:CN=client,OU=kwire}), as
 * Kafka's default principal builder does; a connection with neither is {@link #ANONYMOUS}.
 *
 * @param type the principal type, {@code User} for every principal kwire builds
 * @param name the name within that type
 */
public record KafkaPrincipal(String type, String name) {
  /** Kafka's type of user principals. */
  public static final String USER_TYPE = "User";
  /** The principal of a connection that authenticated neither with SASL nor with a client certificate. */
  public static final KafkaPrincipal ANONYMOUS = new KafkaPrincipal(USER_TYPE, "ANONYMOUS");

  /** Checks that neither part is null. */
  public KafkaPrincipal {
    Objects.requireNonNull(type, "type");
    Objects.requireNonNull(name, "name");
  }

  /** A {@code User:} principal. */
  public static KafkaPrincipal user(String name) {
    return new KafkaPrincipal(USER_TYPE, name);
  }

  /** {@code type:name}, as Kafka prints a principal (and as ACLs name it). */
  @Override
  public String toString() {
    return type + ":" + name;
  }
}

package io.kwire.net;

import java.util.Objects;

/**
 * Who a connection speaks for, as Kafka names it: a type ({@code User}) and a name. A connection is
 * {@link #ANONYMOUS} until an authenticator says otherwise.
 *
 * @param type the principal type, {@code User} for SASL and TLS users
 * @param name the name within that type
 */
public record KafkaPrincipal(String type, String name) {
  /** Kafka's principal of an unauthenticated connection, {@code User:ANONYMOUS}. */
  public static final KafkaPrincipal ANONYMOUS = new KafkaPrincipal("User", "ANONYMOUS");

  public KafkaPrincipal {
    Objects.requireNonNull(type, "type");
    Objects.requireNonNull(name, "name");
  }

  /** A {@code User} principal. */
  public static KafkaPrincipal user(String name) {
    return new KafkaPrincipal("User", name);
  }

  @Override
  public String toString() {
    return type + ":" + name;
  }
}

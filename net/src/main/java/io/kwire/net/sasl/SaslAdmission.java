package io.kwire.net.sasl;

/** What a server pipeline does with a request, as {@link SaslServerAuthenticator#admit} decides. */
public enum SaslAdmission {
  /** Handle it as usual (ApiVersions before authentication; anything once authenticated). */
  PASS,
  /** Hand it to {@link SaslServerAuthenticator#handshake} or {@link SaslServerAuthenticator#authenticate}. */
  AUTHENTICATE,
  /** Close the connection without answering, as Kafka does (out-of-order or unauthenticated request, expired session). */
  CLOSE
}

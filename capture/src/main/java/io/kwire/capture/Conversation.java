package io.kwire.capture;

/**
 * A TCP connection that carries Kafka, as far as the capture showed it.
 *
 * @param client the end that sent requests
 * @param broker the end that answered
 * @param software the client software named by an ApiVersions request on the connection, null until one
 * @param midstream whether the capture started after the connection did (decoding began at the first
 *     frame shown to be Kafka's)
 * @param lossy whether bytes of the connection were lost before this exchange (decoding resumed at
 *     the next frame shown to start where it did)
 */
public record Conversation(Endpoint client, Endpoint broker, ClientSoftware software, boolean midstream,
    boolean lossy) {
  /** {@code client -> broker}. */
  @Override
  public String toString() {
    return client + " -> " + broker;
  }
}

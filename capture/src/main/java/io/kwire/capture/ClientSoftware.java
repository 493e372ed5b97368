package io.kwire.capture;

/**
 * What a client says it is in its ApiVersions request (version 3 and later, KIP-511).
 *
 * @param name {@code apache-kafka-java}, {@code librdkafka}, ...
 * @param version the software's version, {@code 4.4.0}
 */
public record ClientSoftware(String name, String version) {
  @Override
  public String toString() {
    return name + " " + version;
  }
}

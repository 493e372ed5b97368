/** Translates requests and responses between Kafka versions; see {@link io.kwire.bridge}. */
module io.kwire.bridge {
  requires transitive io.kwire.runtime;
  requires transitive io.kwire.messages;

  exports io.kwire.bridge;
}

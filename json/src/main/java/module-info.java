/** Kafka's JSON form of kwire's messages, on jackson-core's streaming API. */
module io.kwire.json {
  requires transitive io.kwire.runtime;
  requires transitive com.fasterxml.jackson.core;

  exports io.kwire.json;
}

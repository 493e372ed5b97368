/** Reads and writes Kafka-format message specs; see {@link io.kwire.spec}. */
module io.kwire.spec {
  exports io.kwire.spec;
}

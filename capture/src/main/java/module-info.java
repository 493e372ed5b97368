/**
 * Kafka conversations read from packet captures (pcap, pcapng): {@link io.kwire.capture.CaptureReader}
 * yields each request with its response, decoded at its version; {@code ExchangeJson} writes them as
 * Kafka's JSON (its signatures show kwire-json's and jackson-core's types: transitive).
 */
module io.kwire.capture {
  requires transitive io.kwire.runtime;
  requires transitive io.kwire.json;
  requires io.kwire.messages;

  exports io.kwire.capture;
}

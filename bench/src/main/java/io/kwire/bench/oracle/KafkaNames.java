package io.kwire.bench.oracle;

import io.kwire.annotations.MessageType;
import io.kwire.runtime.meta.MessageDescriptor;
import java.util.List;

/** How Kafka's generator names classes and accessors, from a spec name. */
final class KafkaNames {
  private static final String MESSAGE_PACKAGE = "org.apache.kafka.common.message.";

  private KafkaNames() {}

  /**
   * Candidate class names for a message, most likely first: requests, responses and headers get
   * Kafka's {@code Data} suffix, data messages usually keep their name (a few, like
   * DefaultPrincipalData, already end in it).
   */
  static List<String> messageClassCandidates(MessageDescriptor descriptor) {
    String plain = MESSAGE_PACKAGE + descriptor.name();
    String data = plain.endsWith("Data") ? plain : plain + "Data";
    MessageType type = descriptor.type();
    boolean suffixed = type == MessageType.REQUEST || type == MessageType.RESPONSE || type == MessageType.HEADER;
    return suffixed ? List.of(data, plain) : List.of(plain, data);
  }

  static String setter(String kafkaFieldName) {
    return "set" + Character.toUpperCase(kafkaFieldName.charAt(0)) + kafkaFieldName.substring(1);
  }

  static String getter(String kafkaFieldName) {
    return Character.toLowerCase(kafkaFieldName.charAt(0)) + kafkaFieldName.substring(1);
  }
}

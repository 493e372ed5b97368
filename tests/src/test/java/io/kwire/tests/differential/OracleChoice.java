package io.kwire.tests.differential;

import io.kwire.runtime.meta.MessageDescriptor;
import io.kwire.tests.oracle.KafkaOracle;
import io.kwire.tests.oracle.KafkaOracles;

/**
 * Which Kafka judges a (message, version): kafka-clients 4.4.0 when it has the version, else 3.9.1
 * (versions that 4.x removed), else none, with the reason.
 */
record OracleChoice(KafkaOracle oracle, String reason) {
  static OracleChoice of(MessageDescriptor descriptor, short version) {
    KafkaOracle current = KafkaOracles.current();
    if (current.supports(descriptor, version)) {
      return new OracleChoice(current, null);
    }
    KafkaOracle legacy = KafkaOracles.legacy();
    if (legacy.supports(descriptor, version)) {
      return new OracleChoice(legacy, null);
    }
    String reason = current.messageClass(descriptor).isEmpty() && legacy.messageClass(descriptor).isEmpty()
        ? "no class for " + descriptor.name() + " in kafka-clients " + current.label() + " or " + legacy.label()
        : "neither kafka-clients " + current.label() + " nor " + legacy.label() + " supports " + descriptor.name()
            + " v" + version;
    return new OracleChoice(null, reason);
  }

  boolean exists() {
    return oracle != null;
  }
}

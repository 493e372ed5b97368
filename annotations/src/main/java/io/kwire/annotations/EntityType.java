package io.kwire.annotations;

/** What a field names, as Kafka's specs record it ({@link Field#entityType()}); informational, no effect on the wire. */
public enum EntityType {
  UNKNOWN,
  TRANSACTIONAL_ID,
  PRODUCER_ID,
  GROUP_ID,
  TOPIC_NAME,
  BROKER_ID
}

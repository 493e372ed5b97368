package io.kwire.annotations;

/** The kinds of message Kafka's specs define. */
public enum MessageType {
  REQUEST,
  RESPONSE,
  HEADER,
  DATA,
  METADATA
}

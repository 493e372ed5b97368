package io.kwire.annotations;

/**
 * The kinds of message Kafka's specs define: {@link #REQUEST} and {@link #RESPONSE} go with
 * {@link ApiKey}; {@link #HEADER}, {@link #DATA} and {@link #METADATA} with {@link DataMessage}.
 */
public enum MessageType {
  REQUEST,
  RESPONSE,
  HEADER,
  DATA,
  METADATA
}

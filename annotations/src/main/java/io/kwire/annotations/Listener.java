package io.kwire.annotations;

/** Kinds of Kafka node that serve a request. */
public enum Listener {
  BROKER,
  CONTROLLER,
  ZK_BROKER
}

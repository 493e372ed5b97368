package io.kwire.annotations;

/** Kinds of Kafka node that serve a request ({@link ApiKey#listeners()}); informational. */
public enum Listener {
  BROKER,
  CONTROLLER,
  ZK_BROKER
}

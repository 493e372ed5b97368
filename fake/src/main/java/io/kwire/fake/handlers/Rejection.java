package io.kwire.fake.handlers;

/** An error code with the message Kafka would give with it. */
record Rejection(short code, String message) {}

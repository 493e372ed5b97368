package io.kwire.runtime;

/** A second test message of one int32, for a codec that claims another record's key. */
public record Pong(int value) {}

package io.kwire.runtime;

/** A test message of one int32. */
public record Ping(int value) {}

package io.kwire.fake.groups;

/** One protocol a member offers (an assignor, for consumers) and its metadata (the subscription). */
public record Protocol(String name, byte[] metadata) {}

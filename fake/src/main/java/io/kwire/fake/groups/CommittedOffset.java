package io.kwire.fake.groups;

/** An offset a group committed for a partition. */
public record CommittedOffset(long offset, int leaderEpoch, String metadata) {}

package io.kwire.fake;

/**
 * What a {@link FakeCluster} holds now, by its own accounting ({@link FakeCluster#usage()}): for a
 * test to see that its bounds hold.
 *
 * @param topics topics
 * @param partitions partitions of all topics
 * @param logBytes bytes the partitions' logs hold together, with a fixed overhead per batch
 * @param maxLogBytes the bound on {@code logBytes} ({@link FakeCluster.Builder#maxLogBytes}; -1: none)
 * @param logBytesDropped bytes that bound has dropped so far (the oldest batches of the cluster)
 * @param parkedFetches long-poll fetches waiting for data now
 * @param bufferedFrameBytes bytes of partly received request frames, over every broker
 */
public record ClusterUsage(int topics, int partitions, long logBytes, long maxLogBytes, long logBytesDropped,
    int parkedFetches, long bufferedFrameBytes) {}

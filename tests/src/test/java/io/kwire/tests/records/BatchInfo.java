package io.kwire.tests.records;

import java.util.List;

/** A batch's header fields and records, as both sides see them. */
record BatchInfo(byte magic, long baseOffset, long lastOffset, int compressionId, String timestampType,
    boolean transactional, boolean control, long producerId, short producerEpoch, int baseSequence,
    int partitionLeaderEpoch, long maxTimestamp, List<Rec> records) {}

package io.kwire.tests.hostile;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kwire.messages.ApiVersionsRequestCodec;
import io.kwire.messages.DescribeGroupsRequestCodec;
import io.kwire.messages.MetadataRequestCodec;
import io.kwire.messages.SaslAuthenticateRequestCodec;
import io.kwire.runtime.MessageCodec;
import io.kwire.runtime.records.Compression;
import io.kwire.runtime.records.RecordBatch;
import io.kwire.runtime.records.RecordBatchBuilder;
import io.kwire.runtime.records.RecordCursor;
import io.kwire.runtime.records.Records;
import io.kwire.runtime.wire.DecodeOptions;
import io.kwire.runtime.wire.KwireProtocolException;
import io.kwire.tests.Hex;
import java.lang.management.ManagementFactory;
import java.nio.ByteBuffer;
import java.util.zip.CRC32C;
import org.junit.jupiter.api.Test;

/**
 * Allocation is bounded by the input, measured with the JVM's per-thread allocation counter: inputs
 * claiming 2^31-1 elements, string bytes, bytes or records fail having allocated a few KiB at most,
 * and arrays of the smallest elements stay within a stated number of heap bytes per input byte.
 */
class AllocationBoundTest {
  private static final com.sun.management.ThreadMXBean THREADS =
      (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
  private static final long FEW_KIB = 4 << 10;

  /** Bytes the current thread allocates in {@code action}, measured on a third run (the first two warm up). */
  private static long allocatedBy(Runnable action) {
    action.run();
    action.run();
    long before = THREADS.getCurrentThreadAllocatedBytes();
    action.run();
    return THREADS.getCurrentThreadAllocatedBytes() - before;
  }

  private static long failing(MessageCodec<?> codec, int version, byte[] body, DecodeOptions options) {
    return allocatedBy(() -> assertThrows(KwireProtocolException.class, () -> codec.decode(body, (short) version, options)));
  }

  private static void report(String what, long allocated, long inputBytes) {
    System.out.printf("[allocation] %s: %d bytes for %d input bytes (%.1f per byte)%n", what, allocated, inputBytes,
        (double) allocated / Math.max(1, inputBytes));
  }

  @Test
  void claimsOf2To31Minus1FailFast() {
    DecodeOptions noArrayLimit = DecodeOptions.STRICT.withMaxArrayLength(Integer.MAX_VALUE);
    long elements = failing(MetadataRequestCodec.INSTANCE, 1, Hex.bytes("7fffffff 0000"), DecodeOptions.STRICT);
    long elementsUnlimited = failing(MetadataRequestCodec.INSTANCE, 1, Hex.bytes("7fffffff 0000"), noArrayLimit);
    long compactElements = failing(MetadataRequestCodec.INSTANCE, 9, Hex.bytes("ffffffff07 00"), noArrayLimit);
    long string = failing(ApiVersionsRequestCodec.INSTANCE, 3, Hex.bytes("ffffffff07 61 01 00"), DecodeOptions.STRICT);
    long bytes = failing(SaslAuthenticateRequestCodec.INSTANCE, 0, Hex.bytes("7fffffff 61"), DecodeOptions.STRICT);
    long compactBytes = failing(SaslAuthenticateRequestCodec.INSTANCE, 2, Hex.bytes("ffffffff07 61 00"), DecodeOptions.LENIENT);
    long records = allocatedBy(() -> assertThrows(KwireProtocolException.class, () -> readAll(batchClaimingMaxRecords())));
    report("2^31-1 array elements", elements, 6);
    report("2^31-1 array elements, no array limit", elementsUnlimited, 6);
    report("2^31-1 compact array elements, no array limit", compactElements, 6);
    report("2^31-2 string bytes", string, 8);
    report("2^31-1 bytes", bytes, 5);
    report("2^31-2 compact bytes, lenient", compactBytes, 7);
    report("2^31-1 records in a batch", records, batchClaimingMaxRecords().length);
    for (long allocated : new long[] {elements, elementsUnlimited, compactElements, string, bytes, compactBytes, records}) {
      assertTrue(allocated < FEW_KIB, "allocated " + allocated);
    }
  }

  @Test
  void arraysOfTheSmallestElements() {
    int n = 100_000;
    long empty = decoded(DescribeGroupsRequestCodec.INSTANCE, 0, strings(n, ""), "[]string, classic, \"\" (2 bytes each)");
    long oneChar = decoded(DescribeGroupsRequestCodec.INSTANCE, 0, strings(n, "a"), "[]string, classic, \"a\" (3 bytes each)");
    long structs = decoded(MetadataRequestCodec.INSTANCE, 4, metadataTopics(n), "[]struct MetadataRequestTopic v4, name \"a\" (3 bytes each)");
    long bytes = decoded(SaslAuthenticateRequestCodec.INSTANCE, 0, saslBytes(1 << 20), "1 MiB of bytes");
    long compactOneChar = decoded(DescribeGroupsRequestCodec.INSTANCE, 5, compactStrings(n, "a"),
        "[]string, compact, \"a\" (2 bytes each)");
    assertTrue(bytes < 2L * (1 << 20) + (64 << 10), "bytes: " + bytes);
    // the guarantee: 16 heap bytes per input byte plus 64 KiB (AllocationSweepTest: every message)
    assertTrue(empty < 16L * 2 * n + (64 << 10), "empty strings: " + empty);
    assertTrue(oneChar < 16L * 3 * n + (64 << 10), "one-char strings: " + oneChar);
    assertTrue(compactOneChar < 16L * 2 * n + (64 << 10), "compact one-char strings: " + compactOneChar);
    assertTrue(structs < 16L * 3 * n + (64 << 10), "structs: " + structs);
  }

  /** DescribeGroupsRequest v5: n compact strings, then includeAuthorizedOperations, then no tagged fields. */
  private static byte[] compactStrings(int n, String s) {
    ByteBuffer b = ByteBuffer.allocate(5 + n * (1 + s.length()) + 2);
    b.put(new byte[] {(byte) (0x80 | ((n + 1) & 0x7F)), (byte) (((n + 1) >>> 7) & 0x7F | 0x80), (byte) ((n + 1) >>> 14)});
    for (int i = 0; i < n; i++) {
      b.put((byte) (s.length() + 1));
      b.put(s.getBytes(java.nio.charset.StandardCharsets.UTF_8));
    }
    b.put((byte) 0).put((byte) 0);
    return java.util.Arrays.copyOf(b.array(), b.position());
  }

  private static <T> long decoded(MessageCodec<T> codec, int version, byte[] body, String what) {
    long allocated = allocatedBy(() -> codec.decode(body, (short) version));
    report(what, allocated, body.length);
    return allocated;
  }

  private static byte[] strings(int n, String s) {
    ByteBuffer b = ByteBuffer.allocate(4 + n * (2 + s.length()));
    b.putInt(n);
    for (int i = 0; i < n; i++) {
      b.putShort((short) s.length());
      b.put(s.getBytes(java.nio.charset.StandardCharsets.UTF_8));
    }
    return b.array();
  }

  /** MetadataRequest v4: n topics named "a", then allowAutoTopicCreation. */
  private static byte[] metadataTopics(int n) {
    byte[] topics = strings(n, "a");
    byte[] body = java.util.Arrays.copyOf(topics, topics.length + 1);
    body[topics.length] = 1;
    return body;
  }

  private static byte[] saslBytes(int n) {
    ByteBuffer b = ByteBuffer.allocate(4 + n);
    b.putInt(n);
    return b.array();
  }

  private static void readAll(byte[] records) {
    for (RecordBatch batch : Records.wrap(records).batches()) {
      RecordCursor cursor = batch.cursor();
      while (cursor.next()) {
        cursor.record();
      }
    }
  }

  /** A valid one-record batch whose record count is patched to 2^31-1 and its CRC fixed. */
  private static byte[] batchClaimingMaxRecords() {
    byte[] b = RecordBatchBuilder.create(0).compression(Compression.NONE).append(1, null, new byte[] {1}).build().toByteArray();
    ByteBuffer.wrap(b).putInt(57, Integer.MAX_VALUE);
    CRC32C crc = new CRC32C();
    crc.update(b, 21, b.length - 21);
    ByteBuffer.wrap(b).putInt(17, (int) crc.getValue());
    return b;
  }
}

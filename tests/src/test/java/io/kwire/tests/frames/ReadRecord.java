package io.kwire.tests.frames;

import io.kwire.runtime.records.Header;
import io.kwire.runtime.records.KafkaRecord;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;

/** A record as read back, comparable by value: bytes as hex (null kept), headers as "key=hex". */
record ReadRecord(long offset, long timestamp, String key, String value, List<String> headers) {

  static ReadRecord of(KafkaRecord r) {
    List<String> headers = new ArrayList<>();
    for (Header h : r.headers()) {
      headers.add(h.key() + "=" + hex(h.value()));
    }
    return new ReadRecord(r.offset(), r.timestamp(), hex(r.keyBytes()), hex(r.valueBytes()), headers);
  }

  /** What appending {@code s} at {@code offset} should read back as. */
  static ReadRecord expected(long offset, long timestamp, SampleRecord s) {
    List<String> headers = new ArrayList<>();
    for (Header h : s.headers()) {
      headers.add(h.key() + "=" + hex(h.value()));
    }
    return new ReadRecord(offset, timestamp, hex(s.key()), hex(s.value()), headers);
  }

  static String hex(byte[] b) {
    return b == null ? null : HexFormat.of().formatHex(b);
  }
}

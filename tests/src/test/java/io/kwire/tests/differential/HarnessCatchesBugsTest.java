package io.kwire.tests.differential;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kwire.runtime.MessageCodec;
import io.kwire.runtime.ResponseHeader;
import io.kwire.runtime.ResponseHeaderCodec;
import io.kwire.runtime.meta.MessageDescriptor;
import io.kwire.runtime.wire.WireReader;
import io.kwire.runtime.wire.WireWriter;
import io.kwire.tests.oracle.KafkaOracles;
import org.junit.jupiter.api.Test;

/** The differential check must fail, readably, when a codec is wrong in either direction. */
class HarnessCatchesBugsTest {
  private static final ResponseHeader HEADER = new ResponseHeader(0x01020304);

  @Test
  void reportsAWrongEncodingWithOffsetAndBothByteArrays() {
    AssertionError e = assertThrows(AssertionError.class, () -> check(new Skewed(1, 0)));
    assertTrue(e.getMessage().contains("first difference at offset 3"), e.getMessage());
    assertTrue(e.getMessage().contains("kafka: 01020304"), e.getMessage());
    assertTrue(e.getMessage().contains("kwire: 01020305"), e.getMessage());
  }

  @Test
  void reportsAWrongDecodingWithThePathOfTheField() {
    AssertionError e = assertThrows(AssertionError.class, () -> check(new Skewed(0, 1)));
    assertTrue(e.getMessage().contains("ResponseHeader.correlationId: expected 16909060 (Integer) but was 16909061 (Integer)"),
        e.getMessage());
  }

  @Test
  void passesTheRealCodec() {
    new DifferentialCheck<>(ResponseHeaderCodec.INSTANCE, KafkaOracles.current(), (short) 1).check(HEADER, "test");
  }

  private static void check(MessageCodec<ResponseHeader> codec) {
    new DifferentialCheck<>(codec, KafkaOracles.current(), (short) 0).check(HEADER, "test");
  }

  /** The response header codec with its correlation id shifted on write and/or read. */
  private record Skewed(int onWrite, int onRead) implements MessageCodec<ResponseHeader> {
    @Override
    public MessageDescriptor descriptor() {
      return ResponseHeaderCodec.DESCRIPTOR;
    }

    @Override
    public Class<ResponseHeader> messageType() {
      return ResponseHeader.class;
    }

    @Override
    public int size(ResponseHeader message, short version) {
      return ResponseHeaderCodec.INSTANCE.size(message, version);
    }

    @Override
    public void write(ResponseHeader message, short version, WireWriter out) {
      ResponseHeaderCodec.INSTANCE.write(new ResponseHeader(message.correlationId() + onWrite), version, out);
    }

    @Override
    public ResponseHeader read(WireReader in, short version) {
      ResponseHeader h = ResponseHeaderCodec.INSTANCE.read(in, version);
      return new ResponseHeader(h.correlationId() + onRead, h.unknownTaggedFields());
    }
  }
}

package io.kwire.runtime;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kwire.runtime.wire.DecodeOptions;
import io.kwire.runtime.wire.KwireProtocolException;
import java.io.ByteArrayInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.lang.management.ManagementFactory;
import java.nio.ByteBuffer;
import org.junit.jupiter.api.Test;

/** Frames.readFrame: the size prefix is judged before the rest is read, and memory follows what arrives. */
class FramesReadFrameTest {
  private static byte[] frame(int size, int sent) {
    ByteBuffer b = ByteBuffer.allocate(4 + sent);
    b.putInt(size);
    for (int i = 0; i < sent; i++) {
      b.put((byte) i);
    }
    return b.array();
  }

  @Test
  void readsWholeFramesOneAfterAnother() throws IOException {
    byte[] one = frame(3, 3);
    byte[] two = frame(200_000, 200_000); // more than the first 64 KiB buffer
    byte[] both = ByteBuffer.allocate(one.length + two.length).put(one).put(two).array();
    InputStream in = new ByteArrayInputStream(both);
    assertArrayEquals(one, Frames.readFrame(in, DecodeOptions.STRICT));
    assertArrayEquals(two, Frames.readFrame(in, DecodeOptions.STRICT));
    assertNull(Frames.readFrame(in, DecodeOptions.STRICT));
  }

  @Test
  void aSizeAboveTheMaximumIsRefusedBeforeReadingTheRest() throws IOException {
    InputStream in = new ByteArrayInputStream(frame(101 << 20, 10));
    KwireProtocolException e = assertThrows(KwireProtocolException.class, () -> Frames.readFrame(in, DecodeOptions.STRICT));
    assertEquals("frame size 105906176 exceeds the maximum of 104857600", e.reason());
    assertEquals(10, in.available(), "nothing after the size prefix was read");
    assertThrows(KwireProtocolException.class, () -> Frames.readFrame(new ByteArrayInputStream(frame(-1, 0)), DecodeOptions.STRICT));
  }

  @Test
  void aPeerClaiming100MiBAndSendingLittleCostsLittle() throws IOException {
    com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
    byte[] claim = frame(100 << 20, 1000);
    assertThrows(EOFException.class, () -> Frames.readFrame(new ByteArrayInputStream(claim), DecodeOptions.STRICT));
    long before = threads.getCurrentThreadAllocatedBytes();
    assertThrows(EOFException.class, () -> Frames.readFrame(new ByteArrayInputStream(claim), DecodeOptions.STRICT));
    long allocated = threads.getCurrentThreadAllocatedBytes() - before;
    // the first 64 KiB buffer, the exception and its stack trace (about 16 KiB on JDK 17, 31 KiB on 25);
    // a reservation on the peer's word would be 100 MiB
    assertTrue(allocated < (64 << 10) + (48 << 10), "allocated " + allocated);
  }
}

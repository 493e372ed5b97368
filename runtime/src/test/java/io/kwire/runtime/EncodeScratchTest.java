package io.kwire.runtime;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.kwire.annotations.MessageType;
import io.kwire.runtime.meta.FieldDescriptor;
import io.kwire.runtime.meta.MessageDescriptor;
import io.kwire.runtime.meta.StructDescriptor;
import io.kwire.runtime.meta.VersionRange;
import io.kwire.runtime.wire.KwireEncodeException;
import io.kwire.runtime.wire.WireReader;
import io.kwire.runtime.wire.WireWriter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/**
 * {@link MessageCodec#encode} through the thread's scratch writer: exact arrays that never alias the
 * scratch buffer, sizing first where the class says it does, and a bounded buffer. Each test runs on
 * a new thread, whose scratch state starts empty.
 */
class EncodeScratchTest {
  /** A message of {@code length} bytes, each {@code fill}; a negative fill fails half-way through write. */
  record Blob(int length, byte fill) {}

  /** Writes a blob as its length (int32) then its bytes, and counts the size() calls. */
  static final class BlobCodec implements MessageCodec<Blob> {
    final List<Integer> sized = new ArrayList<>();
    MessageCodec<Blob> nested; // encoded from inside write(), as a hand-written codec might

    @Override
    public MessageDescriptor descriptor() {
      return MessageDescriptor.of("Blob", MessageType.REQUEST, 9000, VersionRange.of(0, 0), VersionRange.NONE,
          StructDescriptor.of("Blob", FieldDescriptor.of("Bytes", "bytes", "bytes", VersionRange.ALL)));
    }

    @Override
    public Class<Blob> messageType() {
      return Blob.class;
    }

    @Override
    public int size(Blob message, short version) {
      sized.add(message.length());
      return 4 + message.length();
    }

    @Override
    public void write(Blob message, short version, WireWriter out) {
      int start = out.position();
      out.writeInt32(message.length());
      byte[] bytes = new byte[message.length()];
      Arrays.fill(bytes, message.fill());
      if (nested != null) {
        bytes = nested.encode(new Blob(message.length() - 4, message.fill()), version);
      }
      out.writeRaw(bytes);
      if (message.fill() < 0) {
        out.rewind(start);
        throw new KwireEncodeException("refused " + message);
      }
    }

    @Override
    public Blob read(WireReader in, short version) {
      throw new UnsupportedOperationException();
    }
  }

  private static byte[] expected(int length, int fill) {
    byte[] bytes = new byte[4 + length];
    bytes[0] = (byte) (length >>> 24);
    bytes[1] = (byte) (length >>> 16);
    bytes[2] = (byte) (length >>> 8);
    bytes[3] = (byte) length;
    Arrays.fill(bytes, 4, bytes.length, (byte) fill);
    return bytes;
  }

  private static void onNewThread(Runnable test) throws Exception {
    AtomicReference<Throwable> failure = new AtomicReference<>();
    Thread thread = new Thread(() -> {
      try {
        test.run();
      } catch (Throwable t) {
        failure.set(t);
      }
    });
    thread.start();
    thread.join();
    if (failure.get() instanceof Error e) {
      throw e;
    }
    if (failure.get() != null) {
      throw new AssertionError(failure.get());
    }
  }

  @Test
  void aThreadSizesItsFirstTwoMessagesThenWritesIntoItsScratchWriter() throws Exception {
    onNewThread(() -> {
      BlobCodec codec = new BlobCodec();
      byte[] first = codec.encode(new Blob(10, (byte) 1), (short) 0);
      byte[] second = codec.encode(new Blob(20, (byte) 2), (short) 0);
      byte[] third = codec.encode(new Blob(30, (byte) 3), (short) 0);
      byte[] fourth = codec.encode(new Blob(5, (byte) 4), (short) 0);
      assertEquals(List.of(10, 20), codec.sized); // the third and fourth went through the scratch writer
      assertArrayEquals(expected(10, 1), first);
      assertArrayEquals(expected(20, 2), second);
      assertArrayEquals(expected(30, 3), third); // not overwritten by the fourth: each result is its own array
      assertArrayEquals(expected(5, 4), fourth);
    });
  }

  @Test
  void aMessageLargerThanWhatAThreadKeepsIsEncodedThenTheScratchWriterIsDropped() throws Exception {
    int large = EncodeScratch.RETAINED_CAPACITY + 100;
    onNewThread(() -> {
      BlobCodec codec = new BlobCodec();
      codec.encode(new Blob(1, (byte) 1), (short) 0);
      codec.encode(new Blob(1, (byte) 1), (short) 0);
      assertArrayEquals(expected(large, 7), codec.encode(new Blob(large, (byte) 7), (short) 0));
      assertEquals(List.of(1, 1), codec.sized); // written through the scratch writer, which grew
      // Dropped: sized first until a message fits again; a large one brings no writer back.
      assertArrayEquals(expected(large, 8), codec.encode(new Blob(large, (byte) 8), (short) 0));
      assertArrayEquals(expected(3, 9), codec.encode(new Blob(3, (byte) 9), (short) 0));
      assertArrayEquals(expected(4, 10), codec.encode(new Blob(4, (byte) 10), (short) 0));
      assertEquals(List.of(1, 1, large, 3), codec.sized);
    });
  }

  @Test
  void anEncodeInsideAWriteSizesFirstInsteadOfSharingTheWriterInUse() throws Exception {
    onNewThread(() -> {
      BlobCodec inner = new BlobCodec();
      BlobCodec outer = new BlobCodec();
      outer.nested = inner;
      outer.encode(new Blob(8, (byte) 1), (short) 0);
      outer.encode(new Blob(8, (byte) 1), (short) 0);
      inner.sized.clear();
      // The outer message goes through the scratch writer; the inner one, encoded meanwhile, must not.
      byte[] bytes = outer.encode(new Blob(12, (byte) 5), (short) 0);
      assertEquals(List.of(8), inner.sized);
      byte[] want = new byte[4 + 12];
      System.arraycopy(expected(12, 0), 0, want, 0, 4);
      System.arraycopy(expected(8, 5), 0, want, 4, 12);
      assertArrayEquals(want, bytes);
    });
  }

  @Test
  void aFailedEncodeLeavesNothingBehindForTheNextOne() throws Exception {
    onNewThread(() -> {
      BlobCodec codec = new BlobCodec();
      codec.encode(new Blob(2, (byte) 1), (short) 0);
      codec.encode(new Blob(2, (byte) 1), (short) 0);
      assertThrows(KwireEncodeException.class, () -> codec.encode(new Blob(40, (byte) -1), (short) 0));
      assertArrayEquals(expected(3, 6), codec.encode(new Blob(3, (byte) 6), (short) 0));
      assertEquals(List.of(2, 2), codec.sized);
    });
  }

  @Test
  void framesEncodedToArraysMatchFramesWrittenIntoAWriter() throws Exception {
    onNewThread(() -> {
      PingCodec codec = new PingCodec(20000, MessageType.REQUEST);
      PingCodec responses = new PingCodec(30, MessageType.RESPONSE);
      for (int i = 0; i < 4; i++) { // sized first twice, then through the scratch writer
        RequestHeader header = new RequestHeader((short) 20000, (short) 1, i, "client-" + i);
        WireWriter out = new WireWriter();
        Frames.writeRequest(header, codec, new Ping(i * 1000), out);
        assertArrayEquals(out.toByteArray(), Frames.encodeRequest(header, codec, new Ping(i * 1000)));
        WireWriter response = new WireWriter();
        ResponseHeader responseHeader = new ResponseHeader(i);
        Frames.writeResponse(responseHeader, responses, (short) 1, new Ping(i), response);
        assertArrayEquals(response.toByteArray(), Frames.encodeResponse(responseHeader, responses, (short) 1, new Ping(i)));
      }
    });
  }
}

package io.kwire.cli;

import java.io.IOException;
import java.io.InputStream;

/**
 * The lines of a stream as bytes, without decoding them: ended as {@code BufferedReader.readLine}
 * ends them ({@code \n}, {@code \r} or {@code \r\n}; a last line needs no end). The {@code --jsonl}
 * modes parse a line straight from these bytes when it is printable ASCII, as nearly all are (hex,
 * and JSON whose text is ASCII), instead of decoding it to a String and parsing that.
 */
final class ByteLines {
  private final InputStream in;
  private byte[] buf = new byte[1 << 16];
  /** The bytes read and not yet returned: {@code buf[next, end)}. */
  private int next;
  private int end;
  private boolean eof;
  /** The last line ended with {@code \r}: a {@code \n} right after it belongs to that end. */
  private boolean skipLf;
  private int lineStart;
  private int lineLength;

  ByteLines(InputStream in) {
    this.in = in;
  }

  /** Moves to the next line; false at the end of the stream. */
  boolean next() throws IOException {
    int scan = next;
    while (true) {
      if (skipLf && next < end) {
        skipLf = false;
        if (buf[next] == '\n') {
          next++;
          scan = next;
        }
      }
      for (; scan < end; scan++) {
        byte b = buf[scan];
        if (b == '\n' || b == '\r') {
          lineStart = next;
          lineLength = scan - next;
          next = scan + 1;
          skipLf = b == '\r';
          return true;
        }
      }
      if (eof) {
        if (next < end) {
          lineStart = next;
          lineLength = end - next;
          next = end;
          return true;
        }
        return false;
      }
      scan -= next;
      fill();
      scan += next;
    }
  }

  /** Reads more, keeping the unreturned bytes (moved to the front, in a larger buffer if full). */
  private void fill() throws IOException {
    int kept = end - next;
    if (kept == buf.length) {
      byte[] larger = new byte[buf.length * 2];
      System.arraycopy(buf, next, larger, 0, kept);
      buf = larger;
    } else if (next > 0) {
      System.arraycopy(buf, next, buf, 0, kept);
    }
    next = 0;
    end = kept;
    int n = in.read(buf, end, buf.length - end);
    if (n < 0) {
      eof = true;
    } else {
      end += n;
    }
  }

  /** The current line's bytes are {@code buffer()[start(), start() + length())}, until {@link #next}. */
  byte[] buffer() {
    return buf;
  }

  int start() {
    return lineStart;
  }

  int length() {
    return lineLength;
  }

  /** Whether another line can be had without waiting (as {@code BufferedReader.ready}). */
  boolean ready() {
    try {
      return next < end || in.available() > 0;
    } catch (IOException e) {
      return false; // as InputStreamReader: the next read will tell
    }
  }
}

package io.kwire.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.BufferedReader;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** {@link ByteLines} splits a stream where {@code BufferedReader.readLine} does, however it arrives. */
class ByteLinesTest {
  @Test
  void linesEndWhereReadLineEndsThem() throws IOException {
    Random random = new Random(20261201L);
    byte[] alphabet = "ab{}\r\n\r\n é".getBytes(StandardCharsets.UTF_8);
    for (int round = 0; round < 300; round++) {
      byte[] input = new byte[random.nextInt(300)];
      for (int i = 0; i < input.length; i++) {
        input[i] = alphabet[random.nextInt(alphabet.length)];
      }
      int chunk = 1 + random.nextInt(7);
      assertEquals(readLines(input), byteLines(new Trickle(input, chunk)), "round " + round + ", chunks of " + chunk);
    }
  }

  @Test
  void aLineLongerThanTheBufferIsWhole() throws IOException {
    String longLine = "x".repeat(200_000);
    byte[] input = (longLine + "\r\nshort\rlast").getBytes(StandardCharsets.UTF_8);
    assertEquals(List.of(longLine, "short", "last"), byteLines(new Trickle(input, 50_000)));
  }

  private static List<String> readLines(byte[] input) throws IOException {
    BufferedReader reader = new BufferedReader(new InputStreamReader(new ByteArrayInputStream(input), StandardCharsets.UTF_8));
    List<String> lines = new ArrayList<>();
    for (String line = reader.readLine(); line != null; line = reader.readLine()) {
      lines.add(line);
    }
    return lines;
  }

  private static List<String> byteLines(InputStream in) throws IOException {
    ByteLines lines = new ByteLines(in);
    List<String> out = new ArrayList<>();
    while (lines.next()) {
      out.add(new String(lines.buffer(), lines.start(), lines.length(), StandardCharsets.UTF_8));
    }
    return out;
  }

  /** Gives at most {@code chunk} bytes a read, as a pipe does, so that line ends fall on every boundary. */
  private static final class Trickle extends InputStream {
    private final byte[] bytes;
    private final int chunk;
    private int position;

    Trickle(byte[] bytes, int chunk) {
      this.bytes = bytes;
      this.chunk = chunk;
    }

    @Override
    public int read() {
      return position < bytes.length ? bytes[position++] & 0xFF : -1;
    }

    @Override
    public int read(byte[] b, int off, int len) {
      if (position == bytes.length) {
        return -1;
      }
      int n = Math.min(Math.min(len, chunk), bytes.length - position);
      System.arraycopy(bytes, position, b, off, n);
      position += n;
      return n;
    }
  }
}

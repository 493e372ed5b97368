package io.kwire.tests.hostile;

import java.util.Arrays;
import java.util.Random;

/**
 * Seeded mutations of valid inputs, the kinds an attacker or a broken peer produces: bit flips, set
 * bytes, truncation, insertion and deletion, inflated int16/int32/varint lengths and counts, random
 * bytes, and several of these stacked.
 */
final class Mutator {
  private static final byte[][] BIG_VALUES = {
      {0x7f, (byte) 0xff}, {(byte) 0xff, (byte) 0xfe}, {0x7f, (byte) 0xff, (byte) 0xff, (byte) 0xff},
      {(byte) 0xff, (byte) 0xff, (byte) 0xff, (byte) 0xfe}, {0x00, 0x0f, 0x42, 0x41},
      {(byte) 0xff, (byte) 0xff, (byte) 0xff, (byte) 0xff, 0x07}, {(byte) 0xff, (byte) 0xff, (byte) 0xff, (byte) 0xff, 0x0f},
      {(byte) 0x80, (byte) 0x80, (byte) 0x80, (byte) 0x80, (byte) 0x80, 0x01}, {(byte) 0xc1, (byte) 0x84, 0x3d}};

  private final Random random;

  Mutator(long seed) {
    this.random = new Random(seed);
  }

  /** One mutant of {@code valid}; 1 in 8 stacks two to four mutations. */
  byte[] mutate(byte[] valid) {
    byte[] b = once(valid);
    if (random.nextInt(8) == 0) {
      for (int i = 1 + random.nextInt(3); i > 0; i--) {
        b = once(b);
      }
    }
    return b;
  }

  private byte[] once(byte[] in) {
    if (in.length == 0) {
      return randomBytes(1 + random.nextInt(16));
    }
    byte[] b = in.clone();
    int at = random.nextInt(b.length);
    switch (random.nextInt(8)) {
      case 0 -> b[at] ^= (byte) (1 << random.nextInt(8));
      case 1 -> b[at] = (byte) random.nextInt(256);
      case 2 -> b = Arrays.copyOf(b, at);
      case 3 -> b = insert(b, at, randomBytes(1 + random.nextInt(4)));
      case 4 -> b = delete(b, at, 1 + random.nextInt(Math.min(4, b.length - at)));
      case 5 -> overwrite(b, at, BIG_VALUES[random.nextInt(BIG_VALUES.length)]);
      case 6 -> b = insert(b, at, BIG_VALUES[random.nextInt(BIG_VALUES.length)]);
      default -> b = randomBytes(random.nextInt(2 * b.length + 1));
    }
    return b;
  }

  private byte[] randomBytes(int n) {
    byte[] b = new byte[n];
    random.nextBytes(b);
    return b;
  }

  private static byte[] insert(byte[] b, int at, byte[] what) {
    byte[] out = new byte[b.length + what.length];
    System.arraycopy(b, 0, out, 0, at);
    System.arraycopy(what, 0, out, at, what.length);
    System.arraycopy(b, at, out, at + what.length, b.length - at);
    return out;
  }

  private static byte[] delete(byte[] b, int at, int n) {
    byte[] out = new byte[b.length - n];
    System.arraycopy(b, 0, out, 0, at);
    System.arraycopy(b, at + n, out, at, b.length - at - n);
    return out;
  }

  private static void overwrite(byte[] b, int at, byte[] what) {
    System.arraycopy(what, 0, b, at, Math.min(what.length, b.length - at));
  }
}

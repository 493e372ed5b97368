package io.kwire.runtime.records;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/** Big-endian reads and writes at absolute array positions, for fixed header fields. */
final class Bytes {
  private static final VarHandle SHORT = MethodHandles.byteArrayViewVarHandle(short[].class, ByteOrder.BIG_ENDIAN);
  private static final VarHandle INT = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.BIG_ENDIAN);
  private static final VarHandle LONG = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);

  private Bytes() {}

  static short getShort(byte[] b, int at) {
    return (short) SHORT.get(b, at);
  }

  static int getInt(byte[] b, int at) {
    return (int) INT.get(b, at);
  }

  static long getLong(byte[] b, int at) {
    return (long) LONG.get(b, at);
  }

  static void putShort(byte[] b, int at, short v) {
    SHORT.set(b, at, v);
  }

  static void putInt(byte[] b, int at, int v) {
    INT.set(b, at, v);
  }

  static void putLong(byte[] b, int at, long v) {
    LONG.set(b, at, v);
  }
}

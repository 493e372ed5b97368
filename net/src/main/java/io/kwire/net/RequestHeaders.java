package io.kwire.net;

import io.kwire.runtime.RawRequestFrame;
import io.kwire.runtime.RequestHeader;
import io.kwire.runtime.RequestHeaderCodec;
import io.kwire.runtime.wire.DecodeOptions;
import io.kwire.runtime.wire.KwireProtocolException;
import io.kwire.runtime.wire.WireReader;

/** Reads a request frame's header, and finds where its body starts, for requests not decoded whole. */
final class RequestHeaders {
  private static final short CONTROLLED_SHUTDOWN = 7;

  private RequestHeaders() {}

  /** A reader positioned after the header of {@code frame} read at {@code headerVersion}. */
  public static WireReader afterHeader(byte[] frame, short headerVersion, DecodeOptions options) {
    WireReader in = new WireReader(frame, 0, frame.length, options);
    in.skip(4);
    RequestHeaderCodec.INSTANCE.read(in, headerVersion);
    return in;
  }

  /**
   * The client id of a request frame, read where every header version from 1 has it (after the
   * correlation id, a nullable int16-length string); null for header v0 (ControlledShutdown v0), a
   * null id, or one that does not read.
   */
  public static String peekClientId(RawRequestFrame raw) {
    if (raw.apiKey() == CONTROLLED_SHUTDOWN && raw.apiVersion() == 0) {
      return null;
    }
    byte[] frame = raw.frame();
    try {
      WireReader in = new WireReader(frame, 0, frame.length, DecodeOptions.LENIENT);
      in.skip(12);
      return in.readString(true);
    } catch (KwireProtocolException e) {
      return null;
    }
  }

  /** The header of {@code frame} read at {@code headerVersion}. */
  public static RequestHeader read(byte[] frame, short headerVersion, DecodeOptions options) {
    WireReader in = new WireReader(frame, 0, frame.length, options);
    in.skip(4);
    return RequestHeaderCodec.INSTANCE.read(in, headerVersion);
  }
}

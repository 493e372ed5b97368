package io.kwire.net.internal;

import io.kwire.runtime.DecodeOptions;
import io.kwire.runtime.RequestHeader;
import io.kwire.runtime.RequestHeaderCodec;
import io.kwire.runtime.wire.WireReader;

/** Reads a request frame's header, and finds where its body starts, for requests not decoded whole. */
public final class RequestHeaders {
  private RequestHeaders() {}

  /** A reader positioned after the header of {@code frame} read at {@code headerVersion}. */
  public static WireReader afterHeader(byte[] frame, short headerVersion, DecodeOptions options) {
    WireReader in = new WireReader(frame, 0, frame.length, options);
    in.skip(4);
    RequestHeaderCodec.INSTANCE.read(in, headerVersion);
    return in;
  }

  /** The header of {@code frame} read at {@code headerVersion}. */
  public static RequestHeader read(byte[] frame, short headerVersion, DecodeOptions options) {
    WireReader in = new WireReader(frame, 0, frame.length, options);
    in.skip(4);
    return RequestHeaderCodec.INSTANCE.read(in, headerVersion);
  }
}

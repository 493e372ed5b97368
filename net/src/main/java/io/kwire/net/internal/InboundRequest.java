package io.kwire.net.internal;

import io.kwire.runtime.RawRequestFrame;

/**
 * A request frame as it travels the server pipeline after the sequencer: the frame, its fixed
 * header start (api key, version, correlation id) and its slot in the connection's response order.
 */
public record InboundRequest(RawRequestFrame raw, ResponseQueue.Slot slot) {
  public byte[] frame() {
    return raw.frame();
  }
}

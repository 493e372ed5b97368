package io.kwire.runtime;

/** A request frame read back: its header, its body, and the codec that read the body. */
public record DecodedRequest(RequestHeader header, Object body, ApiMessageCodec<?> codec) {}

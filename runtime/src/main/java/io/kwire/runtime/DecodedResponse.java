package io.kwire.runtime;

/** A response frame read back: its header and its body. */
public record DecodedResponse<T>(ResponseHeader header, T body) {}

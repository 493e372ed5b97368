package io.kwire.runtime;

/**
 * A request frame whose body was not decoded, as {@link Frames#peekRequest} gives it: the api key,
 * version and correlation id from the fixed start that every request header version shares, and the
 * whole frame (size prefix included) for a proxy to forward unchanged. The array is the caller's, not
 * a copy, so equality of two instances is identity of their arrays.
 *
 * @param apiKey the header's api key, known to kwire or not
 * @param apiVersion the header's api version, supported by any codec or not
 * @param correlationId the header's correlation id, which the response must carry back
 * @param frame the frame as given to {@link Frames#peekRequest}
 */
public record RawRequestFrame(short apiKey, short apiVersion, int correlationId, byte[] frame) {}

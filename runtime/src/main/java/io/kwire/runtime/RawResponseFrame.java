package io.kwire.runtime;

/**
 * A response frame whose body was not decoded, as {@link Frames#peekResponse} gives it. A response
 * header carries only the correlation id (no api key): the proxy matches it to the request it forwarded.
 * The array is the caller's, not a copy.
 *
 * @param correlationId the header's correlation id
 * @param frame the frame as given to {@link Frames#peekResponse}
 */
public record RawResponseFrame(int correlationId, byte[] frame) {}

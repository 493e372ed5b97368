package io.kwire.net;

/**
 * A request frame as a {@link RawSession} gets it: the header's fixed start and client id peeked,
 * the body not decoded.
 *
 * @param apiKey the header's api key, known to kwire or not
 * @param apiVersion the header's api version, supported by any codec or not
 * @param correlationId the correlation id the response must carry back
 * @param clientId the header's client id; null when it is null, absent (header v0: ControlledShutdown
 *     v0) or unreadable
 * @param frame the whole frame, size prefix included, to forward as it is
 */
public record RawRequest(short apiKey, short apiVersion, int correlationId, String clientId, byte[] frame) {}

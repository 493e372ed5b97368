package io.kwire.fake.handlers;

/**
 * What a handler knows of the request besides its body.
 *
 * @param brokerId the broker the client sent it to
 * @param apiVersion the version the request was sent at
 * @param clientId the client's id from the request header (may be null)
 * @param clientHost the address the client connected from, as Kafka shows it ({@code /127.0.0.1})
 */
public record RequestContext(int brokerId, short apiVersion, String clientId, String clientHost) {}

package io.kwire.fake;

/**
 * What a {@link Control} (and a {@link RecordedExchange}) knows of a request besides its body.
 *
 * @param brokerId the broker the client sent it to
 * @param connectionId the connection, as Kafka names them: {@code brokerHost:port-clientHost:port}
 * @param apiKey the request's API key
 * @param apiVersion the version it was sent (and is answered) at
 * @param correlationId the correlation id from its header
 * @param clientId the client id from its header (may be null)
 */
public record ControlContext(int brokerId, String connectionId, short apiKey, short apiVersion, int correlationId,
    String clientId) {}

package io.kwire.net.sasl;

/**
 * A response of the SASL exchange and whether the connection is to be closed once it is written (after
 * a failed authentication or an unsupported mechanism, as Kafka does).
 *
 * @param response the response record to send
 * @param closeAfterSend true if the server closes the connection when the response is flushed
 * @param <T> SaslHandshakeResponse or SaslAuthenticateResponse
 */
public record SaslReply<T>(T response, boolean closeAfterSend) {}

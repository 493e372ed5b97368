package io.kwire.runtime;

/**
 * A request frame read back: its header, its body, and the codec that read the body. Reading with
 * a registry gives {@code DecodedRequest<?>} (the api key picks the type at run time; match on
 * {@link #body()}); reading with a known codec gives the body's type.
 *
 * @param <T> the body's record type
 */
public record DecodedRequest<T>(RequestHeader header, T body, ApiMessageCodec<T> codec) {}

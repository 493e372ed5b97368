package io.kwire.runtime;

/**
 * Builds a message (or a struct of one) from the defaults its annotations declare. Every generated
 * {@code <Record>Builder} implements it; {@link MessageCodec#newBuilder()} hands one out, so a
 * catalogue walk can start any message.
 *
 * @param <T> the record built
 */
public interface MessageBuilder<T> {
  T build();
}

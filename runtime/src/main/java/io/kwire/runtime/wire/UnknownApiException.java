package io.kwire.runtime.wire;

import io.kwire.annotations.MessageType;

/**
 * A {@link io.kwire.runtime.KwireRegistry} was asked for the codec of an API key and type it does not hold. Kafka's
 * own APIs are only registered when the {@code kwire-messages} artifact is on the class path.
 * (A frame read from the wire with an unknown key is hostile input instead: {@link io.kwire.runtime.Frames} raises
 * {@link KwireProtocolException} for it.)
 */
public final class UnknownApiException extends KwireException {
  private static final long serialVersionUID = 1L;

  private final int apiKey;
  private final MessageType type;

  /** Public because the registry raising it sits a layer above the package kwire's sealed exceptions share. */
  public UnknownApiException(int apiKey, MessageType type, int registeredApis) {
    super("no " + type + " codec is registered for API key " + apiKey + " (the registry holds "
        + registeredApis + " request and response codecs); Kafka's APIs come with the kwire-messages"
        + " artifact (io.kwire:kwire-messages): put it on the class path, or register your own codec");
    this.apiKey = apiKey;
    this.type = type;
  }

  public int apiKey() {
    return apiKey;
  }

  public MessageType type() {
    return type;
  }
}

package io.kwire.runtime;

import io.kwire.annotations.MessageType;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;

/**
 * Finds codecs: by (API key, request|response) through arrays indexed by key, and by record class.
 * {@link #standard()} loads every codec the processor registered on the classpath (Kafka's APIs
 * from kwire-messages and the user's own), through {@link ServiceLoader}, once.
 */
public final class KwireRegistry {
  private final ApiMessageCodec<?>[] requests;
  private final ApiMessageCodec<?>[] responses;
  private final Map<Class<?>, MessageCodec<?>> byClass;
  private final List<MessageCodec<?>> all;

  private KwireRegistry(List<MessageCodec<?>> codecs) {
    int highestKey = -1;
    for (MessageCodec<?> c : codecs) {
      if (c instanceof ApiMessageCodec<?> api) {
        highestKey = Math.max(highestKey, api.apiKey());
      }
    }
    requests = new ApiMessageCodec<?>[highestKey + 1];
    responses = new ApiMessageCodec<?>[highestKey + 1];
    Map<Class<?>, MessageCodec<?>> classes = new HashMap<>();
    List<MessageCodec<?>> sorted = new ArrayList<>(codecs);
    sorted.sort(Comparator.comparing((MessageCodec<?> c) -> c.descriptor().apiKey())
        .thenComparing(c -> c.descriptor().type())
        .thenComparing(c -> c.descriptor().name()));
    for (MessageCodec<?> c : sorted) {
      MessageCodec<?> sameClass = classes.putIfAbsent(c.messageType(), c);
      if (sameClass != null && sameClass.getClass() != c.getClass()) {
        throw conflict("record " + c.messageType().getName(), sameClass, c);
      }
      if (c instanceof ApiMessageCodec<?> api) {
        ApiMessageCodec<?>[] table = api.type() == MessageType.REQUEST ? requests : responses;
        ApiMessageCodec<?> existing = table[api.apiKey()];
        if (existing != null && existing.getClass() != api.getClass()) {
          throw conflict("API key " + api.apiKey() + " " + api.type(), existing, api);
        }
        table[api.apiKey()] = api;
      }
    }
    this.byClass = Map.copyOf(classes);
    this.all = Collections.unmodifiableList(sorted);
  }

  private static IllegalStateException conflict(String what, MessageCodec<?> a, MessageCodec<?> b) {
    return new IllegalStateException("two codecs claim " + what + ": " + a.getClass().getName() + " and " + b.getClass().getName());
  }

  private static final class Standard {
    static final KwireRegistry INSTANCE = load(KwireRegistry.class.getClassLoader());
  }

  /** Every codec registered on the class path of kwire's own class loader; loaded once. */
  public static KwireRegistry standard() {
    return Standard.INSTANCE;
  }

  /** Every codec registered with {@link ServiceLoader} visible to {@code loader}. */
  public static KwireRegistry load(ClassLoader loader) {
    List<MessageCodec<?>> codecs = new ArrayList<>();
    for (MessageCodec<?> codec : ServiceLoader.load(MessageCodec.class, loader)) {
      codecs.add(codec);
    }
    return new KwireRegistry(codecs);
  }

  public static KwireRegistry of(MessageCodec<?>... codecs) {
    return new KwireRegistry(List.of(codecs));
  }

  /** The request codec for {@code apiKey}, or {@code null}. */
  public ApiMessageCodec<?> request(int apiKey) {
    return apiKey >= 0 && apiKey < requests.length ? requests[apiKey] : null;
  }

  /** The response codec for {@code apiKey}, or {@code null}. */
  public ApiMessageCodec<?> response(int apiKey) {
    return apiKey >= 0 && apiKey < responses.length ? responses[apiKey] : null;
  }

  public ApiMessageCodec<?> find(int apiKey, MessageType type) {
    return type == MessageType.REQUEST ? request(apiKey) : type == MessageType.RESPONSE ? response(apiKey) : null;
  }

  /** The codec of record class {@code type}, or {@code null}. */
  @SuppressWarnings("unchecked")
  public <T> MessageCodec<T> codecFor(Class<T> type) {
    return (MessageCodec<T>) byClass.get(type);
  }

  /** Every codec, ordered by API key, then request before response, then name. */
  public List<MessageCodec<?>> codecs() {
    return all;
  }

  /** Request and response codecs only, in the same order. */
  public List<ApiMessageCodec<?>> apis() {
    List<ApiMessageCodec<?>> apis = new ArrayList<>();
    for (MessageCodec<?> c : all) {
      if (c instanceof ApiMessageCodec<?> api) {
        apis.add(api);
      }
    }
    return apis;
  }
}

package io.kwire.runtime;

import io.kwire.annotations.MessageType;
import io.kwire.runtime.wire.CodecClashException;
import io.kwire.runtime.wire.UnknownApiException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;

/**
 * Finds codecs: by (API key, request|response) through arrays indexed by key, and by record class.
 * {@link #standard()} holds every codec the processor registered on the class path (Kafka's APIs
 * from kwire-messages and the user's own), discovered through {@link ServiceLoader} once;
 * {@link #builder()} makes any other registry, including one where a codec deliberately replaces
 * another.
 *
 * <p>Two codecs of different classes may not claim the same API key and type, nor the same record
 * class: building such a registry raises {@link CodecClashException}, which names both codec classes.
 */
public final class KwireRegistry {
  private final ApiMessageCodec<?>[] requests;
  private final ApiMessageCodec<?>[] responses;
  private final Map<Class<?>, MessageCodec<?>> byClass;
  private final List<MessageCodec<?>> all;
  private final List<ApiMessageCodec<?>> apis;

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
    // Sorted first so that the order of codecs() and of the names in a clash report is stable.
    sorted.sort(Comparator.comparing((MessageCodec<?> c) -> c.descriptor().apiKey())
        .thenComparing(c -> c.descriptor().type())
        .thenComparing(c -> c.descriptor().name()));
    List<MessageCodec<?>> unique = new ArrayList<>();
    List<ApiMessageCodec<?>> apiCodecs = new ArrayList<>();
    for (MessageCodec<?> c : sorted) {
      ApiMessageCodec<?>[] table = null;
      if (c instanceof ApiMessageCodec<?> api) {
        table = api.type() == MessageType.REQUEST ? requests : responses;
        ApiMessageCodec<?> existing = table[api.apiKey()];
        if (existing != null && existing.getClass() != api.getClass()) {
          throw clash("API key " + api.apiKey() + " " + api.type(), existing, api);
        }
        if (existing != null) {
          continue; // the same codec given twice, for example through two class loaders that share it
        }
      }
      MessageCodec<?> sameRecord = classes.putIfAbsent(c.messageType(), c);
      if (sameRecord != null && sameRecord.getClass() != c.getClass()) {
        throw clash("record " + c.messageType().getName(), sameRecord, c);
      }
      if (c instanceof ApiMessageCodec<?> api) {
        table[api.apiKey()] = api;
        apiCodecs.add(api);
      } else if (sameRecord != null) {
        continue; // the same codec given twice
      }
      unique.add(c);
    }
    this.byClass = Map.copyOf(classes);
    this.all = Collections.unmodifiableList(unique);
    this.apis = Collections.unmodifiableList(apiCodecs);
  }

  private static CodecClashException clash(String claim, MessageCodec<?> a, MessageCodec<?> b) {
    return new CodecClashException(claim, a.getClass().getName(), b.getClass().getName());
  }

  /** Discovered on first use; a failure is kept and reported afresh on every call. */
  private record Discovery(KwireRegistry registry, Throwable failure) {
    static Discovery of(ClassLoader loader) {
      try {
        return new Discovery(load(loader), null);
      } catch (RuntimeException | ServiceConfigurationError e) {
        // Not thrown from here: a class initializer that throws turns every later call into a
        // NoClassDefFoundError that has lost the explanation.
        return new Discovery(null, e);
      }
    }

    KwireRegistry get() {
      if (registry != null) {
        return registry;
      }
      if (failure instanceof CodecClashException clash) {
        // the same report with this caller's stack trace
        throw new CodecClashException(clash.claim(), clash.codecClasses().get(0), clash.codecClasses().get(1));
      }
      if (failure instanceof ServiceConfigurationError error) {
        throw new ServiceConfigurationError(error.getMessage(), error);
      }
      throw new IllegalStateException("discovering kwire's codecs failed: " + failure, failure);
    }
  }

  private static final class Standard {
    static final Discovery DISCOVERY = Discovery.of(KwireRegistry.class.getClassLoader());
  }

  /**
   * Every codec registered on the class path of kwire's own class loader, discovered once: a
   * {@code META-INF/services} file on the class path, or a named module's {@code provides} on the
   * module path (there the processor requires the line; see docs/modules.md).
   *
   * @throws CodecClashException on every call, if two codecs on the class path claim the same API
   *     key and type or the same record class; use {@link #builder()} to say which one wins
   */
  public static KwireRegistry standard() {
    return Standard.DISCOVERY.get();
  }

  /**
   * Every codec registered with {@link ServiceLoader} visible to {@code loader}, discovered now;
   * the same as {@code builder().addDiscovered(loader).build()}.
   *
   * @throws CodecClashException if two of them claim the same API key and type or the same record
   */
  public static KwireRegistry load(ClassLoader loader) {
    return builder().addDiscovered(loader).build();
  }

  /** A registry of exactly {@code codecs}; the same as adding each to a {@link #builder()}. */
  public static KwireRegistry of(MessageCodec<?>... codecs) {
    Builder builder = builder();
    for (MessageCodec<?> codec : codecs) {
      builder.add(codec);
    }
    return builder.build();
  }

  /** An empty builder. */
  public static Builder builder() {
    return new Builder();
  }

  /**
   * Collects codecs for a registry. {@link #add} and {@link #addDiscovered} contribute codecs that
   * must not clash; {@link #replace} contributes a codec that wins: it displaces every other codec
   * claiming the same API key and type or the same record class, wherever that one came from and
   * whichever was given first. For example, a vendor's extended ApiVersions request next to
   * kwire-messages:
   *
   * <pre>{@code
   * KwireRegistry registry = KwireRegistry.builder()
   *     .addDiscovered(Thread.currentThread().getContextClassLoader())
   *     .replace(VendorApiVersionsRequestCodec.INSTANCE)
   *     .build();
   * }</pre>
   */
  public static final class Builder {
    private final List<MessageCodec<?>> added = new ArrayList<>();
    private final List<MessageCodec<?>> replacements = new ArrayList<>();

    private Builder() {}

    /** Adds {@code codec}; adding the same codec class twice keeps one. */
    public Builder add(MessageCodec<?> codec) {
      added.add(Objects.requireNonNull(codec, "codec"));
      return this;
    }

    /** Adds every codec registered with {@link ServiceLoader} that {@code loader} sees. */
    public Builder addDiscovered(ClassLoader loader) {
      for (MessageCodec<?> codec : ServiceLoader.load(MessageCodec.class, loader)) {
        add(codec);
      }
      return this;
    }

    /**
     * Adds {@code codec} in place of every other codec that claims its API key and type or its
     * record class; with none to displace, it is simply added. Two replacements that claim the same
     * still clash.
     */
    public Builder replace(MessageCodec<?> codec) {
      replacements.add(Objects.requireNonNull(codec, "codec"));
      return this;
    }

    /**
     * The registry of every codec given.
     *
     * @throws CodecClashException if two codecs of different classes, neither displaced by a
     *     replacement, claim the same API key and type or the same record class
     */
    public KwireRegistry build() {
      List<MessageCodec<?>> codecs = new ArrayList<>();
      for (MessageCodec<?> codec : added) {
        if (replacements.stream().noneMatch(r -> displaces(r, codec))) {
          codecs.add(codec);
        }
      }
      codecs.addAll(replacements);
      return new KwireRegistry(codecs);
    }

    private static boolean displaces(MessageCodec<?> replacement, MessageCodec<?> codec) {
      if (replacement.messageType() == codec.messageType()) {
        return true;
      }
      return replacement instanceof ApiMessageCodec<?> r && codec instanceof ApiMessageCodec<?> c
          && r.apiKey() == c.apiKey() && r.type() == c.type();
    }
  }

  /**
   * The request codec for {@code apiKey}.
   *
   * @throws UnknownApiException if none is registered (Kafka's APIs need kwire-messages)
   */
  public ApiMessageCodec<?> request(int apiKey) {
    return orThrow(requestOrNull(apiKey), apiKey, MessageType.REQUEST);
  }

  /**
   * The response codec for {@code apiKey}.
   *
   * @throws UnknownApiException if none is registered (Kafka's APIs need kwire-messages)
   */
  public ApiMessageCodec<?> response(int apiKey) {
    return orThrow(at(responses, apiKey), apiKey, MessageType.RESPONSE);
  }

  /** The request codec for {@code apiKey}, if one is registered. */
  public Optional<ApiMessageCodec<?>> findRequest(int apiKey) {
    return Optional.ofNullable(requestOrNull(apiKey));
  }

  /** The response codec for {@code apiKey}, if one is registered. */
  public Optional<ApiMessageCodec<?>> findResponse(int apiKey) {
    return Optional.ofNullable(at(responses, apiKey));
  }

  /** For {@link Frames}, which reports an unknown key as malformed input, without an Optional per frame. */
  ApiMessageCodec<?> requestOrNull(int apiKey) {
    return at(requests, apiKey);
  }

  private static ApiMessageCodec<?> at(ApiMessageCodec<?>[] table, int apiKey) {
    return apiKey >= 0 && apiKey < table.length ? table[apiKey] : null;
  }

  private ApiMessageCodec<?> orThrow(ApiMessageCodec<?> codec, int apiKey, MessageType type) {
    if (codec == null) {
      throw new UnknownApiException(apiKey, type, apis.size());
    }
    return codec;
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
    return apis;
  }
}

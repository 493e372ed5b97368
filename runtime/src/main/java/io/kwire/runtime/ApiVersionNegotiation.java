package io.kwire.runtime;

import io.kwire.runtime.meta.VersionRange;
import java.util.Collection;
import java.util.Collections;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.function.ToIntFunction;

/**
 * Which version of each API a client should speak to one broker: the highest version in both the
 * range the broker advertised in its ApiVersions response and the range this JVM's
 * {@link KwireRegistry} can encode the request and decode the response of. Built from the
 * {@code apiKeys} of a decoded ApiVersions response, including the version 0 fallback a broker
 * sends when asked at an ApiVersions version it lacks ({@link ApiVersionsReply}): that one lists
 * only ApiVersions itself, and its agreed version is the one to ask again with.
 *
 * <pre>{@code
 * ApiVersionsReply<ApiVersionsResponse> reply = ApiVersionsReply.decode(frame, ApiVersionsResponseCodec.INSTANCE, sent);
 * ApiVersionNegotiation versions = ApiVersionNegotiation.of(reply.body().apiKeys(),
 *     ApiVersion::apiKey, ApiVersion::minVersion, ApiVersion::maxVersion, KwireRegistry.standard());
 * short metadata = versions.require(3); // or versions.highest(3), empty when there is none
 * }</pre>
 *
 * <p>kwire's side of an API is the intersection of its request's and its response's valid versions
 * (an API whose request or response codec is missing has none). Versions Kafka marks
 * {@code latestVersionUnstable} count as kwire's: a broker advertises them only when told to. A key
 * the broker lists twice keeps its last entry, as Kafka's client does. Immutable and thread-safe.
 */
public final class ApiVersionNegotiation {
  /** Kafka's UNSUPPORTED_VERSION error code, which a version 0 fallback response carries. */
  public static final short UNSUPPORTED_VERSION = 35;

  /** One entry of an ApiVersions response: the versions the broker supports for one API key. */
  public record BrokerRange(short apiKey, short minVersion, short maxVersion) {
    /** The range as a {@link VersionRange}; empty when the broker sent {@code min > max}. */
    public VersionRange versions() {
      return VersionRange.of(minVersion, maxVersion);
    }
  }

  private final SortedMap<Integer, BrokerRange> broker;
  private final KwireRegistry registry;

  private ApiVersionNegotiation(SortedMap<Integer, BrokerRange> broker, KwireRegistry registry) {
    this.broker = Collections.unmodifiableSortedMap(broker);
    this.registry = registry;
  }

  /** From the broker's ranges, against the codecs in {@code registry}. */
  public static ApiVersionNegotiation of(Collection<BrokerRange> brokerRanges, KwireRegistry registry) {
    Objects.requireNonNull(registry, "registry");
    SortedMap<Integer, BrokerRange> byKey = new TreeMap<>();
    for (BrokerRange range : brokerRanges) {
      byKey.put((int) range.apiKey(), range);
    }
    return new ApiVersionNegotiation(byKey, registry);
  }

  /**
   * From the {@code apiKeys} elements of a decoded ApiVersions response, read through accessors,
   * since the runtime does not know the message records (they live in kwire-messages); with
   * kwire-messages, pass {@code ApiVersion::apiKey, ApiVersion::minVersion, ApiVersion::maxVersion}.
   */
  public static <E> ApiVersionNegotiation of(Collection<E> apiKeys, ToIntFunction<? super E> apiKey,
      ToIntFunction<? super E> minVersion, ToIntFunction<? super E> maxVersion, KwireRegistry registry) {
    SortedMap<Integer, BrokerRange> byKey = new TreeMap<>();
    for (E entry : apiKeys) {
      BrokerRange range = new BrokerRange((short) apiKey.applyAsInt(entry), (short) minVersion.applyAsInt(entry),
          (short) maxVersion.applyAsInt(entry));
      byKey.put((int) range.apiKey(), range);
    }
    return new ApiVersionNegotiation(byKey, Objects.requireNonNull(registry, "registry"));
  }

  /** The highest version both sides support for {@code apiKey}; empty when there is none. */
  public OptionalInt highest(int apiKey) {
    VersionRange common = common(apiKey);
    return common.isEmpty() ? OptionalInt.empty() : OptionalInt.of(common.highest());
  }

  /**
   * The highest version both sides support for {@code apiKey}.
   *
   * @throws IllegalStateException if there is none; the message gives both sides' ranges
   */
  public short require(int apiKey) {
    VersionRange common = common(apiKey);
    if (common.isEmpty()) {
      throw new IllegalStateException("no version of API key " + apiKey + " is supported by both the broker ("
          + broker(apiKey).map(r -> r.versions().toString()).orElse("not listed") + ") and kwire ("
          + kwire(apiKey) + ")");
    }
    return common.highest();
  }

  /** Every version both sides support for {@code apiKey}; {@link VersionRange#NONE} when there is none. */
  public VersionRange common(int apiKey) {
    return broker(apiKey).map(r -> r.versions().intersect(kwire(apiKey))).orElse(VersionRange.NONE);
  }

  /** What the broker advertised for {@code apiKey}, if it listed it. */
  public Optional<BrokerRange> broker(int apiKey) {
    return Optional.ofNullable(broker.get(apiKey));
  }

  /** The versions of {@code apiKey} kwire can both encode as a request and decode as a response. */
  public VersionRange kwire(int apiKey) {
    ApiMessageCodec<?> request = registry.findRequest(apiKey).orElse(null);
    ApiMessageCodec<?> response = registry.findResponse(apiKey).orElse(null);
    if (request == null || response == null) {
      return VersionRange.NONE;
    }
    return request.descriptor().validVersions().intersect(response.descriptor().validVersions());
  }

  /** Every API key the broker listed, in key order. */
  public SortedMap<Integer, BrokerRange> brokerRanges() {
    return broker;
  }

  /** Every API key with a common version, mapped to the highest one, in key order. */
  public SortedMap<Integer, Short> agreed() {
    SortedMap<Integer, Short> agreed = new TreeMap<>();
    for (Map.Entry<Integer, BrokerRange> entry : broker.entrySet()) {
      highest(entry.getKey()).ifPresent(v -> agreed.put(entry.getKey(), (short) v));
    }
    return Collections.unmodifiableSortedMap(agreed);
  }
}

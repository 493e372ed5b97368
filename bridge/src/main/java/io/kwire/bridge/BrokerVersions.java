package io.kwire.bridge;

import io.kwire.messages.ApiVersionsResponse;
import io.kwire.messages.FetchRequestCodec;
import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;

/**
 * What the upstream broker accepts, from its ApiVersions response. The minimum of an API is the
 * advertised one, raised to the first version KIP-896 kept when the broker is a KIP-896 broker
 * (its Fetch starts at 4 or later): a 4.x broker advertises Produce 0+ but refuses 0-2.
 */
public final class BrokerVersions {
  /** Per API key, {min, max} as the broker really accepts them. */
  private final Map<Short, short[]> ranges;
  private final Map<Short, short[]> advertised;

  public BrokerVersions(ApiVersionsResponse response) {
    Map<Short, short[]> adv = new TreeMap<>();
    for (ApiVersionsResponse.ApiVersion v : response.apiKeys()) {
      adv.put(v.apiKey(), new short[] {v.minVersion(), v.maxVersion()});
    }
    short[] fetch = adv.get(FetchRequestCodec.API_KEY);
    boolean kip896 = fetch != null && fetch[0] >= Kip896.FETCH_FIRST_KEPT;
    Map<Short, short[]> real = new TreeMap<>();
    adv.forEach((key, range) -> {
      short min = kip896 ? (short) Math.max(range[0], Kip896.firstKept(key)) : range[0];
      if (min <= range[1]) {
        real.put(key, new short[] {min, range[1]});
      }
    });
    this.advertised = Collections.unmodifiableMap(adv);
    this.ranges = Collections.unmodifiableMap(real);
  }

  /** Whether the broker accepts {@code version} of {@code apiKey}. */
  public boolean supports(short apiKey, short version) {
    short[] r = ranges.get(apiKey);
    return r != null && version >= r[0] && version <= r[1];
  }

  /** Whether the broker accepts any version of {@code apiKey}. */
  public boolean knows(short apiKey) {
    return ranges.containsKey(apiKey);
  }

  /** The lowest version of {@code apiKey} the broker accepts; -1 when it knows none. */
  public short min(short apiKey) {
    short[] r = ranges.get(apiKey);
    return r == null ? -1 : r[0];
  }

  /** The highest version of {@code apiKey} the broker accepts; -1 when it knows none. */
  public short max(short apiKey) {
    short[] r = ranges.get(apiKey);
    return r == null ? -1 : r[1];
  }

  /** The minimum the broker advertised (which for Produce on 4.x is below what it accepts); -1 when absent. */
  public short advertisedMin(short apiKey) {
    short[] r = advertised.get(apiKey);
    return r == null ? -1 : r[0];
  }
}

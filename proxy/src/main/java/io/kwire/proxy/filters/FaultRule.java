package io.kwire.proxy.filters;

import io.kwire.messages.errors.ErrorCodes;
import io.kwire.proxy.filter.FilterConfig;
import io.kwire.runtime.ApiMessageCodec;
import io.kwire.runtime.KwireRegistry;
import io.kwire.runtime.meta.VersionRange;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;

/**
 * One fault of {@code --filter faults:...}: which requests it matches, when it fires among them,
 * and what it does. {@link #parse} reads the rule's text; {@link #matches} and {@link #fire} are
 * thread-safe (one rule serves every connection: {@code times=1} fires once for the whole proxy).
 *
 * @param api the request's API key, or -1 for any
 * @param versions the versions matched (every version when none given)
 * @param client the client id matched, a trailing {@code *} matching any rest; null for any
 * @param topic a topic the request must name; null for any
 * @param group a group the request must name; null for any
 * @param action what firing does
 * @param every fires on every {@code every}-th matching request (1: each)
 * @param times fires at most this many times ({@code Long.MAX_VALUE}: no limit)
 * @param chance the probability a due request fires, from a {@link Random} seeded with {@code seed}
 */
record FaultRule(short api, VersionRange versions, String client, String topic, String group, Action action,
    long every, long times, double chance, long seed, State state) {

  /** What a firing does to the request. */
  sealed interface Action {
    /** Answered with Kafka's error, in the response shape a broker gives for that API; the broker never sees it. */
    record Error(short code) implements Action {}

    /** Forwarded {@code millis} later (the connection's later requests wait behind it, in order). */
    record Delay(long millis) implements Action {}

    /** The client connection closes; the request is not forwarded. */
    record Disconnect() implements Action {}

    /** Forwarded, and when the broker has acted on it the connection closes instead of the response going back. */
    record LoseResponse() implements Action {}

    /** Neither forwarded nor answered: the connection goes quiet from this request on. */
    record BlackHole() implements Action {}
  }

  /** The rule's counts, shared by its connections. */
  static final class State {
    private long matched;
    private long fired;
    private final Random random;

    State(long seed) {
      this.random = new Random(seed);
    }

    /** How many times the rule fired. */
    synchronized long fired() {
      return fired;
    }
  }

  static final String[] KEYS = {"api", "versions", "client", "topic", "group", "do", "every", "times", "chance", "seed"};

  /**
   * The rule of {@code config}: {@code api=Produce,versions=9-12,client=app-*,topic=t,group=g,
   * do=error:NOT_LEADER_OR_FOLLOWER|delay:MS|disconnect|lose-response|black-hole,every=N,times=N,chance=P,seed=S}.
   * Only {@code do} is required.
   *
   * @throws IllegalArgumentException naming the key whose value is wrong
   */
  static FaultRule parse(String config) {
    Map<String, String> pairs = FilterConfig.parse(config, "faults", KEYS);
    String action = pairs.get("do");
    if (action == null) {
      throw new IllegalArgumentException("faults needs do=error:CODE|delay:MS|disconnect|lose-response|black-hole"
          + " (in '" + config + "')");
    }
    short api = pairs.containsKey("api") ? api(pairs.get("api")) : -1;
    VersionRange versions = pairs.containsKey("versions") ? versions(pairs.get("versions")) : new VersionRange((short) 0,
        Short.MAX_VALUE);
    long every = number(pairs, "every", 1);
    long times = number(pairs, "times", Long.MAX_VALUE);
    long seed = pairs.containsKey("seed") ? number(pairs, "seed", 0) : 0;
    double chance = 1;
    if (pairs.containsKey("chance")) {
      try {
        chance = Double.parseDouble(pairs.get("chance"));
      } catch (NumberFormatException e) {
        chance = -1;
      }
      if (!(chance > 0 && chance <= 1)) {
        throw new IllegalArgumentException("faults: chance=" + pairs.get("chance") + " is no probability in (0, 1]");
      }
    }
    if (every < 1 || times < 1) {
      throw new IllegalArgumentException("faults: every= and times= take a number of 1 or more");
    }
    return new FaultRule(api, versions, blankToNull(pairs.get("client")), blankToNull(pairs.get("topic")),
        blankToNull(pairs.get("group")), action(action), every, times, chance, seed, new State(seed));
  }

  /** Whether {@code request} (its version, client id, and the topics and groups it names) is one this rule is about. */
  boolean matches(short version, String clientId, List<String> topics, List<String> groups) {
    if (!versions.contains(version)) {
      return false;
    }
    if (client != null && !(client.endsWith("*") ? clientId != null && clientId.startsWith(client.substring(0,
        client.length() - 1)) : client.equals(clientId))) {
      return false;
    }
    return (topic == null || topics.contains(topic)) && (group == null || groups.contains(group));
  }

  /** Counts a matching request and says whether the fault fires on it. */
  boolean fire() {
    synchronized (state) {
      state.matched++;
      if (state.fired >= times || state.matched % every != 0) {
        return false;
      }
      if (chance < 1 && state.random.nextDouble() >= chance) {
        return false;
      }
      state.fired++;
      return true;
    }
  }

  /** Whether this rule reads topic names (so that topic ids must be told by name). */
  boolean needsTopics() {
    return topic != null;
  }

  private static short api(String text) {
    KwireRegistry registry = KwireRegistry.standard();
    try {
      short key = Short.parseShort(text.trim());
      if (registry.findRequest(key).isEmpty()) {
        throw new IllegalArgumentException("faults: api=" + text + ": kwire has no request of API key " + key);
      }
      return key;
    } catch (NumberFormatException e) {
      for (ApiMessageCodec<?> codec : registry.apis()) {
        String name = codec.descriptor().name();
        if (name.endsWith("Request") && name.substring(0, name.length() - "Request".length()).equalsIgnoreCase(text.trim())) {
          return codec.apiKey();
        }
      }
      throw new IllegalArgumentException("faults: api=" + text + " is no API name (Produce, Fetch, JoinGroup, ...) or key");
    }
  }

  private static VersionRange versions(String text) {
    try {
      int dash = text.indexOf('-');
      short min = Short.parseShort(dash < 0 ? text.trim() : text.substring(0, dash).trim());
      short max = dash < 0 ? min : text.endsWith("-") ? Short.MAX_VALUE : Short.parseShort(text.substring(dash + 1).trim());
      if (min < 0 || max < min) {
        throw new NumberFormatException();
      }
      return new VersionRange(min, max);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("faults: versions=" + text + " is not V, MIN-MAX or MIN-");
    }
  }

  private static Action action(String text) {
    String t = text.trim().toLowerCase(Locale.ROOT);
    int colon = t.indexOf(':');
    String verb = colon < 0 ? t : t.substring(0, colon);
    String arg = colon < 0 ? null : text.trim().substring(colon + 1);
    switch (verb) {
      case "error":
        if (arg == null) {
          throw new IllegalArgumentException("faults: do=error needs a code: do=error:NOT_LEADER_OR_FOLLOWER");
        }
        return new Action.Error(ErrorCodes.parse(arg));
      case "delay":
        try {
          long millis = Long.parseLong(arg == null ? "" : arg.trim());
          if (millis >= 0) {
            return new Action.Delay(millis);
          }
        } catch (NumberFormatException e) {
          // said below
        }
        throw new IllegalArgumentException("faults: do=delay needs milliseconds: do=delay:500");
      case "disconnect":
        return new Action.Disconnect();
      case "lose-response":
        return new Action.LoseResponse();
      case "black-hole":
        return new Action.BlackHole();
      default:
        throw new IllegalArgumentException("faults: do=" + text + " is not error:CODE, delay:MS, disconnect,"
            + " lose-response or black-hole");
    }
  }

  private static long number(Map<String, String> pairs, String key, long otherwise) {
    String text = pairs.get(key);
    if (text == null) {
      return otherwise;
    }
    try {
      return Long.parseLong(text.trim());
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("faults: " + key + "=" + text + " is not a number");
    }
  }

  private static String blankToNull(String text) {
    return text == null || text.isBlank() ? null : text.trim();
  }
}

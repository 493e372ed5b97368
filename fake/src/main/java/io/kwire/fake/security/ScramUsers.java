package io.kwire.fake.security;

import io.kwire.net.sasl.SaslUserStore;
import io.kwire.net.sasl.ScramCredential;
import io.kwire.net.sasl.ScramMechanism;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The SCRAM credentials the brokers accept, by mechanism and user: those of the builder's
 * {@code SaslUserStore} to start with, then as AlterUserScramCredentials sets and deletes them.
 * Written on the cluster thread, read by the event loops at each SCRAM login (a concurrent map).
 * At most {@link #MAX_CREDENTIALS}.
 */
public final class ScramUsers {
  /** The most credentials kept (users times mechanisms); upsertions past it are refused. */
  public static final int MAX_CREDENTIALS = 10_000;

  private final Map<String, Map<String, ScramCredential>> byMechanism = new ConcurrentHashMap<>();

  /** The credentials of {@code store}'s SCRAM users. */
  public void seed(SaslUserStore store) {
    for (ScramMechanism mechanism : ScramMechanism.all()) {
      for (String user : store.scramUsernames(mechanism)) {
        store.scramCredential(mechanism, user).ifPresent(c -> put(mechanism, user, c));
      }
    }
  }

  /** {@code store}'s PLAIN users with these SCRAM credentials, for the brokers' SASL. */
  public SaslUserStore serving(SaslUserStore store) {
    return store.withScramCredentials(this::credential);
  }

  public Optional<ScramCredential> credential(ScramMechanism mechanism, String user) {
    Map<String, ScramCredential> users = byMechanism.get(mechanism.mechanismName());
    return Optional.ofNullable(users == null ? null : users.get(user));
  }

  /** Sets a credential; false if that would pass {@link #MAX_CREDENTIALS}. */
  public boolean put(ScramMechanism mechanism, String user, ScramCredential credential) {
    Map<String, ScramCredential> users = byMechanism.computeIfAbsent(mechanism.mechanismName(),
        m -> new ConcurrentHashMap<>());
    if (!users.containsKey(user) && size() >= MAX_CREDENTIALS) {
      return false;
    }
    users.put(user, credential);
    return true;
  }

  /** Removes a credential; false if there was none. */
  public boolean remove(ScramMechanism mechanism, String user) {
    Map<String, ScramCredential> users = byMechanism.get(mechanism.mechanismName());
    return users != null && users.remove(user) != null;
  }

  /** Each user with a credential, by name, with its credentials by mechanism (SHA-256 first). */
  public Map<String, Map<ScramMechanism, ScramCredential>> users() {
    Map<String, Map<ScramMechanism, ScramCredential>> out = new TreeMap<>();
    for (ScramMechanism mechanism : ScramMechanism.all()) {
      Map<String, ScramCredential> users = byMechanism.getOrDefault(mechanism.mechanismName(), Map.of());
      users.forEach((user, c) -> out.computeIfAbsent(user, u -> new java.util.LinkedHashMap<>()).put(mechanism, c));
    }
    return out;
  }

  private int size() {
    return byMechanism.values().stream().mapToInt(Map::size).sum();
  }
}

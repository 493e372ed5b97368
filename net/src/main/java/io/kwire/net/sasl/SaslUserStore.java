package io.kwire.net.sasl;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.BiFunction;

/**
 * The users a server accepts: PLAIN users by password, SCRAM users by stored credentials (one per
 * mechanism, as Kafka keeps a SCRAM-SHA-256 and a SCRAM-SHA-512 credential apart). Immutable, so
 * connections may share it; build one with {@link #builder()}. Lookups answer alike, in the same
 * time, for an unknown user and a wrong password.
 */
public final class SaslUserStore {
  private final Map<String, byte[]> plainPasswords;
  private final Map<String, Map<String, ScramCredential>> scramCredentials;
  /** When set, the SCRAM credentials are looked up here instead ({@link #withScramCredentials}). */
  private final BiFunction<ScramMechanism, String, Optional<ScramCredential>> scramLookup;
  /** When set, SCRAM logins with {@code tokenauth=true} are checked here ({@link #withDelegationTokens}). */
  private final BiFunction<ScramMechanism, String, Optional<ScramTokenCredential>> tokenLookup;
  /** Compared against when the user is unknown, so that the time spent does not tell. */
  private final byte[] decoyPassword;
  /** Keys the decoy salt of unknown SCRAM users: the same user always gets the same salt. */
  private final byte[] decoySecret;

  private SaslUserStore(Builder builder) {
    this.plainPasswords = Map.copyOf(builder.plainPasswords);
    Map<String, Map<String, ScramCredential>> scram = new HashMap<>();
    builder.scramCredentials.forEach((mechanism, users) -> scram.put(mechanism, Map.copyOf(users)));
    this.scramCredentials = Map.copyOf(scram);
    SecureRandom random = new SecureRandom();
    this.decoyPassword = new byte[32];
    random.nextBytes(decoyPassword);
    this.decoySecret = new byte[32];
    random.nextBytes(decoySecret);
    this.scramLookup = null;
    this.tokenLookup = null;
  }

  private SaslUserStore(SaslUserStore base, BiFunction<ScramMechanism, String, Optional<ScramCredential>> lookup,
      BiFunction<ScramMechanism, String, Optional<ScramTokenCredential>> tokenLookup) {
    this.plainPasswords = base.plainPasswords;
    this.scramCredentials = base.scramCredentials;
    this.decoyPassword = base.decoyPassword;
    this.decoySecret = base.decoySecret;
    this.scramLookup = lookup;
    this.tokenLookup = tokenLookup;
  }

  /**
   * This store's PLAIN users with SCRAM credentials read from {@code lookup} at each login instead
   * of this store's, for a server whose SCRAM users change while it runs (Kafka's
   * AlterUserScramCredentials). The lookup is called on the connections' event loops: it must be
   * thread-safe.
   */
  public SaslUserStore withScramCredentials(BiFunction<ScramMechanism, String, Optional<ScramCredential>> lookup) {
    return new SaslUserStore(this, Objects.requireNonNull(lookup, "lookup"), tokenLookup);
  }

  /**
   * This store, also accepting Kafka's delegation-token logins: a SCRAM client-first message with the
   * extension {@code tokenauth=true} names a token id as its user, which {@code lookup} resolves (for
   * the mechanism in use) to the token's credential and owner; the connection's principal is then the
   * owner, {@link io.kwire.net.KafkaPrincipal#tokenAuthenticated()}. An empty answer (unknown or expired
   * token) fails as a wrong password does. Without this, {@code tokenauth=true} is refused. Called on
   * the connections' event loops: it must be thread-safe.
   */
  public SaslUserStore withDelegationTokens(BiFunction<ScramMechanism, String, Optional<ScramTokenCredential>> lookup) {
    return new SaslUserStore(this, scramLookup, Objects.requireNonNull(lookup, "lookup"));
  }

  /** Whether {@code tokenauth=true} logins are taken ({@link #withDelegationTokens}). */
  public boolean acceptsDelegationTokens() {
    return tokenLookup != null;
  }

  /** The token's credential for that mechanism, if the store takes tokens and knows this one. */
  public Optional<ScramTokenCredential> tokenCredential(ScramMechanism mechanism, String tokenId) {
    return tokenLookup == null ? Optional.empty() : tokenLookup.apply(mechanism, tokenId);
  }

  /** The names of the users this store has a credential of {@code mechanism} for (not a lookup's). */
  public Set<String> scramUsernames(ScramMechanism mechanism) {
    Map<String, ScramCredential> users = scramCredentials.get(mechanism.mechanismName());
    return users == null ? Set.of() : Set.copyOf(users.keySet());
  }

  /** An empty builder. */
  public static Builder builder() {
    return new Builder();
  }

  /** True if {@code username} is a PLAIN user whose password is {@code password}; constant-time. */
  public boolean checkPlainPassword(String username, byte[] password) {
    byte[] expected = plainPasswords.get(username);
    // MessageDigest.isEqual takes a time that depends on the length of its first argument only.
    boolean matches = MessageDigest.isEqual(password, expected == null ? decoyPassword : expected);
    return expected != null && matches;
  }

  /** The user's credential for that mechanism, if there is one. */
  public Optional<ScramCredential> scramCredential(ScramMechanism mechanism, String username) {
    if (scramLookup != null) {
      return scramLookup.apply(mechanism, username);
    }
    Map<String, ScramCredential> users = scramCredentials.get(mechanism.mechanismName());
    return Optional.ofNullable(users == null ? null : users.get(username));
  }

  /**
   * A credential for a user that does not exist: a salt that depends only on the name (so two attempts
   * see the same salt, as for a real user) and keys nobody can match. RFC 5802 section 9 suggests it.
   */
  ScramCredential decoyScramCredential(ScramMechanism mechanism, String username) {
    ScramCrypto crypto = new ScramCrypto(mechanism);
    byte[] salt = crypto.hmac(decoySecret, ("salt:" + username).getBytes(StandardCharsets.UTF_8));
    byte[] key = crypto.hmac(decoySecret, ("key:" + username).getBytes(StandardCharsets.UTF_8));
    return new ScramCredential(salt, crypto.hash(key), key, ScramMechanism.MIN_ITERATIONS);
  }

  /** Collects users; the last definition of a user for a mechanism wins. */
  public static final class Builder {
    private final Map<String, byte[]> plainPasswords = new HashMap<>();
    private final Map<String, Map<String, ScramCredential>> scramCredentials = new HashMap<>();

    private Builder() {}

    /** A PLAIN user. */
    public Builder plainUser(String username, String password) {
      Objects.requireNonNull(username, "username");
      plainPasswords.put(username, password.getBytes(StandardCharsets.UTF_8));
      return this;
    }

    /** A SCRAM user with a stored credential (as read from a credential store). */
    public Builder scramUser(ScramMechanism mechanism, String username, ScramCredential credential) {
      Objects.requireNonNull(username, "username");
      Objects.requireNonNull(credential, "credential");
      scramCredentials.computeIfAbsent(mechanism.mechanismName(), k -> new HashMap<>()).put(username, credential);
      return this;
    }

    /** A SCRAM user whose credential is derived from a password with a random salt, 4096 iterations. */
    public Builder scramUser(ScramMechanism mechanism, String username, String password) {
      return scramUser(mechanism, username, ScramCredential.derive(mechanism, password));
    }

    /** The store. */
    public SaslUserStore build() {
      return new SaslUserStore(this);
    }
  }
}

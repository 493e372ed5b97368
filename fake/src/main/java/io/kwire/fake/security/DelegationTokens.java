package io.kwire.fake.security;

import io.kwire.fake.cluster.ClusterClock;
import io.kwire.net.KafkaPrincipal;
import io.kwire.net.sasl.ScramCredential;
import io.kwire.net.sasl.ScramMechanism;
import io.kwire.net.sasl.ScramTokenCredential;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * The cluster's delegation tokens, as Kafka's controller keeps them: off until enabled with a
 * secret key (Kafka's {@code delegation.token.secret.key}); each token's HMAC is HmacSHA512 of its
 * id under that key. Lifetimes are Kafka's defaults: at most 7 days, renewed for 1 day. Written and
 * read on the cluster thread only, except {@link #scramLogin}, which the brokers' event loops call for
 * SCRAM logins with {@code tokenauth=true}: each token's SCRAM-SHA-256 and -512 credentials (password:
 * the HMAC in base64, as Kafka derives them) are kept for it in a concurrent map. At most
 * {@link #MAX_TOKENS}.
 */
public final class DelegationTokens {
  /** The most tokens kept; creations past it are refused. */
  public static final int MAX_TOKENS = 10_000;
  /** Kafka's {@code delegation.token.max.lifetime.ms} default. */
  public static final long MAX_LIFETIME_MS = 7L * 24 * 60 * 60 * 1000;
  /** Kafka's {@code delegation.token.expiry.time.ms} default: how long a creation or renewal lasts. */
  public static final long RENEW_LIFETIME_MS = 24L * 60 * 60 * 1000;

  /** One token. Renewers and principals as Kafka writes them ({@code User:alice}). */
  public record Token(String tokenId, byte[] hmac, String owner, String requester, List<String> renewers,
      long issueTimestampMs, long maxTimestampMs, long expiryTimestampMs) {
    /** Whether {@code principal} may renew, expire or see it: its owner, requester or a renewer. */
    public boolean ownerOrRenewer(String principal) {
      return owner.equals(principal) || requester.equals(principal) || renewers.contains(principal);
    }

    Token expiringAt(long expiryMs) {
      return new Token(tokenId, hmac, owner, requester, renewers, issueTimestampMs, maxTimestampMs, expiryMs);
    }
  }

  /** What a token login needs, readable off the cluster thread. */
  private record Login(KafkaPrincipal owner, Map<String, ScramCredential> credentials, long expiryMs) {}

  private final Map<String, Token> byId = new LinkedHashMap<>();
  private final Map<String, Login> logins = new ConcurrentHashMap<>();
  private final SecureRandom random = new SecureRandom();
  private SecretKeySpec secret;
  private ClusterClock clock;
  private boolean sasl;

  /** Turns tokens on: HMACs under {@code secretKey}, times of {@code clock}; {@code sasl}: the listeners authenticate. */
  public void enable(String secretKey, ClusterClock clock, boolean sasl) {
    this.secret = new SecretKeySpec(secretKey.getBytes(StandardCharsets.UTF_8), "HmacSHA512");
    this.clock = clock;
    this.sasl = sasl;
  }

  /** Whether a request of {@code principal} may use tokens: enabled, and its connection authenticated by SASL. */
  public boolean enabledFor(String principal) {
    return secret != null && sasl && !"User:ANONYMOUS".equals(principal);
  }

  public long nowMs() {
    return clock.nowMs();
  }

  /** A new token, or null when {@link #MAX_TOKENS} are kept. */
  public Token create(String owner, String requester, List<String> renewers, long maxLifetimeMs) {
    if (byId.size() >= MAX_TOKENS) {
      return null;
    }
    long now = clock.nowMs();
    long max = maxLifetimeMs > 0 ? now + Math.min(maxLifetimeMs, MAX_LIFETIME_MS) : now + MAX_LIFETIME_MS;
    byte[] id = new byte[16];
    random.nextBytes(id);
    String tokenId = Base64.getUrlEncoder().withoutPadding().encodeToString(id);
    Token token = new Token(tokenId, hmac(tokenId), owner, requester, List.copyOf(renewers), now, max,
        Math.min(max, now + RENEW_LIFETIME_MS));
    byId.put(tokenId, token);
    String password = Base64.getEncoder().encodeToString(token.hmac());
    Map<String, ScramCredential> credentials = new LinkedHashMap<>();
    for (ScramMechanism mechanism : ScramMechanism.all()) {
      credentials.put(mechanism.mechanismName(), ScramCredential.derive(mechanism, password));
    }
    int colon = owner.indexOf(':');
    KafkaPrincipal ownerPrincipal = new KafkaPrincipal(owner.substring(0, Math.max(colon, 0)),
        owner.substring(colon + 1));
    logins.put(tokenId, new Login(ownerPrincipal, Map.copyOf(credentials), token.expiryTimestampMs()));
    return token;
  }

  /**
   * The credential and owner of a token login ({@code tokenauth=true}) for {@code mechanism}: empty for
   * an unknown token, one removed, or one whose expiry has passed. Thread-safe.
   */
  public Optional<ScramTokenCredential> scramLogin(ScramMechanism mechanism, String tokenId) {
    Login login = logins.get(tokenId);
    ScramCredential credential = login == null ? null : login.credentials().get(mechanism.mechanismName());
    if (credential == null || login.expiryMs() < clock.nowMs()) {
      return Optional.empty();
    }
    return Optional.of(new ScramTokenCredential(login.owner(), credential));
  }

  /** HmacSHA512 of {@code tokenId} under the secret key. */
  public byte[] hmac(String tokenId) {
    try {
      Mac mac = Mac.getInstance("HmacSHA512");
      mac.init(secret);
      return mac.doFinal(tokenId.getBytes(StandardCharsets.UTF_8));
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("HmacSHA512 unavailable", e);
    }
  }

  /** The token with this HMAC, or null. */
  public Token byHmac(byte[] hmac) {
    for (Token t : byId.values()) {
      if (MessageDigest.isEqual(t.hmac(), hmac)) {
        return t;
      }
    }
    return null;
  }

  /** The token with this id, or null. */
  public Token byId(String tokenId) {
    return byId.get(tokenId);
  }

  /** Sets a token's expiry; returns it. */
  public long expireAt(Token token, long expiryMs) {
    byId.put(token.tokenId(), token.expiringAt(expiryMs));
    logins.computeIfPresent(token.tokenId(), (id, l) -> new Login(l.owner(), l.credentials(), expiryMs));
    return expiryMs;
  }

  public void remove(Token token) {
    byId.remove(token.tokenId());
    logins.remove(token.tokenId());
  }

  /** Every token, oldest first, dropping those whose expiry has passed (Kafka's expiry sweep). */
  public List<Token> all() {
    long now = clock.nowMs();
    byId.values().removeIf(t -> t.expiryTimestampMs() < now);
    logins.keySet().retainAll(byId.keySet());
    return new ArrayList<>(byId.values());
  }
}

package io.kwire.net.sasl;

import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.util.Arrays;
import java.util.Objects;

/**
 * What a SCRAM server stores for a user (RFC 5802 section 3): the salt, StoredKey = H(ClientKey),
 * ServerKey and the iteration count; never the password. {@link #derive} makes one from a password,
 * as Kafka's {@code kafka-configs --alter --add-config 'SCRAM-SHA-256=[password=...]'} does.
 *
 * @param salt the salt sent to the client
 * @param storedKey H(HMAC(SaltedPassword, "Client Key"))
 * @param serverKey HMAC(SaltedPassword, "Server Key")
 * @param iterations the iteration count of Hi
 */
public record ScramCredential(byte[] salt, byte[] storedKey, byte[] serverKey, int iterations) {
  private static final int SALT_BYTES = 24;

  /** Copies the arrays and checks the iteration count is within Kafka's bounds. */
  public ScramCredential {
    salt = Objects.requireNonNull(salt, "salt").clone();
    storedKey = Objects.requireNonNull(storedKey, "storedKey").clone();
    serverKey = Objects.requireNonNull(serverKey, "serverKey").clone();
    if (iterations < ScramMechanism.MIN_ITERATIONS || iterations > ScramMechanism.MAX_ITERATIONS) {
      throw new IllegalArgumentException("SCRAM iterations must be within " + ScramMechanism.MIN_ITERATIONS
          + "-" + ScramMechanism.MAX_ITERATIONS + ", not " + iterations);
    }
  }

  /** A copy of the salt. */
  @Override
  public byte[] salt() {
    return salt.clone();
  }

  /** A copy of StoredKey. */
  @Override
  public byte[] storedKey() {
    return storedKey.clone();
  }

  /** A copy of ServerKey. */
  @Override
  public byte[] serverKey() {
    return serverKey.clone();
  }

  /** A credential with a random 24-byte salt and {@link ScramMechanism#MIN_ITERATIONS} iterations. */
  public static ScramCredential derive(ScramMechanism mechanism, String password) {
    byte[] salt = new byte[SALT_BYTES];
    new SecureRandom().nextBytes(salt);
    return derive(mechanism, password, salt, ScramMechanism.MIN_ITERATIONS);
  }

  /**
   * The credential of {@code password} (its UTF-8 bytes, without SASLprep, as Kafka does) with this salt
   * and iteration count.
   */
  public static ScramCredential derive(ScramMechanism mechanism, String password, byte[] salt, int iterations) {
    if (password.isEmpty()) {
      throw new IllegalArgumentException("a SCRAM password must not be empty");
    }
    ScramCrypto crypto = new ScramCrypto(mechanism);
    byte[] salted = crypto.hi(password.getBytes(StandardCharsets.UTF_8), salt, iterations);
    return new ScramCredential(salt, crypto.hash(crypto.clientKey(salted)), crypto.serverKey(salted), iterations);
  }

  /**
   * The credential of a salted password, Hi(password, salt, iterations), as Kafka's
   * AlterUserScramCredentials request carries it (the client salts the password; the broker keeps
   * the keys derived from it).
   */
  public static ScramCredential fromSaltedPassword(ScramMechanism mechanism, byte[] salt, byte[] saltedPassword,
      int iterations) {
    ScramCrypto crypto = new ScramCrypto(mechanism);
    return new ScramCredential(salt, crypto.hash(crypto.clientKey(saltedPassword)), crypto.serverKey(saltedPassword),
        iterations);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof ScramCredential other && iterations == other.iterations && Arrays.equals(salt, other.salt)
        && Arrays.equals(storedKey, other.storedKey) && Arrays.equals(serverKey, other.serverKey);
  }

  @Override
  public int hashCode() {
    return Objects.hash(Arrays.hashCode(salt), Arrays.hashCode(storedKey), Arrays.hashCode(serverKey), iterations);
  }

  /** Says nothing of the keys. */
  @Override
  public String toString() {
    return "ScramCredential[iterations=" + iterations + "]";
  }
}

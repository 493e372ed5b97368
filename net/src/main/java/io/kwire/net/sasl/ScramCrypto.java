package io.kwire.net.sasl;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/** RFC 5802's functions over one mechanism's hash: H, HMAC, Hi and the keys derived from them. */
final class ScramCrypto {
  private static final byte[] CLIENT_KEY = "Client Key".getBytes(StandardCharsets.US_ASCII);
  private static final byte[] SERVER_KEY = "Server Key".getBytes(StandardCharsets.US_ASCII);

  private final ScramMechanism mechanism;

  ScramCrypto(ScramMechanism mechanism) {
    this.mechanism = mechanism;
  }

  byte[] hash(byte[] data) {
    try {
      return MessageDigest.getInstance(mechanism.digestAlgorithm()).digest(data);
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException(mechanism.digestAlgorithm() + " is not available in this JDK", e);
    }
  }

  byte[] hmac(byte[] key, byte[] data) {
    Mac mac = mac(key);
    return mac.doFinal(data);
  }

  /** Hi(str, salt, i): PBKDF2 with this HMAC and an output of one hash length (RFC 5802 section 2.2). */
  byte[] hi(byte[] password, byte[] salt, int iterations) {
    Mac mac = mac(password);
    mac.update(salt);
    mac.update(new byte[] {0, 0, 0, 1});
    byte[] u = mac.doFinal();
    byte[] result = u.clone();
    for (int i = 1; i < iterations; i++) {
      u = mac.doFinal(u);
      for (int j = 0; j < result.length; j++) {
        result[j] ^= u[j];
      }
    }
    return result;
  }

  byte[] clientKey(byte[] saltedPassword) {
    return hmac(saltedPassword, CLIENT_KEY);
  }

  byte[] serverKey(byte[] saltedPassword) {
    return hmac(saltedPassword, SERVER_KEY);
  }

  static byte[] xor(byte[] a, byte[] b) {
    byte[] out = new byte[a.length];
    for (int i = 0; i < a.length; i++) {
      out[i] = (byte) (a[i] ^ b[i]);
    }
    return out;
  }

  private Mac mac(byte[] key) {
    try {
      Mac mac = Mac.getInstance(mechanism.macAlgorithm());
      // An empty password is refused before here; SecretKeySpec rejects an empty key.
      mac.init(new SecretKeySpec(key, mechanism.macAlgorithm()));
      return mac;
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException(mechanism.macAlgorithm() + " is not available in this JDK", e);
    }
  }
}

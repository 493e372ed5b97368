package io.kwire.net.tls;

import java.nio.file.Path;
import java.util.Objects;

/**
 * Where an endpoint's own certificate and private key come from: a key store ({@code ssl.keystore.location},
 * {@code ssl.keystore.type} PKCS12 or JKS, {@code ssl.keystore.password}, {@code ssl.key.password}) or PEM
 * files (a certificate chain, leaf first, and a PKCS#8 private key, optionally encrypted).
 */
public sealed interface KeyMaterial {
  /** A PKCS12 or JKS key store holding one private key entry. */
  static KeyMaterial keyStore(Path path, String type, String storePassword, String keyPassword) {
    return new KeyStoreFile(path, type, storePassword, keyPassword);
  }

  /** PEM files: the certificate chain and an unencrypted PKCS#8 key. */
  static KeyMaterial pem(Path certificateChain, Path privateKey) {
    return new PemFiles(certificateChain, privateKey, null);
  }

  /** PEM files: the certificate chain and a PKCS#8 key encrypted with {@code keyPassword}. */
  static KeyMaterial pem(Path certificateChain, Path privateKey, String keyPassword) {
    return new PemFiles(certificateChain, privateKey, keyPassword);
  }

  /** The key store kind. */
  record KeyStoreFile(Path path, String type, String storePassword, String keyPassword) implements KeyMaterial {
    /** Checks the parts are present. */
    public KeyStoreFile {
      Objects.requireNonNull(path, "path");
      Objects.requireNonNull(type, "type");
      Objects.requireNonNull(storePassword, "storePassword");
      keyPassword = keyPassword == null ? storePassword : keyPassword;
    }

    /** Hides the passwords. */
    @Override
    public String toString() {
      return "KeyStoreFile[" + type + " " + path + "]";
    }
  }

  /** The PEM kind. */
  record PemFiles(Path certificateChain, Path privateKey, String keyPassword) implements KeyMaterial {
    /** Checks the files are named. */
    public PemFiles {
      Objects.requireNonNull(certificateChain, "certificateChain");
      Objects.requireNonNull(privateKey, "privateKey");
    }

    /** Hides the password. */
    @Override
    public String toString() {
      return "PemFiles[" + certificateChain + ", " + privateKey + "]";
    }
  }
}

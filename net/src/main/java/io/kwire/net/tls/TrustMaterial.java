package io.kwire.net.tls;

import java.nio.file.Path;
import java.util.Objects;

/**
 * Which certificate authorities an endpoint trusts: a trust store ({@code ssl.truststore.location},
 * {@code ssl.truststore.type} PKCS12 or JKS, {@code ssl.truststore.password}), a PEM bundle of CA
 * certificates, or the JDK's default CAs.
 */
public sealed interface TrustMaterial {
  /** A PKCS12 or JKS trust store of CA certificates. */
  static TrustMaterial trustStore(Path path, String type, String password) {
    return new TrustStoreFile(path, type, password);
  }

  /** A PEM file of one or more CA certificates. */
  static TrustMaterial pem(Path caBundle) {
    return new PemBundle(caBundle);
  }

  /** The JDK's default trusted CAs ({@code cacerts}). */
  static TrustMaterial systemDefault() {
    return SystemDefault.INSTANCE;
  }

  /** The trust store kind. */
  record TrustStoreFile(Path path, String type, String password) implements TrustMaterial {
    /** Checks the parts are present. */
    public TrustStoreFile {
      Objects.requireNonNull(path, "path");
      Objects.requireNonNull(type, "type");
      Objects.requireNonNull(password, "password");
    }

    /** Hides the password. */
    @Override
    public String toString() {
      return "TrustStoreFile[" + type + " " + path + "]";
    }
  }

  /** The PEM kind. */
  record PemBundle(Path caBundle) implements TrustMaterial {
    /** Checks the file is named. */
    public PemBundle {
      Objects.requireNonNull(caBundle, "caBundle");
    }
  }

  /** The JDK's CAs. */
  enum SystemDefault implements TrustMaterial {
    /** The only one. */
    INSTANCE
  }
}

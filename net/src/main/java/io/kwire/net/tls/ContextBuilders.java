package io.kwire.net.tls;

import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslContextBuilder;
import io.netty.handler.ssl.SslProvider;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.util.List;
import java.util.Optional;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLException;
import javax.net.ssl.TrustManagerFactory;

/** Puts key and trust material on Netty's context builders. */
final class ContextBuilders {
  private ContextBuilders() {}

  /** A server context builder holding this key. */
  static SslContextBuilder forServer(KeyMaterial material) {
    if (material instanceof KeyMaterial.PemFiles pem) {
      return TlsFiles.parsing(pem.certificateChain(), () -> SslContextBuilder.forServer(
          pem.certificateChain().toFile(), pem.privateKey().toFile(), pem.keyPassword()), pem.privateKey());
    }
    return SslContextBuilder.forServer(keyManagers((KeyMaterial.KeyStoreFile) material));
  }

  /** Adds this key to a client context builder (for mutual authentication). */
  static void addKey(SslContextBuilder builder, KeyMaterial material) {
    if (material instanceof KeyMaterial.PemFiles pem) {
      TlsFiles.parsing(pem.certificateChain(), () -> builder.keyManager(
          pem.certificateChain().toFile(), pem.privateKey().toFile(), pem.keyPassword()), pem.privateKey());
    } else {
      builder.keyManager(keyManagers((KeyMaterial.KeyStoreFile) material));
    }
  }

  private static KeyManagerFactory keyManagers(KeyMaterial.KeyStoreFile file) {
    return TlsFiles.parsing(file.path(), () -> {
      KeyStore store = load(file.path(), file.type(), file.storePassword());
      KeyManagerFactory factory = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
      factory.init(store, file.keyPassword().toCharArray());
      return factory;
    });
  }

  /** Sets this trust on a context builder. */
  static void addTrust(SslContextBuilder builder, TrustMaterial material) {
    if (material instanceof TrustMaterial.PemBundle pem) {
      TlsFiles.parsing(pem.caBundle(), () -> builder.trustManager(pem.caBundle().toFile()));
    } else if (material instanceof TrustMaterial.TrustStoreFile file) {
      builder.trustManager(TlsFiles.parsing(file.path(), () -> {
        KeyStore store = load(file.path(), file.type(), file.password());
        TrustManagerFactory factory = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        factory.init(store);
        return factory;
      }));
    }
    // SystemDefault: Netty's JDK provider falls back to the JDK's default trust managers.
  }

  private static KeyStore load(Path path, String type, String password) throws Exception {
    KeyStore store = KeyStore.getInstance(type);
    try (InputStream in = Files.newInputStream(path)) {
      store.load(in, password.toCharArray());
    }
    return store;
  }

  /** The context on the JDK's SSLEngine, with these protocols and, if given, cipher suites. */
  static SslContext build(SslContextBuilder builder, List<String> protocols, Optional<List<String>> cipherSuites,
      String side) {
    builder.sslProvider(SslProvider.JDK).protocols(protocols);
    cipherSuites.ifPresent(builder::ciphers);
    try {
      return builder.build();
    } catch (SSLException | RuntimeException e) {
      throw new TlsConfigException("cannot build the " + side + " TLS context: " + e.getMessage(), e);
    }
  }
}

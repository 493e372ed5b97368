package io.kwire.cli;

import io.kwire.net.sasl.SaslClientOptions;
import io.kwire.net.sasl.SaslServerOptions;
import io.kwire.net.sasl.SaslUserStore;
import io.kwire.net.sasl.ScramMechanism;
import io.kwire.net.tls.KeyMaterial;
import io.kwire.net.tls.TlsClientAuth;
import io.kwire.net.tls.TlsClientOptions;
import io.kwire.net.tls.TlsServerOptions;
import io.kwire.net.tls.TrustMaterial;
import io.kwire.proxy.ProxyConfig;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import picocli.CommandLine.Option;

/**
 * {@code kwire proxy}'s TLS and SASL options, named after Kafka's configs ({@code ssl.keystore.location}
 * is {@code --tls-keystore}, {@code ssl.client.auth} {@code --tls-client-auth}). Secrets are read from
 * files, never taken on the command line, where {@code ps} would show them.
 */
final class ProxySecurityOptions {
  @Option(names = "--tls-keystore", paramLabel = "FILE",
      description = "Serve clients TLS with this key store's key and certificate (PKCS12, or JKS for a .jks file).")
  Path tlsKeystore;

  @Option(names = "--tls-cert", paramLabel = "FILE", description = "Serve clients TLS with this PEM certificate chain (with --tls-key).")
  Path tlsCert;

  @Option(names = "--tls-key", paramLabel = "FILE", description = "The PKCS#8 PEM key of --tls-cert.")
  Path tlsKey;

  @Option(names = "--tls-password-file", paramLabel = "FILE",
      description = "The password of --tls-keystore (and its key), or of an encrypted --tls-key: the file's first line.")
  Path tlsPasswordFile;

  @Option(names = "--tls-client-auth", paramLabel = "none|requested|required",
      description = "Client certificates, as Kafka's ssl.client.auth (default: none); checked against --tls-truststore.")
  String tlsClientAuth;

  @Option(names = "--tls-truststore", paramLabel = "FILE",
      description = "The CAs of client certificates: a PEM bundle (.pem, .crt) or a PKCS12/JKS trust store "
          + "(password: --tls-truststore-password-file).")
  Path tlsTruststore;

  @Option(names = "--tls-truststore-password-file", paramLabel = "FILE", description = "The password of --tls-truststore.")
  Path tlsTruststorePasswordFile;

  @Option(names = "--upstream-tls", description = "Speak TLS to the broker (the JDK's CAs unless --upstream-truststore).")
  boolean upstreamTls;

  @Option(names = "--upstream-truststore", paramLabel = "FILE",
      description = "The broker's CAs: a PEM bundle or a PKCS12/JKS trust store; implies --upstream-tls.")
  Path upstreamTruststore;

  @Option(names = "--upstream-truststore-password-file", paramLabel = "FILE",
      description = "The password of --upstream-truststore.")
  Path upstreamTruststorePasswordFile;

  @Option(names = "--upstream-keystore", paramLabel = "FILE",
      description = "The proxy's client certificate towards the broker: a PKCS12/JKS key store; implies --upstream-tls.")
  Path upstreamKeystore;

  @Option(names = "--upstream-keystore-password-file", paramLabel = "FILE", description = "The password of --upstream-keystore.")
  Path upstreamKeystorePasswordFile;

  @Option(names = "--sasl-users", paramLabel = "FILE",
      description = "Terminate SASL: authenticate clients at the proxy against FILE, one 'MECHANISM USER PASSWORD' a line "
          + "(PLAIN, SCRAM-SHA-256, SCRAM-SHA-512; # comments). Without it, SASL passes through to the broker.")
  Path saslUsers;

  @Option(names = "--upstream-sasl-mechanism", paramLabel = "MECHANISM",
      description = "Authenticate each upstream connection with the proxy's own credentials (PLAIN, SCRAM-SHA-256, "
          + "SCRAM-SHA-512), with --upstream-sasl-username and --upstream-sasl-password-file.")
  String upstreamSaslMechanism;

  @Option(names = "--upstream-sasl-username", paramLabel = "USER", description = "The proxy's user at the broker.")
  String upstreamSaslUsername;

  @Option(names = "--upstream-sasl-password-file", paramLabel = "FILE", description = "The proxy's password at the broker.")
  Path upstreamSaslPasswordFile;

  @Option(names = "--max-buffered-bytes", paramLabel = "N",
      description = "The bytes of partial request frames all client connections together may buffer; the connection that "
          + "would pass it is closed (default: half the heap).")
  Long maxBufferedBytes;

  /** {@code config} with these options applied; UsageException for a wrong combination or an unreadable file. */
  ProxyConfig apply(ProxyConfig config) {
    ProxyConfig out = config;
    TlsServerOptions tls = clientTls();
    if (tls != null) {
      out = out.withTls(tls);
    }
    TlsClientOptions upstream = upstreamTls();
    if (upstream != null) {
      out = out.withUpstreamTls(upstream);
    }
    if (saslUsers != null) {
      out = out.withSasl(users(saslUsers));
    }
    if (upstreamSaslMechanism != null || upstreamSaslUsername != null || upstreamSaslPasswordFile != null) {
      out = out.withUpstreamSasl(upstreamSasl());
    }
    if (maxBufferedBytes != null) {
      out = out.withMaxBufferedFrameBytes(maxBufferedBytes);
    }
    return out;
  }

  private TlsServerOptions clientTls() {
    if (tlsKeystore != null && (tlsCert != null || tlsKey != null)) {
      throw new UsageException("--tls-keystore or --tls-cert with --tls-key, not both");
    }
    if ((tlsCert == null) != (tlsKey == null)) {
      throw new UsageException("--tls-cert and --tls-key go together");
    }
    KeyMaterial key;
    if (tlsKeystore != null) {
      String password = secret("--tls-password-file", tlsPasswordFile, true);
      key = KeyMaterial.keyStore(tlsKeystore, storeType(tlsKeystore), password, password);
    } else if (tlsCert != null) {
      key = tlsPasswordFile == null ? KeyMaterial.pem(tlsCert, tlsKey)
          : KeyMaterial.pem(tlsCert, tlsKey, secret("--tls-password-file", tlsPasswordFile, true));
    } else {
      if (tlsClientAuth != null || tlsTruststore != null) {
        throw new UsageException("--tls-client-auth and --tls-truststore need --tls-keystore or --tls-cert");
      }
      return null;
    }
    TlsServerOptions.Builder builder = TlsServerOptions.builder(key);
    if (tlsTruststore != null) {
      builder.trust(trust(tlsTruststore, "--tls-truststore-password-file", tlsTruststorePasswordFile));
    }
    if (tlsClientAuth != null) {
      try {
        builder.clientAuth(TlsClientAuth.fromConfig(tlsClientAuth));
      } catch (IllegalArgumentException e) {
        throw new UsageException("--tls-client-auth must be none, requested or required, not '" + tlsClientAuth + "'");
      }
    }
    return build(builder::build);
  }

  private TlsClientOptions upstreamTls() {
    if (!upstreamTls && upstreamTruststore == null && upstreamKeystore == null) {
      return null;
    }
    TrustMaterial trust = upstreamTruststore == null ? TrustMaterial.systemDefault()
        : trust(upstreamTruststore, "--upstream-truststore-password-file", upstreamTruststorePasswordFile);
    TlsClientOptions.Builder builder = TlsClientOptions.builder(trust);
    if (upstreamKeystore != null) {
      String password = secret("--upstream-keystore-password-file", upstreamKeystorePasswordFile, true);
      builder.key(KeyMaterial.keyStore(upstreamKeystore, storeType(upstreamKeystore), password, password));
    }
    return build(builder::build);
  }

  private static <T> T build(java.util.function.Supplier<T> build) {
    try {
      return build.get();
    } catch (RuntimeException e) { // TlsConfigException, IllegalArgumentException: the file or option says why
      throw new UsageException(e.getMessage());
    }
  }

  private static TrustMaterial trust(Path file, String passwordOption, Path passwordFile) {
    String name = file.getFileName().toString().toLowerCase(Locale.ROOT);
    if (name.endsWith(".pem") || name.endsWith(".crt")) {
      return TrustMaterial.pem(file);
    }
    return TrustMaterial.trustStore(file, storeType(file), secret(passwordOption, passwordFile, false));
  }

  private static String storeType(Path file) {
    return file.getFileName().toString().toLowerCase(Locale.ROOT).endsWith(".jks") ? "JKS" : "PKCS12";
  }

  private SaslClientOptions upstreamSasl() {
    if (upstreamSaslMechanism == null || upstreamSaslUsername == null || upstreamSaslPasswordFile == null) {
      throw new UsageException("--upstream-sasl-mechanism, --upstream-sasl-username and "
          + "--upstream-sasl-password-file go together");
    }
    String password = secret("--upstream-sasl-password-file", upstreamSaslPasswordFile, true);
    String mechanism = upstreamSaslMechanism.toUpperCase(Locale.ROOT);
    if (mechanism.equals("PLAIN")) {
      return SaslClientOptions.plain(upstreamSaslUsername, password);
    }
    return SaslClientOptions.scram(ScramMechanism.forName(mechanism).orElseThrow(() -> new UsageException(
        "--upstream-sasl-mechanism must be PLAIN, SCRAM-SHA-256 or SCRAM-SHA-512, not '" + upstreamSaslMechanism + "'")),
        upstreamSaslUsername, password);
  }

  /** The --sasl-users file: the user store and the mechanisms it names, in the order they first appear. */
  static SaslServerOptions users(Path file) {
    List<String> lines = read("--sasl-users", file);
    SaslUserStore.Builder store = SaslUserStore.builder();
    Set<String> mechanisms = new LinkedHashSet<>();
    for (int i = 0; i < lines.size(); i++) {
      String line = lines.get(i).strip();
      if (line.isEmpty() || line.startsWith("#")) {
        continue;
      }
      String[] parts = line.split("\\s+", 3);
      if (parts.length < 3) {
        throw new UsageException("--sasl-users " + file + " line " + (i + 1)
            + ": expected 'MECHANISM USER PASSWORD'"); // the line itself is not shown: it may hold a password
      }
      String mechanism = parts[0].toUpperCase(Locale.ROOT);
      if (mechanism.equals("PLAIN")) {
        store.plainUser(parts[1], parts[2]);
      } else {
        int lineNumber = i + 1;
        ScramMechanism scram = ScramMechanism.forName(mechanism).orElseThrow(() -> new UsageException(
            "--sasl-users " + file + " line " + lineNumber + ": mechanism must be PLAIN, SCRAM-SHA-256 or SCRAM-SHA-512"));
        store.scramUser(scram, parts[1], parts[2]);
      }
      mechanisms.add(mechanism);
    }
    if (mechanisms.isEmpty()) {
      throw new UsageException("--sasl-users " + file + " names no user");
    }
    return SaslServerOptions.of(store.build(), new ArrayList<>(mechanisms).toArray(new String[0]));
  }

  /** A secret's file, its first line; a store password may be left out (null) where Kafka allows it. */
  private static String secret(String option, Path file, boolean required) {
    if (file == null) {
      if (required) {
        throw new UsageException(option + " is needed");
      }
      return null;
    }
    List<String> lines = read(option, file);
    return lines.isEmpty() ? "" : lines.get(0);
  }

  private static List<String> read(String option, Path file) {
    try {
      return Files.readAllLines(file, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UsageException(option + ": cannot read " + file + ": " + e.getMessage());
    }
  }
}

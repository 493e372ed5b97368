package io.kwire.e2e;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.KeyStore;
import java.security.cert.X509Certificate;
import java.security.spec.ECGenParameterSpec;
import java.time.Duration;
import java.time.Instant;
import java.util.Date;
import java.util.List;
import javax.security.auth.x500.X500Principal;
import org.bouncycastle.asn1.x509.BasicConstraints;
import org.bouncycastle.asn1.x509.Extension;
import org.bouncycastle.asn1.x509.GeneralName;
import org.bouncycastle.asn1.x509.GeneralNames;
import org.bouncycastle.asn1.x509.KeyUsage;
import org.bouncycastle.cert.X509v3CertificateBuilder;
import org.bouncycastle.cert.jcajce.JcaX509CertificateConverter;
import org.bouncycastle.cert.jcajce.JcaX509v3CertificateBuilder;
import org.bouncycastle.operator.OperatorCreationException;
import org.bouncycastle.operator.jcajce.JcaContentSignerBuilder;

/**
 * A certificate authority made when the tests start (EC P-256: milliseconds), for the broker's SASL_SSL
 * listener and the proxy's TLS: PKCS12 key stores and a trust store, every password {@link #PASSWORD}.
 */
public final class TestCa {
  public static final String PASSWORD = "changeit";

  private final Path dir;
  private final KeyPair caKeys;
  private final X509Certificate ca;
  private long serial = 1;

  public TestCa(Path dir) {
    this.dir = dir;
    try {
      caKeys = keys();
      X500Principal name = new X500Principal("CN=kwire e2e test CA");
      X509v3CertificateBuilder builder = builder(name, name, caKeys);
      builder.addExtension(Extension.basicConstraints, true, new BasicConstraints(true));
      builder.addExtension(Extension.keyUsage, true, new KeyUsage(KeyUsage.keyCertSign | KeyUsage.cRLSign));
      ca = sign(builder);
    } catch (IOException | GeneralSecurityException | OperatorCreationException e) {
      throw new IllegalStateException("cannot make the test CA", e);
    }
  }

  /** A PKCS12 trust store holding the CA. */
  public Path trustStore() {
    Path file = dir.resolve("ca-trust.p12");
    if (!Files.exists(file)) {
      try {
        KeyStore store = KeyStore.getInstance("PKCS12");
        store.load(null, null);
        store.setCertificateEntry("ca", ca);
        write(store, file);
      } catch (IOException | GeneralSecurityException e) {
        throw new IllegalStateException(e);
      }
    }
    return file;
  }

  /** A PKCS12 key store (alias "key") with a certificate for {@code dnsNames} and 127.0.0.1. */
  public Path keyStore(String name, List<String> dnsNames) {
    try {
      KeyPair keys = keys();
      X509v3CertificateBuilder builder = builder(ca.getSubjectX500Principal(), new X500Principal("CN=" + name), keys);
      builder.addExtension(Extension.basicConstraints, true, new BasicConstraints(false));
      GeneralName[] san = new GeneralName[dnsNames.size() + 1];
      for (int i = 0; i < dnsNames.size(); i++) {
        san[i] = new GeneralName(GeneralName.dNSName, dnsNames.get(i));
      }
      san[dnsNames.size()] = new GeneralName(GeneralName.iPAddress, "127.0.0.1");
      builder.addExtension(Extension.subjectAlternativeName, false, new GeneralNames(san));
      KeyStore store = KeyStore.getInstance("PKCS12");
      store.load(null, null);
      store.setKeyEntry("key", keys.getPrivate(), PASSWORD.toCharArray(), new X509Certificate[] {sign(builder), ca});
      Path file = dir.resolve(name + ".p12");
      write(store, file);
      return file;
    } catch (IOException | GeneralSecurityException | OperatorCreationException e) {
      throw new IllegalStateException("cannot issue " + name, e);
    }
  }

  private static void write(KeyStore store, Path file) throws IOException, GeneralSecurityException {
    try (OutputStream out = Files.newOutputStream(file)) {
      store.store(out, PASSWORD.toCharArray());
    } catch (UncheckedIOException e) {
      throw e.getCause();
    }
  }

  private static KeyPair keys() throws GeneralSecurityException {
    KeyPairGenerator generator = KeyPairGenerator.getInstance("EC");
    generator.initialize(new ECGenParameterSpec("secp256r1"));
    return generator.generateKeyPair();
  }

  private X509v3CertificateBuilder builder(X500Principal issuer, X500Principal subject, KeyPair keys) {
    Instant now = Instant.now();
    return new JcaX509v3CertificateBuilder(issuer, BigInteger.valueOf(serial++),
        Date.from(now.minus(Duration.ofHours(1))), Date.from(now.plus(Duration.ofDays(1))), subject, keys.getPublic());
  }

  private X509Certificate sign(X509v3CertificateBuilder builder) throws OperatorCreationException,
      GeneralSecurityException {
    return new JcaX509CertificateConverter().getCertificate(
        builder.build(new JcaContentSignerBuilder("SHA256withECDSA").build(caKeys.getPrivate())));
  }
}

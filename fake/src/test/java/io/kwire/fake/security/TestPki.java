package io.kwire.fake.security;

import io.kwire.net.tls.KeyMaterial;
import io.kwire.net.tls.TrustMaterial;

import java.io.IOException;
import java.io.OutputStream;
import java.io.Writer;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.KeyStore;
import java.security.SecureRandom;
import java.security.cert.X509Certificate;
import java.security.spec.ECGenParameterSpec;
import java.time.Duration;
import java.time.Instant;
import java.util.Date;
import java.util.List;
import javax.security.auth.x500.X500Principal;
import org.bouncycastle.asn1.x509.BasicConstraints;
import org.bouncycastle.asn1.x509.ExtendedKeyUsage;
import org.bouncycastle.asn1.x509.Extension;
import org.bouncycastle.asn1.x509.GeneralName;
import org.bouncycastle.asn1.x509.GeneralNames;
import org.bouncycastle.asn1.x509.KeyPurposeId;
import org.bouncycastle.asn1.x509.KeyUsage;
import org.bouncycastle.cert.X509v3CertificateBuilder;
import org.bouncycastle.cert.jcajce.JcaX509CertificateConverter;
import org.bouncycastle.cert.jcajce.JcaX509ExtensionUtils;
import org.bouncycastle.cert.jcajce.JcaX509v3CertificateBuilder;
import org.bouncycastle.openssl.jcajce.JcaPEMWriter;
import org.bouncycastle.jce.provider.BouncyCastleProvider;
import org.bouncycastle.openssl.PKCS8Generator;
import org.bouncycastle.openssl.jcajce.JcaPKCS8Generator;
import org.bouncycastle.openssl.jcajce.JceOpenSSLPKCS8EncryptorBuilder;
import org.bouncycastle.operator.ContentSigner;
import org.bouncycastle.operator.OutputEncryptor;
import org.bouncycastle.operator.jcajce.JcaContentSignerBuilder;

/** (A copy of kwire-net's test TestPki.) A certificate authority made in the test (EC P-256, so it takes milliseconds) and what it issues. */
public final class TestPki {
  public static final String PASSWORD = "changeit";

  /** A key and its certificate chain, leaf first. */
  public record Issued(KeyPair keys, List<X509Certificate> chain) {
    public X509Certificate certificate() {
      return chain.get(0);
    }

    /** The PEM chain and the PKCS#8 key. */
    public KeyMaterial pem(Path dir, String name) throws Exception {
      Path chainFile = dir.resolve(name + "-chain.pem");
      Path keyFile = dir.resolve(name + "-key.pem");
      writePem(chainFile, chain.toArray());
      writePem(keyFile, new JcaPKCS8Generator(keys.getPrivate(), null).generate());
      return KeyMaterial.pem(chainFile, keyFile);
    }

    /** The PEM chain and the PKCS#8 key encrypted with {@link #PASSWORD} (PBES2, AES-256-CBC). */
    public KeyMaterial encryptedPem(Path dir, String name) throws Exception {
      Path chainFile = dir.resolve(name + "-chain.pem");
      Path keyFile = dir.resolve(name + "-key.enc.pem");
      writePem(chainFile, chain.toArray());
      OutputEncryptor encryptor = new JceOpenSSLPKCS8EncryptorBuilder(PKCS8Generator.AES_256_CBC)
          .setProvider(new BouncyCastleProvider()).setPassword(PASSWORD.toCharArray()).build();
      writePem(keyFile, new JcaPKCS8Generator(keys.getPrivate(), encryptor).generate());
      return KeyMaterial.pem(chainFile, keyFile, PASSWORD);
    }

    /** A key store of this type (PKCS12, JKS) with the key under alias "key". */
    public KeyMaterial keyStore(Path dir, String name, String type) throws Exception {
      KeyStore store = KeyStore.getInstance(type);
      store.load(null, null);
      store.setKeyEntry("key", keys.getPrivate(), PASSWORD.toCharArray(), chain.toArray(new X509Certificate[0]));
      Path file = dir.resolve(name + "." + type.toLowerCase(java.util.Locale.ROOT));
      try (OutputStream out = Files.newOutputStream(file)) {
        store.store(out, PASSWORD.toCharArray());
      }
      return KeyMaterial.keyStore(file, type, PASSWORD, PASSWORD);
    }
  }

  private final SecureRandom random = new SecureRandom();
  private final KeyPair caKeys;
  private final X509Certificate caCertificate;
  private long serial = 1;

  public TestPki(String caName) throws Exception {
    caKeys = newKeys();
    X500Principal subject = new X500Principal(caName);
    X509v3CertificateBuilder builder = builder(subject, subject, caKeys);
    builder.addExtension(Extension.basicConstraints, true, new BasicConstraints(true));
    builder.addExtension(Extension.keyUsage, true, new KeyUsage(KeyUsage.keyCertSign | KeyUsage.cRLSign));
    caCertificate = sign(builder, caKeys);
  }

  public X509Certificate caCertificate() {
    return caCertificate;
  }

  /** A server certificate whose SAN names {@code dnsNames} and {@code ips}. */
  public Issued server(String subject, List<String> dnsNames, List<String> ips) throws Exception {
    KeyPair keys = newKeys();
    X509v3CertificateBuilder builder = leaf(subject, keys, KeyPurposeId.id_kp_serverAuth);
    GeneralName[] names = new GeneralName[dnsNames.size() + ips.size()];
    int i = 0;
    for (String dns : dnsNames) {
      names[i++] = new GeneralName(GeneralName.dNSName, dns);
    }
    for (String ip : ips) {
      names[i++] = new GeneralName(GeneralName.iPAddress, ip);
    }
    builder.addExtension(Extension.subjectAlternativeName, false, new GeneralNames(names));
    return new Issued(keys, List.of(sign(builder, caKeys), caCertificate));
  }

  /** A client certificate. */
  public Issued client(String subject) throws Exception {
    KeyPair keys = newKeys();
    return new Issued(keys, List.of(sign(leaf(subject, keys, KeyPurposeId.id_kp_clientAuth), caKeys), caCertificate));
  }

  /** The CA certificate as a PEM bundle. */
  public TrustMaterial trustPem(Path dir, String name) throws Exception {
    Path file = dir.resolve(name + "-ca.pem");
    writePem(file, caCertificate);
    return TrustMaterial.pem(file);
  }

  /** The CA certificate in a trust store of this type. */
  public TrustMaterial trustStore(Path dir, String name, String type) throws Exception {
    KeyStore store = KeyStore.getInstance(type);
    store.load(null, null);
    store.setCertificateEntry("ca", caCertificate);
    Path file = dir.resolve(name + "-trust." + type.toLowerCase(java.util.Locale.ROOT));
    try (OutputStream out = Files.newOutputStream(file)) {
      store.store(out, PASSWORD.toCharArray());
    }
    return TrustMaterial.trustStore(file, type, PASSWORD);
  }

  private X509v3CertificateBuilder leaf(String subject, KeyPair keys, KeyPurposeId purpose) throws Exception {
    X509v3CertificateBuilder builder = builder(caCertificate.getSubjectX500Principal(), new X500Principal(subject), keys);
    builder.addExtension(Extension.basicConstraints, true, new BasicConstraints(false));
    builder.addExtension(Extension.keyUsage, true, new KeyUsage(KeyUsage.digitalSignature));
    builder.addExtension(Extension.extendedKeyUsage, false, new ExtendedKeyUsage(purpose));
    builder.addExtension(Extension.authorityKeyIdentifier, false,
        new JcaX509ExtensionUtils().createAuthorityKeyIdentifier(caCertificate));
    return builder;
  }

  private X509v3CertificateBuilder builder(X500Principal issuer, X500Principal subject, KeyPair keys) throws Exception {
    Instant now = Instant.now();
    X509v3CertificateBuilder builder = new JcaX509v3CertificateBuilder(issuer, BigInteger.valueOf(serial++),
        Date.from(now.minus(Duration.ofHours(1))), Date.from(now.plus(Duration.ofDays(1))), subject, keys.getPublic());
    builder.addExtension(Extension.subjectKeyIdentifier, false,
        new JcaX509ExtensionUtils().createSubjectKeyIdentifier(keys.getPublic()));
    return builder;
  }

  private static X509Certificate sign(X509v3CertificateBuilder builder, KeyPair issuerKeys) throws Exception {
    ContentSigner signer = new JcaContentSignerBuilder("SHA256withECDSA").build(issuerKeys.getPrivate());
    return new JcaX509CertificateConverter().getCertificate(builder.build(signer));
  }

  private KeyPair newKeys() throws Exception {
    KeyPairGenerator generator = KeyPairGenerator.getInstance("EC");
    generator.initialize(new ECGenParameterSpec("secp256r1"), random);
    return generator.generateKeyPair();
  }

  private static void writePem(Path file, Object... objects) throws IOException {
    try (Writer out = Files.newBufferedWriter(file, StandardCharsets.US_ASCII); JcaPEMWriter pem = new JcaPEMWriter(out)) {
      for (Object object : objects) {
        pem.writeObject(object);
      }
    }
  }
}

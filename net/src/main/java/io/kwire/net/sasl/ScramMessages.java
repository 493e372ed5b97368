package io.kwire.net.sasl;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The four SCRAM messages of RFC 5802 section 7, parsed strictly and written. Every parse failure is a
 * {@link SaslAuthenticationException} naming the message and the attribute.
 */
final class ScramMessages {
  private ScramMessages() {}

  /** {@code gs2-header client-first-message-bare}, e.g. {@code n,,n=user,r=nonce}. */
  record ClientFirst(String gs2Header, String authzid, String username, String nonce,
      Map<String, String> extensions, String bare) {
    static ClientFirst parse(byte[] message) {
      String text = Utf8.decode(message, 0, message.length, "the client-first-message");
      // gs2-header: gs2-cbind-flag "," [ "a=" saslname ] ","
      String[] parts = text.split(",", -1);
      if (parts.length < 4) {
        throw invalid("client-first-message", "expected gs2-header, n= and r=");
      }
      if (parts[0].startsWith("p=")) {
        throw invalid("client-first-message", "channel binding (p=) is not supported");
      }
      if (!parts[0].equals("n") && !parts[0].equals("y")) {
        throw invalid("client-first-message", "gs2-cbind-flag must be n or y, not '" + parts[0] + "'");
      }
      String authzid = "";
      if (!parts[1].isEmpty()) {
        authzid = saslName(value(parts[1], 'a', "client-first-message"), "client-first-message");
      }
      String gs2Header = parts[0] + "," + parts[1] + ",";
      if (parts[2].startsWith("m=")) {
        throw invalid("client-first-message", "mandatory extension (m=) is not supported");
      }
      String username = saslName(value(parts[2], 'n', "client-first-message"), "client-first-message");
      if (username.isEmpty()) {
        throw invalid("client-first-message", "the user name (n=) is empty");
      }
      String nonce = checkNonce(value(parts[3], 'r', "client-first-message"), "client-first-message");
      Map<String, String> extensions = parseExtensions(parts, 4, "client-first-message");
      return new ClientFirst(gs2Header, authzid, username, nonce, extensions, text.substring(gs2Header.length()));
    }

    static String write(String username, String nonce, Map<String, String> extensions) {
      StringBuilder out = new StringBuilder("n,,n=").append(escapeSaslName(username)).append(",r=").append(nonce);
      extensions.forEach((k, v) -> out.append(',').append(k).append('=').append(v));
      return out.toString();
    }
  }

  /** {@code r=nonce,s=salt,i=iterations}. */
  record ServerFirst(String nonce, byte[] salt, int iterations) {
    static ServerFirst parse(byte[] message) {
      String text = Utf8.decode(message, 0, message.length, "the server-first-message");
      String[] parts = text.split(",", -1);
      if (parts.length < 3) {
        throw invalid("server-first-message", "expected r=, s= and i=");
      }
      if (parts[0].startsWith("m=")) {
        throw invalid("server-first-message", "mandatory extension (m=) is not supported");
      }
      String nonce = checkNonce(value(parts[0], 'r', "server-first-message"), "server-first-message");
      byte[] salt = base64(value(parts[1], 's', "server-first-message"), "server-first-message", "salt (s=)");
      if (salt.length == 0) {
        throw invalid("server-first-message", "the salt (s=) is empty");
      }
      int iterations = positiveInt(value(parts[2], 'i', "server-first-message"), "server-first-message");
      parseExtensions(parts, 3, "server-first-message");
      return new ServerFirst(nonce, salt, iterations);
    }

    static String write(String nonce, byte[] salt, int iterations) {
      return "r=" + nonce + ",s=" + Base64.getEncoder().encodeToString(salt) + ",i=" + iterations;
    }
  }

  /** {@code c=channel-binding,r=nonce[,ext],p=proof}; {@code withoutProof} is what AuthMessage takes. */
  record ClientFinal(byte[] channelBinding, String nonce, byte[] proof, String withoutProof) {
    static ClientFinal parse(byte[] message) {
      String text = Utf8.decode(message, 0, message.length, "the client-final-message");
      String[] parts = text.split(",", -1);
      if (parts.length < 3) {
        throw invalid("client-final-message", "expected c=, r= and p=");
      }
      byte[] channelBinding = base64(value(parts[0], 'c', "client-final-message"), "client-final-message",
          "channel binding (c=)");
      String nonce = checkNonce(value(parts[1], 'r', "client-final-message"), "client-final-message");
      String last = parts[parts.length - 1];
      byte[] proof = base64(value(last, 'p', "client-final-message"), "client-final-message", "proof (p=)");
      parseExtensions(Arrays.copyOf(parts, parts.length - 1), 2, "client-final-message");
      return new ClientFinal(channelBinding, nonce, proof, text.substring(0, text.length() - last.length() - 1));
    }

    static String withoutProof(String gs2Header, String nonce) {
      return "c=" + Base64.getEncoder().encodeToString(gs2Header.getBytes(StandardCharsets.UTF_8)) + ",r=" + nonce;
    }
  }

  /** {@code v=verifier} or {@code e=error}. */
  record ServerFinal(String error, byte[] verifier) {
    static ServerFinal parse(byte[] message) {
      String text = Utf8.decode(message, 0, message.length, "the server-final-message");
      String[] parts = text.split(",", -1);
      if (parts[0].startsWith("e=")) {
        return new ServerFinal(parts[0].substring(2), null);
      }
      byte[] verifier = base64(value(parts[0], 'v', "server-final-message"), "server-final-message",
          "verifier (v=)");
      parseExtensions(parts, 1, "server-final-message");
      return new ServerFinal(null, verifier);
    }
  }

  static SaslAuthenticationException invalid(String message, String why) {
    return new SaslAuthenticationException("Invalid SCRAM " + message + ": " + why);
  }

  private static String value(String attribute, char name, String message) {
    if (attribute.length() < 2 || attribute.charAt(0) != name || attribute.charAt(1) != '=') {
      throw invalid(message, "expected attribute " + name + "= where it reads '" + shorten(attribute) + "'");
    }
    return attribute.substring(2);
  }

  /** Extensions after the fixed attributes: {@code key=value}, keys of letters only (RFC 5802's attr-val). */
  private static Map<String, String> parseExtensions(String[] parts, int from, String message) {
    Map<String, String> extensions = new LinkedHashMap<>();
    for (int i = from; i < parts.length; i++) {
      int eq = parts[i].indexOf('=');
      if (eq <= 0 || !parts[i].substring(0, eq).chars().allMatch(ScramMessages::isAsciiLetter)) {
        throw invalid(message, "malformed extension '" + shorten(parts[i]) + "'");
      }
      extensions.put(parts[i].substring(0, eq), parts[i].substring(eq + 1));
    }
    return extensions;
  }

  private static boolean isAsciiLetter(int c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
  }

  /** RFC 5802's saslname: '=' only as {@code =2C} (',') or {@code =3D} ('='). */
  static String saslName(String escaped, String message) {
    StringBuilder out = new StringBuilder(escaped.length());
    for (int i = 0; i < escaped.length(); i++) {
      char c = escaped.charAt(i);
      if (c != '=') {
        out.append(c);
      } else if (escaped.startsWith("=2C", i)) {
        out.append(',');
        i += 2;
      } else if (escaped.startsWith("=3D", i)) {
        out.append('=');
        i += 2;
      } else {
        throw invalid(message, "'=' in a name must be =2C or =3D");
      }
    }
    return out.toString();
  }

  static String escapeSaslName(String name) {
    return name.replace("=", "=3D").replace(",", "=2C");
  }

  /** A nonce: printable ASCII except ','. */
  static String checkNonce(String nonce, String message) {
    if (nonce.isEmpty()) {
      throw invalid(message, "the nonce (r=) is empty");
    }
    for (int i = 0; i < nonce.length(); i++) {
      char c = nonce.charAt(i);
      if (c < 0x21 || c > 0x7e || c == ',') {
        throw invalid(message, "the nonce (r=) holds a character other than printable ASCII at " + i);
      }
    }
    return nonce;
  }

  private static byte[] base64(String text, String message, String what) {
    byte[] decoded;
    try {
      decoded = Base64.getDecoder().decode(text);
    } catch (IllegalArgumentException e) {
      throw invalid(message, "the " + what + " is not base64");
    }
    // The JDK also accepts missing padding and stray low bits: only the canonical form is taken.
    if (!Base64.getEncoder().encodeToString(decoded).equals(text)) {
      throw invalid(message, "the " + what + " is not canonical base64");
    }
    return decoded;
  }

  private static int positiveInt(String text, String message) {
    if (text.isEmpty() || text.length() > 10 || !text.chars().allMatch(c -> c >= '0' && c <= '9')) {
      throw invalid(message, "the iteration count (i=) is not a number: '" + shorten(text) + "'");
    }
    long value = Long.parseLong(text);
    if (value < 1 || value > Integer.MAX_VALUE) {
      throw invalid(message, "the iteration count (i=) is out of range: " + value);
    }
    return (int) value;
  }

  private static String shorten(String text) {
    return text.length() <= 32 ? text : text.substring(0, 32) + "...";
  }
}

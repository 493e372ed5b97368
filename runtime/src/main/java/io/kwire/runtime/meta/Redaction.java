package io.kwire.runtime.meta;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.HashSet;
import java.util.Set;
import java.util.function.Function;

/**
 * The one rule for what human-facing output hides (kwire-json's redaction, {@code kwire decode},
 * {@code kwire explain} and the proxy's log all ask here):
 *
 * <ul>
 *   <li>a field declared {@code @Field(sensitive = true)} ({@link FieldDescriptor#sensitive()}: SASL
 *       auth bytes, SCRAM salts and salted passwords, delegation-token HMACs, forwarded envelopes);
 *   <li>a config value: the string {@code Value} of a struct whose string {@code Name} (or {@code Key})
 *       names the config. As Kafka's request log does, it is shown only when that name is a known
 *       Kafka config that is not of type PASSWORD (see {@link #loggableConfig}), and the struct does
 *       not say {@code IsSensitive: true}. Everything else is hidden: passwords, a plugin's own
 *       settings, names Kafka does not know. A null or empty value hides nothing and is shown.
 * </ul>
 *
 * <p>The known configs are data, generated from Kafka's config definitions (the broker's, its dynamic
 * ones, topics', groups' and client metrics') into the resource {@code loggable-configs.txt} beside this
 * class, and checked against Kafka by the e2e module's {@code LoggableConfigsTest}.
 */
public final class Redaction {
  /** The non-PASSWORD config names, one per line, sorted; {@code #} starts a comment line. */
  static final String KNOWN_CONFIGS = "/io/kwire/runtime/meta/loggable-configs.txt";

  private static final String LISTENER_PREFIX = "listener.name.";

  private Redaction() {}

  /**
   * Whether {@code field}'s value is hidden.
   *
   * @param struct the values of the fields of the same struct, {@code field} included, by Kafka name:
   *     a {@code String} for a string field, a {@code Boolean} for a bool; anything else (null, say)
   *     for a field the struct lacks. Only {@code Value}, {@code Name}, {@code Key} and
   *     {@code IsSensitive} are asked.
   */
  public static boolean hides(FieldDescriptor field, Function<String, Object> struct) {
    if (field.sensitive()) {
      return true;
    }
    if (!field.name().equals("Value") || !field.type().equals("string")) {
      return false;
    }
    if (!(struct.apply("Value") instanceof String value) || value.isEmpty()) {
      return false; // nothing to hide (the size shows it anyway)
    }
    Object name = struct.apply("Name");
    if (!(name instanceof String)) {
      name = struct.apply("Key");
    }
    if (!(name instanceof String configName)) {
      return false;
    }
    return !loggableConfig(configName) || Boolean.TRUE.equals(struct.apply("IsSensitive"));
  }

  /**
   * Whether a config's value may be shown: its name is a known Kafka config and not of type PASSWORD.
   * A broker's per-listener override ({@code listener.name.L.ssl.keystore.type}, or for SASL
   * {@code listener.name.L.MECHANISM.sasl.login.class}) counts as the config it overrides, as it does
   * for Kafka.
   */
  public static boolean loggableConfig(String name) {
    Set<String> known = Known.NAMES;
    if (known.contains(name)) {
      return true;
    }
    if (!name.startsWith(LISTENER_PREFIX)) {
      return false;
    }
    int listenerEnd = name.indexOf('.', LISTENER_PREFIX.length());
    if (listenerEnd < 0) {
      return false;
    }
    String overridden = name.substring(listenerEnd + 1);
    if (known.contains(overridden)) {
      return true;
    }
    int mechanismEnd = overridden.indexOf('.');
    String saslConfig = mechanismEnd < 0 ? "" : overridden.substring(mechanismEnd + 1);
    return saslConfig.startsWith("sasl.") && known.contains(saslConfig);
  }

  /** Read on first use, so that codecs that never redact do not pay for it. */
  private static final class Known {
    static final Set<String> NAMES = read();

    private static Set<String> read() {
      InputStream in = Redaction.class.getResourceAsStream(KNOWN_CONFIGS);
      if (in == null) {
        throw new IllegalStateException(KNOWN_CONFIGS + " is missing from the class path");
      }
      Set<String> names = new HashSet<>();
      try (BufferedReader lines = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
        for (String line = lines.readLine(); line != null; line = lines.readLine()) {
          if (!line.isBlank() && !line.startsWith("#")) {
            names.add(line.strip());
          }
        }
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
      return Set.copyOf(names);
    }
  }
}

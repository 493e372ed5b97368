package io.kwire.runtime.meta;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The rule on hand-made descriptors; e2e's LoggableConfigsTest holds the list of configs against Kafka's. */
class RedactionTest {
  private static final VersionRange ALL = VersionRange.parse("0+");
  private static final FieldDescriptor VALUE = FieldDescriptor.of("Value", "value", "string", ALL);

  private static Map<String, Object> entry(String nameField, String name, Boolean sensitive) {
    return entry(nameField, name, "v4lue", sensitive);
  }

  private static Map<String, Object> entry(String nameField, String name, Object value, Boolean sensitive) {
    Map<String, Object> struct = new HashMap<>();
    struct.put(nameField, name);
    struct.put("Value", value);
    if (sensitive != null) {
      struct.put("IsSensitive", sensitive);
    }
    return struct;
  }

  @Test
  void declaredSecretsAreHiddenWhateverTheirStruct() {
    FieldDescriptor authBytes = FieldDescriptor.of("AuthBytes", "authBytes", "bytes", ALL).withSensitive();
    assertTrue(Redaction.hides(authBytes, name -> null));
    assertFalse(Redaction.hides(FieldDescriptor.of("AuthBytes", "authBytes", "bytes", ALL), name -> null));
  }

  @Test
  void aConfigValueIsShownOnlyForAKnownNonPasswordConfigNotFlaggedSensitive() {
    assertFalse(Redaction.hides(VALUE, entry("Name", "retention.ms", null)::get));
    assertFalse(Redaction.hides(VALUE, entry("Key", "cleanup.policy", null)::get));
    assertFalse(Redaction.hides(VALUE, entry("Name", "retention.ms", false)::get));
    assertTrue(Redaction.hides(VALUE, entry("Name", "retention.ms", true)::get), "the broker says it is sensitive");
    assertTrue(Redaction.hides(VALUE, entry("Name", "ssl.key.password", null)::get), "PASSWORD");
    assertTrue(Redaction.hides(VALUE, entry("Name", "custom.plugin.api.token", null)::get), "unknown");
    assertTrue(Redaction.hides(VALUE, entry("Name", "", null)::get), "unknown");
  }

  @Test
  void anEmptyOrNullValueHidesNothing() {
    assertFalse(Redaction.hides(VALUE, entry("Name", "ssl.key.password", "", null)::get));
    assertFalse(Redaction.hides(VALUE, entry("Name", "ssl.key.password", null, null)::get));
    assertTrue(Redaction.hides(VALUE, entry("Name", "ssl.key.password", " ", null)::get));
  }

  @Test
  void aValueWithoutANameBesideItIsNoConfig() {
    assertFalse(Redaction.hides(VALUE, Map.of("Value", "v4lue")::get));
    FieldDescriptor number = FieldDescriptor.of("Value", "value", "float64", ALL);
    assertFalse(Redaction.hides(number, entry("Key", "consumer_byte_rate", null)::get), "quotas are numbers");
  }

  @Test
  void listenerOverridesCountAsTheConfigTheyOverride() {
    assertTrue(Redaction.loggableConfig("ssl.keystore.type"));
    assertTrue(Redaction.loggableConfig("listener.name.internal.ssl.keystore.type"));
    assertTrue(Redaction.loggableConfig("listener.name.sasl_ssl.plain.sasl.login.class"));
    assertFalse(Redaction.loggableConfig("listener.name.internal.ssl.keystore.password"));
    assertFalse(Redaction.loggableConfig("listener.name.sasl_ssl.plain.sasl.jaas.config"));
    assertFalse(Redaction.loggableConfig("listener.name.x.y.retention.ms"), "only SASL configs take a mechanism");
    assertFalse(Redaction.loggableConfig("listener.name.internal"));
    assertFalse(Redaction.loggableConfig("listener.name."));
  }
}

package io.kwire.tests.conformance;

import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What the wire looks like at one version, as either side states it: only what exists at that
 * version, with every attribute already resolved for it (e.g. "nullable" instead of a range), and
 * spelled the same way on both sides so the comparison is plain string equality.
 */
final class WireView {
  private WireView() {}

  /** Message attributes at the version, and the top-level fields present then, in wire order. */
  record MessageView(String name, Map<String, String> attributes, List<FieldView> fields) {}

  /** A field present at the version; {@code children} are its struct's fields present then. */
  record FieldView(String name, Map<String, String> attributes, List<FieldView> children) {}

  // Attribute names, shared by both projections and used in difference reports.
  static final String API_KEY = "apiKey";
  static final String TYPE = "type";
  static final String VALID = "validVersions contains version";
  static final String FLEXIBLE = "flexible";
  static final String DEPRECATED = "deprecated";
  static final String UNSTABLE = "latest version unstable";

  static final String FIELD_TYPE = "type";
  static final String NULLABLE = "nullable";
  static final String TAGGED = "tagged";
  static final String TAG = "tag";
  static final String DEFAULT = "default";
  static final String IGNORABLE = "ignorable";
  static final String MAP_KEY = "mapKey";
  static final String COMPACT = "flexible (compact encoding)";
  static final String ZERO_COPY = "zeroCopy";
  static final String ENTITY_TYPE = "entityType";

  /**
   * Field attributes with no effect on the bytes of any version. kwire states each once per field,
   * so where both releases have a field and disagree (3.9.1 and 4.4.0 do, e.g. ignorable on
   * ProduceRequest.TopicData.Name, mapKey in the share APIs), the newer release's value is the one
   * to check.
   */
  static final Set<String> DECLARATION_ONLY = Set.of(IGNORABLE, MAP_KEY, ENTITY_TYPE);

  /** Tag value when the field is not tagged at the version. */
  static final String NOT_TAGGED = "-";
}

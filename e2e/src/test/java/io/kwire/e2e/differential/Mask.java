package io.kwire.e2e.differential;

import java.util.Set;

/**
 * One thing that legitimately differs between two clusters: the field {@code field} (matched by
 * name, at any depth) of the messages of {@code apis} (empty: every API), replaced before the trees
 * are compared. {@link Kind#VALUE} hides the value but not whether it is there (or null);
 * {@link Kind#TEXT} hides a string's wording but not whether it is null; {@link Kind#NODE_ID} hides
 * which broker a node id (or each of a list of them) names, but not that there is one ({@code -1}: none);
 * {@link Kind#POSITIVE} hides a positive number's value but not a 0 or a negative one;
 * {@link Kind#ABSENT} takes the field away on both sides.
 */
record Mask(Set<String> apis, String field, Kind kind, String reason) {
  enum Kind { VALUE, TEXT, NODE_ID, POSITIVE, ABSENT }

  static final String MASKED = "<masked>";
  static final String SOME_TEXT = "<text>";
  static final String NODE = "<node>";
  static final String SOME_POSITIVE = "<positive>";

  boolean appliesTo(String api, String name) {
    return field.equals(name) && (apis.isEmpty() || apis.contains(api));
  }

  Object apply(Object value) {
    if (value == JsonValues.NULL) {
      return value;
    }
    return switch (kind) {
      case VALUE -> MASKED;
      case TEXT -> SOME_TEXT;
      case NODE_ID -> value instanceof java.util.List<?> ids ? ids.stream().map(this::apply).toList()
          : value instanceof Long id && id >= 0 ? NODE : value;
      case POSITIVE -> value instanceof Long n && n > 0 ? SOME_POSITIVE : value;
      case ABSENT -> throw new IllegalStateException("an absent field has no value");
    };
  }
}

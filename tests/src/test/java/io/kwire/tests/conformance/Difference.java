package io.kwire.tests.conformance;

/**
 * One disagreement between Kafka's spec and kwire's model.
 *
 * @param version the version it concerns, or -1 when it concerns the message as a whole
 * @param path the message name, or the field path such as {@code CreateTopicsRequest.Topics.Name}
 * @param attribute what differs, e.g. {@code nullable} or {@code field}
 */
record Difference(int version, String path, String attribute, String kafka, String kwire) {
  static final int ALL_VERSIONS = -1;

  @Override
  public String toString() {
    String at = version == ALL_VERSIONS ? "all versions" : "v" + version;
    return at + " " + path + ": " + attribute + ": Kafka=" + kafka + ", kwire=" + kwire;
  }
}

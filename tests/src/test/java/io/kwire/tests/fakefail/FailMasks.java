package io.kwire.tests.fakefail;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Map;

/**
 * Where the fake's error response may legitimately differ from Kafka's, and nowhere else:
 *
 * <ul>
 *   <li>an {@code errorMessage} that Kafka fills with its own description of the code (the text of
 *       its {@code Errors} table, which kwire does not carry) and the fake leaves null;
 *   <li>the order of the elements of an array, when {@code unordered}: Kafka builds those answers
 *       from a hash map (Produce's {@code partitionSizes()}, a 3.x OffsetFetch v0's partition map),
 *       so their order is that map's, not the request's. The elements themselves, and how many,
 *       must still be Kafka's.
 * </ul>
 */
final class FailMasks {
  private static final ObjectMapper JSON = new ObjectMapper();

  private final String kafkaDescription;
  private final boolean unordered;

  private FailMasks(String kafkaDescription, boolean unordered) {
    this.kafkaDescription = kafkaDescription;
    this.unordered = unordered;
  }

  /** Whether Kafka answers {@code requestName} at {@code version} in its hash map's order. */
  static boolean kafkaOrderIsAHashMaps(String requestName, short version) {
    return requestName.equals("ProduceRequest") || (requestName.equals("OffsetFetchRequest") && version == 0)
        || requestName.equals("WriteTxnMarkersRequest"); // by producer id, then topic
  }

  /** The first difference that is not masked, or null. */
  static String difference(String kafkaJson, String fakeJson, String kafkaDescription, boolean unordered) {
    try {
      return new FailMasks(kafkaDescription, unordered).compare(JSON.readTree(kafkaJson), JSON.readTree(fakeJson), "");
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private String compare(JsonNode kafka, JsonNode fake, String path) {
    if (kafka.isObject() && fake.isObject()) {
      for (Map.Entry<String, JsonNode> field : kafka.properties()) {
        JsonNode theirs = fake.get(field.getKey());
        String at = path + "/" + field.getKey();
        if (theirs == null) {
          return at + ": missing in the fake's response";
        }
        if (field.getKey().equals("errorMessage") && theirs.isNull() && field.getValue().isTextual()
            && field.getValue().asText().equals(kafkaDescription)) {
          continue; // Kafka's own text for the code
        }
        String d = compare(field.getValue(), theirs, at);
        if (d != null) {
          return d;
        }
      }
      return kafka.size() == fake.size() ? null : path + ": the fake has other fields";
    }
    if (kafka.isArray() && fake.isArray()) {
      if (kafka.size() != fake.size()) {
        return path + ": Kafka has " + kafka.size() + " elements, the fake " + fake.size();
      }
      return unordered ? compareUnordered(kafka, fake, path) : compareInOrder(kafka, fake, path);
    }
    return kafka.equals(fake) ? null : path + ": Kafka " + kafka + ", the fake " + fake;
  }

  private String compareInOrder(JsonNode kafka, JsonNode fake, String path) {
    for (int i = 0; i < kafka.size(); i++) {
      String d = compare(kafka.get(i), fake.get(i), path + "/" + i);
      if (d != null) {
        return d;
      }
    }
    return null;
  }

  /** Each of Kafka's elements matches one of the fake's not matched yet. */
  private String compareUnordered(JsonNode kafka, JsonNode fake, String path) {
    boolean[] used = new boolean[fake.size()];
    for (int i = 0; i < kafka.size(); i++) {
      int match = -1;
      for (int j = 0; j < fake.size() && match < 0; j++) {
        if (!used[j] && compare(kafka.get(i), fake.get(j), path + "/" + j) == null) {
          match = j;
        }
      }
      if (match < 0) {
        return path + "/" + i + ": Kafka's " + kafka.get(i) + " is not in the fake's response";
      }
      used[match] = true;
    }
    return null;
  }
}

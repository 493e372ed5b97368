package io.kwire.fake.handlers;

import java.nio.ByteBuffer;
import java.util.Base64;
import java.util.UUID;

/**
 * The share coordinator's keys, {@code groupId:topicId:partition} with the topic id as Kafka writes
 * it (URL-safe base64 of its 16 bytes, unpadded): what FindCoordinator's key type 2 names, and
 * what places a share-partition's state on a coordinator.
 */
final class ShareStateKeys {
  private ShareStateKeys() {}

  /** The key of one share-partition. */
  static String key(String groupId, UUID topicId, int partition) {
    ByteBuffer bytes = ByteBuffer.allocate(16).putLong(topicId.getMostSignificantBits())
        .putLong(topicId.getLeastSignificantBits());
    return groupId + ":" + Base64.getUrlEncoder().withoutPadding().encodeToString(bytes.array()) + ":" + partition;
  }

  /** Whether FindCoordinator may look the key up: three parts, a group id, a topic id, a partition index. */
  static boolean isValid(String key) {
    String[] parts = key.split(":", -1);
    if (parts.length != 3 || parts[0].isEmpty() || parts[1].length() != 22) {
      return false;
    }
    try {
      if (Base64.getUrlDecoder().decode(parts[1]).length != 16) {
        return false;
      }
      return Integer.parseInt(parts[2]) >= 0;
    } catch (IllegalArgumentException e) {
      return false;
    }
  }
}

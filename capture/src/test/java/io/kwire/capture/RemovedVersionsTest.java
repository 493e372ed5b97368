package io.kwire.capture;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.kwire.runtime.ApiMessageCodec;
import io.kwire.runtime.KwireRegistry;
import java.util.Set;
import org.apache.kafka.common.protocol.ApiKeys;
import org.apache.kafka.common.protocol.Errors;
import org.junit.jupiter.api.Test;

/** The removed versions are the difference between kwire-messages (3.9.1 and 4.4.0) and Kafka 4.4.0's own ranges. */
class RemovedVersionsTest {
  /**
   * Share groups' v0 (KIP-932) was early access, never a stable version a released client sent; 4.x
   * starts them at v1. Not KIP-896's removals, so not reported.
   */
  private static final Set<String> EARLY_ACCESS = Set.of("ShareGroupHeartbeatRequest", "ShareGroupDescribeRequest",
      "ShareFetchRequest", "ShareAcknowledgeRequest");

  @Test
  void firstKeptVersionOfEveryApiMatchesKafka() {
    int checked = 0;
    KwireRegistry registry = KwireRegistry.standard();
    for (short apiKey = 0; apiKey < 1000; apiKey++) {
      ApiMessageCodec<?> codec = registry.findRequest(apiKey).orElse(null);
      if (codec == null || EARLY_ACCESS.contains(codec.descriptor().name())) {
        continue;
      }
      String name = codec.descriptor().name();
      short key = codec.apiKey();
      short lowest = codec.descriptor().validVersions().lowest();
      short expected;
      if (!ApiKeys.hasId(key) || ApiKeys.forId(key).allVersions().isEmpty()) {
        expected = Short.MAX_VALUE; // gone from Kafka 4.x altogether (LeaderAndIsr & co. keep a key, no version)
      } else {
        short oldest = ApiKeys.forId(key).oldestVersion();
        expected = oldest > lowest ? oldest : 0;
      }
      assertEquals(expected, RemovedVersions.firstKept(key), name);
      assertEquals(expected > lowest, RemovedVersions.removedIn40(key, lowest), name);
      checked++;
    }
    assertEquals(true, checked > 70, "requests checked: " + checked);
  }

  @Test
  void errorNamesAreKafkas() {
    for (short code = -1; code <= 120; code++) {
      assertEquals(Errors.forCode(code).name(), CaptureSummary.errorName(code));
    }
    assertEquals("121", CaptureSummary.errorName((short) 121), "past Kafka 4.4's table: the number");
  }
}

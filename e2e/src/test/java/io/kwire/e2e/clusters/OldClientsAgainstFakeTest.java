package io.kwire.e2e.clusters;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.kwire.e2e.bridge.OldKafkaClient;
import io.kwire.fake.FakeCluster;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.LongStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Real kafka-clients 0.9.0.1, 0.10.2.2, 0.11.0.3, 2.1.1, 2.8.2 and 3.9.1 against the fake directly,
 * no bridge in between (the first two are what Kafka 4.4.0 refuses, OldClientsWithoutBridgeTest):
 * each produces records (magic 0, magic 1, v2 batches) with a codec it has, and a consumer group of the same client reads exactly those
 * records, in order, at the offsets the producer was given, and commits; a second consumer of the
 * group resumes at the committed offset (it reads only the record produced after).
 */
class OldClientsAgainstFakeTest {
  private static final int RECORDS = 5;
  private static final long FIRST_TIMESTAMP = 1_600_000_000_000L;
  private static FakeCluster fake;

  @BeforeAll
  static void start() {
    fake = FakeCluster.start();
  }

  @AfterAll
  static void stop() {
    fake.close();
  }

  @ParameterizedTest(name = "kafka-clients {0}, {1}")
  @CsvSource({"0.9.0.1, none", "0.9.0.1, gzip", "0.10.2.2, none", "0.10.2.2, snappy", "0.11.0.3, lz4", "2.1.1, lz4",
      "2.1.1, gzip", "2.8.2, snappy", "3.9.1, gzip", "3.9.1, lz4"})
  void producesAndConsumesInAGroup(String version, String compression) throws Exception {
    String topic = "old-" + version + "-" + compression;
    fake.createTopic(topic, 1);
    try (OldKafkaClient client = new OldKafkaClient(version)) {
      List<OldKafkaClient.Rec> sent = new ArrayList<>();
      for (int i = 0; i < RECORDS; i++) {
        sent.add(new OldKafkaClient.Rec(-1, FIRST_TIMESTAMP + i, bytes("k" + i), bytes(version + "-v" + i)));
      }
      List<Long> offsets = client.produce(fake.bootstrapServers(), topic, compression, sent);
      assertEquals(LongStream.range(0, RECORDS).boxed().toList(), offsets);

      String group = "old-group-" + version + "-" + compression;
      List<OldKafkaClient.Rec> seen = client.consumeInGroup(fake.bootstrapServers(), topic, group, RECORDS, 15_000);
      assertEquals(RECORDS, seen.size(), "kafka-clients " + version + " consumed " + seen.size() + " records");
      for (int i = 0; i < RECORDS; i++) {
        assertEquals(i, seen.get(i).offset());
        assertArrayEquals(sent.get(i).key(), seen.get(i).key());
        assertArrayEquals(sent.get(i).value(), seen.get(i).value());
        if (client.hasTimestamps()) {
          assertEquals(FIRST_TIMESTAMP + i, seen.get(i).timestamp());
        }
      }
      // the group committed offset 5: a new member of the group starts there, at the next record
      OldKafkaClient.Rec next = new OldKafkaClient.Rec(-1, FIRST_TIMESTAMP + RECORDS, bytes("k"), bytes("next"));
      assertEquals(List.of((long) RECORDS), client.produce(fake.bootstrapServers(), topic, compression, List.of(next)));
      List<OldKafkaClient.Rec> resumed = client.consumeInGroup(fake.bootstrapServers(), topic, group, 1, 15_000);
      assertEquals(List.of((long) RECORDS), resumed.stream().map(OldKafkaClient.Rec::offset).toList());
      assertArrayEquals(next.value(), resumed.get(0).value());
    }
  }

  private static byte[] bytes(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }
}

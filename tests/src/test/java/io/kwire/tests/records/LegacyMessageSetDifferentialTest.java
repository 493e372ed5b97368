package io.kwire.tests.records;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.kwire.runtime.records.Compression;
import io.kwire.runtime.records.LegacyRecordsBuilder;
import io.kwire.runtime.records.TimestampType;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Magic 0 and 1 message sets against kafka-clients 3.9.1, which still reads and writes them. */
class LegacyMessageSetDifferentialTest {
  private static LegacyKafka kafka;

  @BeforeAll
  static void loadKafka() throws Exception {
    kafka = new LegacyKafka();
  }

  @AfterAll
  static void unload() throws Exception {
    kafka.close();
  }

  private static byte[] kwireBuild(byte magic, String codec, String timestampType, long baseOffset, long logAppendTime,
      List<RecordSpec> specs) {
    LegacyRecordsBuilder b = LegacyRecordsBuilder.create(magic, baseOffset).compression(Compression.valueOf(codec));
    if (timestampType.equals("LOG_APPEND_TIME")) {
      b.timestampType(TimestampType.LOG_APPEND_TIME, logAppendTime);
    }
    for (RecordSpec s : specs) {
      b.append(s.timestamp(), s.key(), s.value());
    }
    return b.build().toByteArray();
  }

  private static String timestampType(byte magic) {
    return magic == 0 ? "NO_TIMESTAMP_TYPE" : "CREATE_TIME";
  }

  @ParameterizedTest
  @CsvSource({"0,NONE", "0,GZIP", "0,SNAPPY", "0,LZ4", "1,NONE", "1,GZIP", "1,SNAPPY", "1,LZ4"})
  void eachSideReadsTheOthersMessageSets(byte magic, String codec) throws Exception {
    List<RecordSpec> specs = RecordSpec.random(5000 + magic, 200);
    byte[] fromKafka = kafka.build(magic, codec, timestampType(magic), 3000, -1, specs);
    byte[] fromKwire = kwireBuild(magic, codec, timestampType(magic), 3000, -1, specs);
    List<BatchInfo> expected = kafka.read(fromKafka);
    assertEquals(expected, kafka.read(fromKwire), "Kafka 3.9.1 reading kwire's");
    assertEquals(expected, KwireSide.read(fromKafka), "kwire reading Kafka 3.9.1's");
  }

  @ParameterizedTest
  @CsvSource({"0,NONE", "1,NONE", "0,GZIP", "1,GZIP"})
  void messageSetsAreByteIdentical(byte magic, String codec) throws Exception {
    List<RecordSpec> specs = RecordSpec.random(6000 + magic, 100);
    assertArrayEquals(kafka.build(magic, codec, timestampType(magic), 77, -1, specs),
        kwireBuild(magic, codec, timestampType(magic), 77, -1, specs));
  }

  @Test
  void logAppendTimeMatchesKafka() throws Exception {
    List<RecordSpec> specs = RecordSpec.random(7000, 50);
    for (String codec : new String[] {"NONE", "GZIP"}) {
      byte[] fromKafka = kafka.build((byte) 1, codec, "LOG_APPEND_TIME", 10, 1_800_000_000_000L, specs);
      byte[] fromKwire = kwireBuild((byte) 1, codec, "LOG_APPEND_TIME", 10, 1_800_000_000_000L, specs);
      assertArrayEquals(fromKafka, fromKwire, codec);
      assertEquals(kafka.read(fromKafka), KwireSide.read(fromKafka), codec);
    }
  }
}

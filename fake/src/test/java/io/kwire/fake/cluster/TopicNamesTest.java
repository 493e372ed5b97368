package io.kwire.fake.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.kafka.common.errors.InvalidTopicException;
import org.apache.kafka.common.internals.Topic;
import org.junit.jupiter.api.Test;

/** The fake's topic-name rules against Kafka's own (kafka-clients' Topic.validate). */
class TopicNamesTest {
  @Test
  void legalExactlyWhenKafkaSaysSo() {
    List<String> names = new ArrayList<>(List.of("", ".", "..", "...", "a", "a.b", "a_b", "a-b", "A9", "a b", "a/b",
        "ä", "x".repeat(249), "x".repeat(250), "__consumer_offsets", "a\u0000", "-", "_"));
    Random random = new Random(42);
    String alphabet = "abZ09._-!@ /ü\t";
    for (int i = 0; i < 2_000; i++) {
      StringBuilder name = new StringBuilder();
      int length = random.nextInt(12);
      for (int c = 0; c < length; c++) {
        name.append(alphabet.charAt(random.nextInt(alphabet.length())));
      }
      names.add(name.toString());
    }
    for (String name : names) {
      boolean kafkaLegal;
      try {
        Topic.validate(name);
        kafkaLegal = true;
      } catch (InvalidTopicException e) {
        kafkaLegal = false;
      }
      assertEquals(kafkaLegal, TopicNames.invalidReason(name).isEmpty(), "topic name \"" + name + "\"");
    }
  }

  @Test
  void dotsAndUnderscoresCollide() {
    assertEquals(Topic.unifyCollisionChars("a.b_c"), TopicNames.collisionForm("a.b_c"));
  }
}

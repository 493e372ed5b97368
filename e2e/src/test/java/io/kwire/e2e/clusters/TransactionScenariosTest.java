package io.kwire.e2e.clusters;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.stream.Stream;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.consumer.ConsumerGroupMetadata;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A transactional KafkaProducer against the real broker and the fake: a committed transaction,
 * an aborted one, a committed one, each with offsets sent to the transaction for a group. A
 * read_committed consumer sees the committed records only, at offsets that skip the markers and
 * the aborted record; a read_uncommitted one sees every data record; the group has the offset of
 * the last committed transaction, never the aborted one's; the latest offset is past the last
 * marker for both isolation levels.
 */
class TransactionScenariosTest {
  @RegisterExtension
  static final Targets TARGETS = new Targets();

  static Stream<Target> targets() {
    return TARGETS.both();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("targets")
  void readCommittedSeesCommittedOnlyReadUncommittedSeesAllAndOffsetsFollowTheCommits(Target target)
      throws Exception {
    TopicPartition out = new TopicPartition("clusters-txn-out", 0);
    TopicPartition in = new TopicPartition("clusters-txn-in", 0);
    String group = "clusters-txn-group";
    try (Admin admin = Clients.admin(target)) {
      admin.createTopics(List.of(new NewTopic(out.topic(), 1, (short) 1), new NewTopic(in.topic(), 1, (short) 1)))
          .all().get();
      Properties config = Clients.producer(target);
      config.put(ProducerConfig.TRANSACTIONAL_ID_CONFIG, "clusters-txn-producer");
      try (KafkaProducer<String, String> producer = new KafkaProducer<>(config);
          KafkaConsumer<String, String> member = new KafkaConsumer<>(
              Clients.consumer(target, group, "classic", "read_committed"))) {
        // not subscribed: the group's metadata at no generation, as for offsets of a group without members
        ConsumerGroupMetadata groupMetadata = member.groupMetadata();
        producer.initTransactions();
        producer.beginTransaction();
        assertEquals(0, producer.send(new ProducerRecord<>(out.topic(), 0, "k", "c0")).get().offset());
        assertEquals(1, producer.send(new ProducerRecord<>(out.topic(), 0, "k", "c1")).get().offset());
        producer.sendOffsetsToTransaction(Map.of(in, new OffsetAndMetadata(10)), groupMetadata);
        producer.commitTransaction(); // marker at 2

        producer.beginTransaction();
        assertEquals(3, producer.send(new ProducerRecord<>(out.topic(), 0, "k", "a0")).get().offset());
        producer.sendOffsetsToTransaction(Map.of(in, new OffsetAndMetadata(99)), groupMetadata);
        producer.abortTransaction(); // marker at 4

        producer.beginTransaction();
        assertEquals(5, producer.send(new ProducerRecord<>(out.topic(), 0, "k", "c2")).get().offset());
        producer.sendOffsetsToTransaction(Map.of(in, new OffsetAndMetadata(12, "done")), groupMetadata);
        producer.commitTransaction(); // marker at 6
      }
      List<ConsumerRecord<String, String>> committed = Clients.readAll(target, out, "read_committed");
      assertEquals(List.of("c0", "c1", "c2"), committed.stream().map(ConsumerRecord::value).toList());
      assertEquals(List.of(0L, 1L, 5L), committed.stream().map(ConsumerRecord::offset).toList());
      List<ConsumerRecord<String, String>> all = Clients.readAll(target, out, "read_uncommitted");
      assertEquals(List.of("c0", "c1", "a0", "c2"), all.stream().map(ConsumerRecord::value).toList());
      assertEquals(List.of(0L, 1L, 3L, 5L), all.stream().map(ConsumerRecord::offset).toList());
      assertEquals(7, admin.listOffsets(Map.of(out, OffsetSpec.latest())).partitionResult(out).get().offset());

      assertEquals(Map.of(in, new OffsetAndMetadata(12, "done")),
          admin.listConsumerGroupOffsets(group).partitionsToOffsetAndMetadata().get());
    }
  }
}

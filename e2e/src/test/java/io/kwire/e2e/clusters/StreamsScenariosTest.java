package io.kwire.e2e.clusters;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import java.util.function.BooleanSupplier;
import java.util.stream.Stream;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.GroupListing;
import org.apache.kafka.clients.admin.ListGroupsOptions;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.admin.StreamsGroupDescription;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.GroupState;
import org.apache.kafka.common.GroupType;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.CloseOptions;
import org.apache.kafka.streams.KafkaStreams;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.kstream.Consumed;
import org.apache.kafka.streams.kstream.Grouped;
import org.apache.kafka.streams.kstream.Materialized;
import org.apache.kafka.streams.kstream.Produced;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A Kafka Streams 4.4.0 word count (through a repartition topic, a count store with its changelog,
 * exactly_once_v2) run by two instances: they split the four tasks two and two, every count is
 * right, and when one stops the other takes all four and counts on. With {@code group.protocol=streams}
 * (KIP-1071: the broker configures the topology, creates the internal topics and assigns the tasks)
 * against the real broker and the fake with the same assertions; and with {@code classic}, on both too.
 */
class StreamsScenariosTest {
  private static final List<String> WORDS = List.of("apple", "banana", "cherry", "damson", "elder");

  @RegisterExtension
  static final Targets TARGETS = new Targets();

  static Stream<Target> targets() {
    return TARGETS.both();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("targets")
  void twoInstancesOfAStreamsGroupSplitTheTasksAndOneTakesThemAllWhenTheOtherStops(Target target) throws Exception {
    wordCount(target, "streams", "clusters-streams-wc");
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("targets")
  void theSameApplicationWithTheClassicProtocol(Target target) throws Exception {
    wordCount(target, "classic", "clusters-streams-wc-classic");
  }

  private static void wordCount(Target target, String protocol, String app) throws Exception {
    String input = app + "-in";
    String output = app + "-out";
    try (Admin admin = Clients.admin(target)) {
      admin.createTopics(List.of(new NewTopic(input, 2, (short) 1), new NewTopic(output, 1, (short) 1))).all().get();
      Map<String, Long> expected = new TreeMap<>();
      Map<String, String> counted = new TreeMap<>();
      try (KafkaProducer<String, String> producer = new KafkaProducer<>(Clients.producer(target));
          KafkaConsumer<String, String> results = new KafkaConsumer<>(
              Clients.consumer(target, null, "classic", "read_committed"))) {
        results.assign(List.of(new org.apache.kafka.common.TopicPartition(output, 0)));
        KafkaStreams a = start(target, protocol, app);
        KafkaStreams b = null;
        try {
          produce(producer, input, 0, 10, expected);
          awaitCounts(target, results, counted, expected);

          b = start(target, protocol, app);
          KafkaStreams first = a;
          KafkaStreams second = b;
          await(target, "the two instances split the four tasks", () -> activeTasks(first) == 2
              && activeTasks(second) == 2 && first.state() == KafkaStreams.State.RUNNING
              && second.state() == KafkaStreams.State.RUNNING);
          if (protocol.equals("streams")) {
            await(target, "the group is stable with two members", () -> {
              StreamsGroupDescription described = describe(admin, app);
              return described.groupState() == GroupState.STABLE && described.members().size() == 2;
            });
            List<GroupListing> listed = new ArrayList<>(admin.listGroups(ListGroupsOptions.forStreamsGroups()).all()
                .get());
            assertTrue(listed.stream().anyMatch(g -> g.groupId().equals(app)
                && g.type().equals(java.util.Optional.of(GroupType.STREAMS))), target + ": " + listed);
          }
          produce(producer, input, 10, 30, expected);
          awaitCounts(target, results, counted, expected);

          // It leaves the group as it stops (a classic Streams member would otherwise stay until its session expires).
          b.close(CloseOptions.groupMembershipOperation(CloseOptions.GroupMembershipOperation.LEAVE_GROUP)
              .withTimeout(Duration.ofSeconds(20)));
          b = null;
          await(target, "the remaining instance takes all four tasks", () -> activeTasks(first) == 4
              && first.state() == KafkaStreams.State.RUNNING);
          produce(producer, input, 30, 45, expected);
          awaitCounts(target, results, counted, expected);
        } finally {
          if (b != null) {
            b.close(Duration.ofSeconds(20));
          }
          a.close(Duration.ofSeconds(20));
        }
      }
      Map<String, TopicDescription> internal = admin.describeTopics(List.of(app + "-by-word-repartition",
          app + "-counts-changelog")).allTopicNames().get();
      internal.values().forEach(t -> assertEquals(2, t.partitions().size(), target + ": " + t));
    }
  }

  private static KafkaStreams start(Target target, String protocol, String app) throws Exception {
    Properties p = new Properties();
    p.put(StreamsConfig.BOOTSTRAP_SERVERS_CONFIG, target.bootstrapServers());
    p.put(StreamsConfig.APPLICATION_ID_CONFIG, app);
    p.put("group.protocol", protocol);
    p.put(StreamsConfig.PROCESSING_GUARANTEE_CONFIG, StreamsConfig.EXACTLY_ONCE_V2);
    p.put(StreamsConfig.COMMIT_INTERVAL_MS_CONFIG, 100);
    p.put(StreamsConfig.NUM_STREAM_THREADS_CONFIG, 1);
    p.put(StreamsConfig.STATE_DIR_CONFIG, Files.createTempDirectory("kwire-streams").toString());
    p.put(StreamsConfig.STATESTORE_CACHE_MAX_BYTES_CONFIG, 0);
    p.put(StreamsConfig.consumerPrefix("heartbeat.interval.ms"), 500);
    p.put(StreamsConfig.consumerPrefix("fetch.max.wait.ms"), 100);
    StreamsBuilder builder = new StreamsBuilder();
    builder.stream(app + "-in", Consumed.with(Serdes.String(), Serdes.String()))
        .flatMapValues(line -> Arrays.asList(line.split(" ")))
        .groupBy((key, word) -> word, Grouped.with("by-word", Serdes.String(), Serdes.String()))
        .count(Materialized.as("counts"))
        .toStream().mapValues(String::valueOf)
        .to(app + "-out", Produced.with(Serdes.String(), Serdes.String()));
    KafkaStreams streams = new KafkaStreams(builder.build(), p);
    streams.start();
    return streams;
  }

  private static int activeTasks(KafkaStreams streams) {
    return streams.metadataForLocalThreads().stream().mapToInt(t -> t.activeTasks().size()).sum();
  }

  private static StreamsGroupDescription describe(Admin admin, String group) {
    try {
      return admin.describeStreamsGroups(List.of(group)).all().get().get(group);
    } catch (Exception e) {
      throw new AssertionError(e);
    }
  }

  private static void produce(KafkaProducer<String, String> producer, String topic, int from, int to,
      Map<String, Long> expected) throws Exception {
    for (int i = from; i < to; i++) {
      String line = WORDS.get(i % WORDS.size()) + " " + WORDS.get((i * 3 + 1) % WORDS.size());
      Arrays.stream(line.split(" ")).forEach(w -> expected.merge(w, 1L, Long::sum));
      producer.send(new ProducerRecord<>(topic, "k" + i, line)).get();
    }
  }

  /** Reads the committed counts until each word's latest is the expected count. */
  private static void awaitCounts(Target target, KafkaConsumer<String, String> results, Map<String, String> counted,
      Map<String, Long> expected) {
    Map<String, String> wanted = new TreeMap<>();
    expected.forEach((w, n) -> wanted.put(w, Long.toString(n)));
    await(target, "the counts " + wanted, () -> {
      for (ConsumerRecord<String, String> r : results.poll(Duration.ofMillis(100))) {
        counted.put(r.key(), r.value());
      }
      return counted.equals(wanted);
    });
  }

  private static void await(Target target, String what, BooleanSupplier condition) {
    // generous: on a loaded machine the real broker has taken 90 s for the whole scenario
    long deadline = System.nanoTime() + Duration.ofSeconds(120).toNanos();
    while (!condition.getAsBoolean()) {
      if (System.nanoTime() > deadline) {
        throw new AssertionError(target + ": no " + what);
      }
      java.util.concurrent.locks.LockSupport.parkNanos(Duration.ofMillis(20).toNanos());
    }
  }
}

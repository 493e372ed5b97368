package io.kwire.tests.proxyfilters;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kwire.fake.FakeCluster;
import io.kwire.proxy.KwireProxy;
import io.kwire.proxy.ProxyConfig;
import io.kwire.proxy.filter.FilterLoader;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.InvalidRecordException;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.PolicyViolationException;
import org.apache.kafka.common.header.internals.RecordHeader;
import org.junit.jupiter.api.Test;

/**
 * kafka-clients 4.4 through {@code kwire proxy --filter require-header:header=trace-id} against a
 * FakeCluster: a record without the header fails as a broker's refusal does (InvalidRecordException,
 * or PolicyViolationException when so configured), not retried; records with it are appended, and
 * only those are in the log.
 */
class RequireHeaderFilterClientsTest {
  @Test
  void aRecordLackingTheHeaderIsRefusedAsInvalidAndTheOthersAreAppended() throws Exception {
    Throwable refused = produceThrough("header=trace-id");
    assertInstanceOf(InvalidRecordException.class, refused, refused.toString());
    assertTrue(refused.getMessage().contains("no header 'trace-id'"), refused.getMessage());
  }

  @Test
  void thePolicyViolationErrorWhenConfigured() throws Exception {
    Throwable refused = produceThrough("header=trace-id,error=policy-violation");
    assertInstanceOf(PolicyViolationException.class, refused, refused.toString());
  }

  @Test
  void aConfigurationWithoutHeaderIsRefusedWithItsReason() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> FilterLoader.load("require-header:error=policy-violation", getClass().getClassLoader()));
    assertEquals("require-header needs header=NAME, as in require-header:header=trace-id", e.getMessage());
  }

  /** Sends good, bad, good to one partition; returns the bad send's failure after checking the log holds the good two. */
  private Throwable produceThrough(String config) throws Exception {
    try (FakeCluster cluster = FakeCluster.start()) {
      cluster.createTopic("orders", 1, 1);
      ProxyConfig proxyConfig = ProxyConfig.of(new InetSocketAddress("127.0.0.1", 0), upstream(cluster))
          .withFilter(FilterLoader.load("require-header:" + config, getClass().getClassLoader()))
          .withEvents(line -> { });
      Throwable refused;
      try (KwireProxy proxy = KwireProxy.start(proxyConfig);
          KafkaProducer<String, String> producer = new KafkaProducer<>(
              Clients.producer("127.0.0.1:" + proxy.localAddress().getPort(), "policy-test"))) {
        producer.send(traced("one")).get();
        ExecutionException e = assertThrows(ExecutionException.class,
            () -> producer.send(new ProducerRecord<>("orders", 0, "k", "untraced")).get());
        refused = e.getCause();
        producer.send(traced("two")).get();
      }
      assertEquals(List.of("one", "two"), values(cluster), "only the traced records are in the log");
      return refused;
    }
  }

  private static ProducerRecord<String, String> traced(String value) {
    return new ProducerRecord<>("orders", 0, "k", value,
        List.of(new RecordHeader("trace-id", "t-1".getBytes(StandardCharsets.UTF_8))));
  }

  static InetSocketAddress upstream(FakeCluster cluster) {
    String[] hostPort = cluster.bootstrapServers().split(",")[0].split(":");
    return new InetSocketAddress(hostPort[0], Integer.parseInt(hostPort[1]));
  }

  /** The values of "orders" partition 0, read directly from the cluster. */
  private static List<String> values(FakeCluster cluster) {
    List<String> out = new ArrayList<>();
    try (KafkaConsumer<String, String> consumer = new KafkaConsumer<>(
        Clients.consumer(cluster.bootstrapServers(), "policy-check", null))) {
      TopicPartition p = new TopicPartition("orders", 0);
      consumer.assign(List.of(p));
      consumer.seekToBeginning(List.of(p));
      long end = consumer.endOffsets(List.of(p)).get(p);
      long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
      while (consumer.position(p) < end && System.nanoTime() < deadline) {
        for (ConsumerRecord<String, String> r : consumer.poll(Duration.ofMillis(100))) {
          out.add(r.value());
        }
      }
    }
    return out;
  }
}

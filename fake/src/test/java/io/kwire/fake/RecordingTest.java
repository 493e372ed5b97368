package io.kwire.fake;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kwire.messages.DescribeClusterRequest;
import io.kwire.messages.DescribeClusterRequestBuilder;
import io.kwire.messages.DescribeClusterResponse;
import io.kwire.net.KwireClient;
import java.io.IOException;
import java.io.StringWriter;
import java.io.Writer;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The recording through kwire's own client: exact JSON, start/stop/clear, the cap, the writer. */
class RecordingTest {
  private static final DescribeClusterRequest DESCRIBE = new DescribeClusterRequestBuilder().build();

  @Test
  void anExchangeIsOneJsonLineWithBothRecords() {
    try (FakeCluster cluster = FakeCluster.builder().clusterId("rec").start(); KwireClient client = connect(cluster)) {
      cluster.recording().start();
      DescribeClusterResponse response = client.send(DESCRIBE, DescribeClusterResponse.class).join();
      List<RecordedExchange> entries = cluster.recording().entries();
      assertEquals(1, entries.size());
      RecordedExchange e = entries.get(0);
      assertEquals("DescribeCluster", e.api());
      assertEquals(DESCRIBE, e.request(DescribeClusterRequest.class));
      assertEquals(response, e.response(DescribeClusterResponse.class));
      FakeBroker broker = cluster.brokers().get(0);
      assertEquals("{\"broker\":0,\"connection\":\"" + e.context().connectionId() + "\",\"api\":\"DescribeCluster\","
          + "\"apiKey\":60,\"apiVersion\":2,\"correlationId\":1,\"clientId\":\"rec-\\\"test\\\"\","
          + "\"request\":{\"includeClusterAuthorizedOperations\":false,\"endpointType\":1,"
          + "\"includeFencedBrokers\":false},"
          + "\"response\":{\"throttleTimeMs\":0,\"errorCode\":0,\"errorMessage\":null,\"endpointType\":1,"
          + "\"clusterId\":\"rec\",\"controllerId\":0,\"brokers\":[{\"brokerId\":0,\"host\":\"127.0.0.1\",\"port\":"
          + broker.port() + ",\"rack\":null,\"isFenced\":false}],\"clusterAuthorizedOperations\":-2147483648}}",
          e.json());
      assertEquals(e.json() + "\n", cluster.recording().jsonLines());
    }
  }

  @Test
  void onlyWhileStartedAndUntilCleared() {
    try (FakeCluster cluster = FakeCluster.start(); KwireClient client = connect(cluster)) {
      Recording recording = cluster.recording();
      describe(client);
      assertEquals(List.of(), recording.entries(), "off until started");
      recording.start();
      describe(client);
      recording.stop();
      describe(client);
      assertEquals(1, recording.entries().size());
      assertEquals(1, recording.entries().get(0).context().correlationId() - 1, "the second request");
      recording.clear();
      assertEquals(List.of(), recording.entries());
    }
  }

  @Test
  void theNewestAreKeptAndTheDroppedCounted() {
    try (FakeCluster cluster = FakeCluster.start(); KwireClient client = connect(cluster)) {
      Recording recording = cluster.recording().limit(2).start();
      for (int i = 0; i < 5; i++) {
        describe(client);
      }
      assertEquals(List.of(4, 5), recording.entries().stream().map(e -> e.context().correlationId()).toList());
      assertEquals(3, recording.dropped());
      recording.limit(1);
      assertEquals(4, recording.dropped());
      recording.clear();
      assertEquals(0, recording.dropped());
      assertThrows(IllegalArgumentException.class, () -> recording.limit(0));
    }
  }

  @Test
  void theByteBudgetKeepsTheNewestThatFitAndAlwaysTheLast() {
    try (FakeCluster cluster = FakeCluster.start(); KwireClient client = connect(cluster)) {
      Recording recording = cluster.recording().start();
      for (int i = 0; i < 3; i++) {
        describe(client);
      }
      long each = recording.entries().get(0).sizeBytes();
      assertTrue(each > 50, "request and response bodies: " + each);
      recording.limitBytes(2 * each);
      assertEquals(List.of(2, 3), recording.entries().stream().map(e -> e.context().correlationId()).toList());
      assertEquals(1, recording.dropped());
      recording.limitBytes(0);
      assertEquals(List.of(3), recording.entries().stream().map(e -> e.context().correlationId()).toList());
      assertEquals(2, recording.dropped());
      assertThrows(IllegalArgumentException.class, () -> recording.limitBytes(-1));
    }
  }

  @Test
  void eachExchangeIsWrittenAsItEnds() {
    try (FakeCluster cluster = FakeCluster.start(); KwireClient client = connect(cluster)) {
      StringWriter out = new StringWriter();
      Recording recording = cluster.recording().writeTo(out).start();
      describe(client);
      describe(client);
      assertEquals(recording.jsonLines(), out.toString());
      recording.writeTo(new Writer() {
        @Override
        public void write(char[] chars, int offset, int length) throws IOException {
          throw new IOException("disk full");
        }

        @Override
        public void flush() {}

        @Override
        public void close() {}
      });
      describe(client);
      UncheckedIOException failed = assertThrows(UncheckedIOException.class, recording::entries);
      assertEquals("disk full", failed.getCause().getMessage());
      recording.writeTo(null);
      assertEquals(3, recording.entries().size(), "recorded all the same");
    }
  }

  @Test
  void aDroppedRequestHasNoResponse() throws Exception {
    try (FakeCluster cluster = FakeCluster.start(); KwireClient client = connect(cluster)) {
      cluster.recording().start();
      cluster.control(DescribeClusterRequest.class).drop();
      client.send(DESCRIBE, DescribeClusterResponse.class).handle((r, f) -> null).get();
      RecordedExchange e = cluster.recording().entries().get(0);
      assertNull(e.response());
      assertTrue(e.json().endsWith(",\"response\":null}"), e.json());
    }
  }

  private static KwireClient connect(FakeCluster cluster) {
    FakeBroker broker = cluster.brokers().get(0);
    return KwireClient.builder().clientId("rec-\"test\"")
        .connect(new InetSocketAddress(broker.host(), broker.port()));
  }

  private static void describe(KwireClient client) {
    client.send(DESCRIBE, DescribeClusterResponse.class).join();
  }
}

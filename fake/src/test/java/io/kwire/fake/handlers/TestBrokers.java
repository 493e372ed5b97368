package io.kwire.fake.handlers;

import io.kwire.fake.cluster.BrokerNode;
import io.kwire.fake.cluster.ClusterSettings;
import io.kwire.fake.cluster.ClusterState;
import io.kwire.fake.cluster.ManualClock;
import io.kwire.fake.groups.GroupCoordinator;
import io.kwire.fake.txns.TransactionCoordinator;
import io.kwire.runtime.records.RecordBatchBuilder;
import io.kwire.runtime.records.Records;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * A cluster state with a manual clock and no network: tests call the handlers as the cluster
 * thread would (here, the test's thread) with kwire-messages' records.
 */
final class TestBrokers {
  final ManualClock clock = new ManualClock(1_000_000);
  final ClusterState cluster;
  final GroupCoordinator groups;
  final TransactionCoordinator transactions;

  TestBrokers(int brokers) {
    this(brokers, ClusterSettings.DEFAULT);
  }

  TestBrokers(int brokers, ClusterSettings settings) {
    cluster = new ClusterState("test-cluster", settings, clock, 7);
    List<BrokerNode> nodes = new ArrayList<>();
    for (int i = 0; i < brokers; i++) {
      nodes.add(new BrokerNode(i, "127.0.0.1", 9000 + i, null));
    }
    cluster.brokers(nodes);
    groups = new GroupCoordinator(cluster);
    transactions = new TransactionCoordinator(cluster, groups);
  }

  static RequestContext at(int broker, int version) {
    return new RequestContext(broker, (short) version, "test-client", "/127.0.0.1");
  }

  /** The response, which must be there already. */
  static <R> R now(CompletionStage<R> stage) {
    CompletableFuture<R> f = stage.toCompletableFuture();
    if (!f.isDone()) {
      throw new AssertionError("the handler has not answered");
    }
    return f.join();
  }

  /** A RecordBatch v2 of {@code values}, timestamps from {@code firstTimestamp} on, as a producer sends it. */
  static Records batch(long firstTimestamp, String... values) {
    RecordBatchBuilder b = RecordBatchBuilder.create(0);
    for (int i = 0; i < values.length; i++) {
      b.append(firstTimestamp + i, ("k" + i).getBytes(StandardCharsets.UTF_8),
          values[i].getBytes(StandardCharsets.UTF_8));
    }
    return b.build();
  }
}

package io.kwire.fake.handlers;

import static io.kwire.fake.handlers.TestBrokers.at;
import static io.kwire.fake.handlers.TestBrokers.batch;
import static io.kwire.fake.handlers.TestBrokers.now;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.kwire.fake.cluster.BrokerNode;
import io.kwire.fake.cluster.ErrorCode;
import io.kwire.fake.cluster.Topic;
import io.kwire.fake.cluster.TopicConfigs;
import io.kwire.messages.FetchRequest;
import io.kwire.messages.FetchRequestBuilder;
import io.kwire.messages.FetchRequestBuilder.FetchPartitionBuilder;
import io.kwire.messages.FetchRequestBuilder.FetchTopicBuilder;
import io.kwire.messages.FetchResponse;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Which broker serves a fetch (KIP-392): consumers from v11 any in-sync replica; the leader's preferred read replica. */
class FollowerFetchHandlerTest {
  private final TestBrokers brokers = new TestBrokers(3);
  private final FetchHandler fetch = new FetchHandler(brokers.cluster, 0);
  private final Topic topic = brokers.cluster.createTopic("r", 1, 3, List.of(List.of(0, 1, 2)), TopicConfigs.of(Map.of()));

  FollowerFetchHandlerTest() {
    now(new ProduceHandler(brokers.cluster, brokers.transactions)
        .handle(ProduceHandlerTest.request(-1, "r", 0, batch(1, "a", "b")), at(0, 9)));
  }

  @Test
  void anInSyncFollowerServesConsumersFromVersion11Only() {
    assertEquals(ErrorCode.NOT_LEADER_OR_FOLLOWER, partition(1, 10, "", -1).errorCode());
    FetchResponse.PartitionData served = partition(1, 11, "", -1);
    assertEquals(ErrorCode.NONE, served.errorCode());
    assertEquals(2, served.highWatermark());
    assertEquals(true, served.records().sizeInBytes() > 0);
    assertEquals(ErrorCode.NOT_LEADER_OR_FOLLOWER, partition(1, 11, "", 2).errorCode(), "a broker's fetch: leader only");
    brokers.cluster.brokerStopped(1, false);
    assertEquals(ErrorCode.NOT_LEADER_OR_FOLLOWER, partition(1, 11, "", -1).errorCode(), "out of the ISR");
  }

  @Test
  void theRackAwareSelectorNamesTheFollowerInTheClientsRackWithNoRecords() {
    List<BrokerNode> racked = List.of(new BrokerNode(0, "127.0.0.1", 9000, "r0"),
        new BrokerNode(1, "127.0.0.1", 9001, "r1"), new BrokerNode(2, "127.0.0.1", 9002, "r2"));
    brokers.cluster.brokers(racked);
    FetchResponse.PartitionData off = partition(0, 11, "r2", -1);
    assertEquals(-1, off.preferredReadReplica(), "no selector: the leader serves, as Kafka by default");

    brokers.cluster.rackAwareReplicaSelector(true);
    FetchResponse.PartitionData redirected = partition(0, 11, "r2", -1, 1 << 20); // answered at once all the same
    assertEquals(2, redirected.preferredReadReplica());
    assertEquals(0, redirected.records().sizeInBytes());
    assertEquals(2, redirected.highWatermark());
    assertEquals(-1, partition(0, 11, "r0", -1).preferredReadReplica(), "the leader is in the client's rack");
    assertEquals(-1, partition(0, 11, "r9", -1).preferredReadReplica(), "no replica in that rack");
    assertEquals(-1, partition(0, 11, "", -1).preferredReadReplica(), "no client.rack");
    assertEquals(-1, partition(2, 11, "r1", -1).preferredReadReplica(), "only the leader redirects");
    brokers.cluster.brokerStopped(2, false);
    assertEquals(-1, partition(0, 11, "r2", -1).preferredReadReplica(), "a stopped replica is not named");
  }

  /** Partition 0 as broker {@code node} answers a fetch from offset 0 (one byte is enough). */
  private FetchResponse.PartitionData partition(int node, int version, String rack, int replicaId) {
    return partition(node, version, rack, replicaId, 1);
  }

  /** The same, with the fetch's minBytes; its maxWaitMs is 500 ms. */
  private FetchResponse.PartitionData partition(int node, int version, String rack, int replicaId, int minBytes) {
    FetchRequest request = new FetchRequestBuilder().replicaId(replicaId).maxWaitMs(500).minBytes(minBytes)
        .maxBytes(1 << 20).rackId(rack).topics(List.of(new FetchTopicBuilder().topic("r").topicId(topic.id())
            .partitions(List.of(new FetchPartitionBuilder().partition(0).fetchOffset(0).partitionMaxBytes(1 << 20)
                .build())).build())).build();
    return now(fetch.handle(request, at(node, version))).responses().get(0).partitions().get(0);
  }
}

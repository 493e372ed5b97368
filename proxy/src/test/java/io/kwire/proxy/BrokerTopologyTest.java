package io.kwire.proxy;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.kwire.proxy.AdvertisedAddresses.Address;
import io.kwire.proxy.AdvertisedAddresses.Seen;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The consecutive scheme counts from the lowest node id of a whole-cluster list (Metadata,
 * DescribeCluster), never from a coordinator seen first. The listeners here refuse to serve, so the
 * port each node was given shows in its event line without the test needing those ports free.
 */
class BrokerTopologyTest {
  private static final Address BOOTSTRAP = new Address("proxy.example", 40000);

  @Test
  void aCoordinatorSeenBeforeAnyMetadataWaitsAndTheLowestComesFromTheWholeCluster() {
    List<String> events = new ArrayList<>();
    try (BrokerTopology topology = new BrokerTopology(new InetSocketAddress("127.0.0.1", 40000), "proxy.example",
        BOOTSTRAP, NodePorts.consecutive(), events::add)) {
      topology.serveWith((socket, node) -> {
        throw new IllegalStateException("not serving in this test");
      });
      topology.learn(List.of(new Seen(3, "kafka-3", 9092)), false);
      assertEquals(List.of(), topology.brokers(), "a coordinator alone is not learnt yet");
      assertEquals(BOOTSTRAP, topology.of(3));

      topology.learn(List.of(new Seen(2, "kafka-2", 9092), new Seen(3, "kafka-3", 9092), new Seen(4, "kafka-4", 9092)),
          true);
      assertEquals(List.of(2, 3, 4), topology.brokers().stream().map(ProxyBroker::nodeId).toList());
      for (int id = 2; id <= 4; id++) {
        String expected = "kwire proxy: node " + id + " (kafka-" + id + ":9092): cannot listen on 127.0.0.1:"
            + (40000 + 1 + id - 2) + " (";
        assertEquals(1, events.stream().filter(e -> e.startsWith(expected)).count(), expected + " in " + events);
        assertEquals(BOOTSTRAP, topology.of(id), "a node without a listener is told the bootstrap");
      }
    }
  }
}

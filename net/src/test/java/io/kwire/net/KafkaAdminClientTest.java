package io.kwire.net;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.kwire.messages.DescribeClusterRequest;
import io.kwire.messages.DescribeClusterResponse;
import io.kwire.messages.DescribeClusterResponseBuilder;
import io.kwire.messages.MetadataRequest;
import io.kwire.messages.MetadataResponse;
import io.kwire.messages.MetadataResponseBuilder;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.DescribeClusterResult;
import org.apache.kafka.common.Node;
import org.junit.jupiter.api.Test;

/**
 * Kafka's own AdminClient against a kwire server whose Metadata and DescribeCluster handlers are
 * written here: the framing, the ApiVersions exchange and the negotiated versions are what a real
 * client accepts.
 */
class KafkaAdminClientTest {
  private static final String CLUSTER = "kwire-test-cluster";

  @Test
  void adminDescribeClusterIsAnsweredByKwireHandlers() throws Exception {
    int[] port = new int[1];
    try (KwireServer server = KwireServer.builder()
        .handle(MetadataRequest.class, MetadataResponse.class, (request, context) -> new MetadataResponseBuilder()
            .brokers(List.of(new MetadataResponseBuilder.MetadataResponseBrokerBuilder()
                .nodeId(1).host("127.0.0.1").port(port[0]).build()))
            .clusterId(CLUSTER).controllerId(1).build())
        .handle(DescribeClusterRequest.class, DescribeClusterResponse.class, (request, context) ->
            new DescribeClusterResponseBuilder()
                .clusterId(CLUSTER).controllerId(1)
                .brokers(List.of(new DescribeClusterResponseBuilder.DescribeClusterBrokerBuilder()
                    .brokerId(1).host("127.0.0.1").port(port[0]).build()))
                .build())
        .start(new InetSocketAddress("127.0.0.1", 0))) {
      port[0] = server.localAddress().getPort();
      Map<String, Object> config = Map.of(
          AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, "127.0.0.1:" + port[0],
          AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, 10_000,
          AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, 15_000);
      try (Admin admin = Admin.create(config)) {
        DescribeClusterResult cluster = admin.describeCluster();
        assertEquals(CLUSTER, cluster.clusterId().get(15, TimeUnit.SECONDS));
        List<Node> nodes = List.copyOf(cluster.nodes().get(15, TimeUnit.SECONDS));
        assertEquals(1, nodes.size());
        assertEquals(port[0], nodes.get(0).port());
        assertEquals(1, cluster.controller().get(15, TimeUnit.SECONDS).id());
      }
    }
  }
}

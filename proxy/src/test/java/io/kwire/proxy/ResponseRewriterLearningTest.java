package io.kwire.proxy;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.kwire.messages.DescribeClusterResponseBuilder;
import io.kwire.messages.DescribeClusterResponseCodec;
import io.kwire.messages.FindCoordinatorResponseBuilder;
import io.kwire.messages.FindCoordinatorResponseCodec;
import io.kwire.messages.MetadataResponseBuilder;
import io.kwire.messages.MetadataResponseCodec;
import io.kwire.messages.ProduceResponseBuilder;
import io.kwire.messages.ProduceResponseCodec;
import io.kwire.proxy.AdvertisedAddresses.Address;
import io.kwire.proxy.AdvertisedAddresses.Seen;
import io.kwire.runtime.KwireRegistry;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What the rewriter hands to {@link AdvertisedAddresses#learn}: the real addresses, and whether the list is the whole cluster. */
class ResponseRewriterLearningTest {
  private final List<String> learnt = new ArrayList<>();
  private final ResponseRewriter rewriter = new ResponseRewriter(new AdvertisedAddresses() {
    @Override
    public Address of(int nodeId) {
      return new Address("proxy", 19000 + nodeId);
    }

    @Override
    public void learn(List<Seen> brokers, boolean wholeCluster) {
      learnt.add((wholeCluster ? "cluster " : "some ") + brokers);
    }
  }, KwireRegistry.standard(), false);

  @Test
  void metadataAndBrokersDescribeClusterAreTheWholeClusterCoordinatorsAndLeadersSome() {
    rewriter.rewrite(MetadataResponseCodec.INSTANCE, new MetadataResponseBuilder().brokers(List.of(
        new MetadataResponseBuilder.MetadataResponseBrokerBuilder().nodeId(1).host("k1").port(9092).build())).build());
    rewriter.rewrite(DescribeClusterResponseCodec.INSTANCE, new DescribeClusterResponseBuilder().brokers(List.of(
        new DescribeClusterResponseBuilder.DescribeClusterBrokerBuilder().brokerId(2).host("k2").port(9093).build())).build());
    rewriter.rewrite(DescribeClusterResponseCodec.INSTANCE, new DescribeClusterResponseBuilder().endpointType((byte) 2)
        .brokers(List.of(new DescribeClusterResponseBuilder.DescribeClusterBrokerBuilder().brokerId(2).host("c2")
            .port(9999).build())).build());
    var coordinator = rewriter.rewrite(FindCoordinatorResponseCodec.INSTANCE, new FindCoordinatorResponseBuilder()
        .coordinators(List.of(
            new FindCoordinatorResponseBuilder.CoordinatorBuilder().key("g").nodeId(3).host("k3").port(9094).build(),
            new FindCoordinatorResponseBuilder.CoordinatorBuilder().key("h").nodeId(-1).errorCode((short) 15).build()))
        .build());
    rewriter.rewrite(ProduceResponseCodec.INSTANCE, new ProduceResponseBuilder().responses(List.of()).nodeEndpoints(List.of(
        new ProduceResponseBuilder.NodeEndpointBuilder().nodeId(4).host("k4").port(9095).build())).build());

    assertEquals(List.of(
        "cluster [Seen[nodeId=1, host=k1, port=9092]]",
        "cluster [Seen[nodeId=2, host=k2, port=9093]]",
        "some [Seen[nodeId=3, host=k3, port=9094]]",
        "some [Seen[nodeId=4, host=k4, port=9095]]"), learnt, "a controller's DescribeCluster and an error are not learnt");
    assertEquals("proxy:19003", coordinator.coordinators().get(0).host() + ":" + coordinator.coordinators().get(0).port());
  }
}

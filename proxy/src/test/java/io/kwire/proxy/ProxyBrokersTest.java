package io.kwire.proxy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kwire.messages.MetadataRequestBuilder;
import io.kwire.messages.MetadataRequestCodec;
import io.kwire.messages.MetadataResponse;
import io.kwire.messages.MetadataResponseBuilder;
import io.kwire.messages.MetadataResponseCodec;
import io.kwire.runtime.Frames;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentSkipListMap;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A port per broker against stand-in brokers: each answers Metadata with the cluster as the test
 * says it is now, and names itself in the controller id, so the test sees which broker a port reached.
 */
class ProxyBrokersTest {
  private static final short VERSION = 12;
  private static final InetSocketAddress ANY_PORT = new InetSocketAddress("127.0.0.1", 0);

  private final List<String> events = Collections.synchronizedList(new ArrayList<>());
  /** The cluster every stand-in describes: node id to its address. */
  private final Map<Integer, InetSocketAddress> cluster = new ConcurrentSkipListMap<>();
  private final List<AutoCloseable> open = new ArrayList<>();

  @AfterEach
  void close() throws Exception {
    for (AutoCloseable c : open) {
      c.close();
    }
  }

  /** A stand-in that says it is {@code self}; not yet in the cluster. */
  private FakeBroker broker(int self) throws IOException {
    FakeBroker broker = new FakeBroker((connection, request, out) -> {
      List<MetadataResponse.MetadataResponseBroker> brokers = new ArrayList<>();
      cluster.forEach((id, at) -> brokers.add(new MetadataResponseBuilder.MetadataResponseBrokerBuilder().nodeId(id)
          .host(at.getHostString()).port(at.getPort()).build()));
      out.write(Wire.response(MetadataResponseCodec.INSTANCE, VERSION, Wire.correlationId(request),
          new MetadataResponseBuilder().brokers(brokers).controllerId(self).clusterId("c").topics(List.of()).build()));
    });
    open.add(broker);
    return broker;
  }

  private KwireProxy proxy(ProxyConfig config) {
    KwireProxy proxy = KwireProxy.start(config.withEvents(events::add));
    open.add(0, proxy);
    return proxy;
  }

  /** One Metadata round trip on a new connection to {@code at}. */
  private static MetadataResponse metadata(InetSocketAddress at) throws IOException {
    try (Socket client = Wire.connect(at)) {
      client.getOutputStream().write(Wire.request(MetadataRequestCodec.INSTANCE, VERSION, 7,
          new MetadataRequestBuilder().topics(List.of()).build()));
      byte[] frame = Wire.readFrame(client);
      return Frames.decodeResponse(frame, MetadataResponseCodec.INSTANCE, VERSION).body();
    }
  }

  private static Map<Integer, InetSocketAddress> advertised(MetadataResponse m) {
    Map<Integer, InetSocketAddress> out = new TreeMap<>();
    m.brokers().forEach(b -> out.put(b.nodeId(), new InetSocketAddress(b.host(), b.port())));
    return out;
  }

  @Test
  void eachBrokerGetsItsOwnPortWhoseConnectionsReachThatBroker() throws Exception {
    for (int id = 1; id <= 3; id++) {
      cluster.put(id, broker(id).address());
    }
    KwireProxy proxy = proxy(ProxyConfig.of(ANY_PORT, cluster.get(1)).withBrokerPorts(NodePorts.consecutive()));
    assertEquals(List.of(), proxy.brokers(), "nothing learnt before a response names the brokers");

    MetadataResponse first = metadata(proxy.localAddress());
    Map<Integer, InetSocketAddress> ports = advertised(first);
    assertEquals(List.of(1, 2, 3), List.copyOf(ports.keySet()));
    for (int id = 1; id <= 3; id++) {
      InetSocketAddress port = ports.get(id);
      assertEquals("127.0.0.1", port.getHostString());
      assertNotEquals(proxy.localAddress().getPort(), port.getPort());
      assertNotEquals(cluster.get(id).getPort(), port.getPort());
      MetadataResponse through = metadata(port);
      assertEquals(id, through.controllerId(), "node " + id + "'s port reaches node " + id);
      assertEquals(ports, advertised(through), "every port advertises the same ports");
    }
    List<ProxyBroker> brokers = proxy.brokers();
    assertEquals(3, brokers.size());
    for (ProxyBroker b : brokers) {
      assertEquals(ports.get(b.nodeId()).getPort(), b.listen().getPort());
      assertEquals(cluster.get(b.nodeId()).getPort(), b.upstream().getPort());
      assertEquals(1, b.connections(), "node " + b.nodeId());
    }
  }

  @Test
  void theProxyFollowsBrokersThatComeAndMove() throws Exception {
    cluster.put(1, broker(1).address());
    cluster.put(2, broker(2).address());
    KwireProxy proxy = proxy(ProxyConfig.of(ANY_PORT, cluster.get(1)).withBrokerPorts(NodePorts.consecutive()));
    Map<Integer, InetSocketAddress> before = advertised(metadata(proxy.localAddress()));
    assertEquals(2, metadata(before.get(2)).controllerId());

    cluster.put(3, broker(3).address()); // a broker joins
    cluster.put(2, broker(22).address()); // node 2 comes back elsewhere
    Map<Integer, InetSocketAddress> after = advertised(metadata(proxy.localAddress()));
    assertEquals(before.get(1), after.get(1));
    assertEquals(before.get(2), after.get(2), "a node that moves keeps its port");
    assertEquals(3, metadata(after.get(3)).controllerId(), "a new node gets a port of its own at once");
    assertEquals(22, metadata(after.get(2)).controllerId(), "new connections go to the node's new address");
    assertTrue(events.stream().anyMatch(e -> e.startsWith("kwire proxy: node 2 moved from 127.0.0.1:")), events.toString());

    cluster.remove(3); // a broker leaves: its port stays, for when it is back
    advertised(metadata(proxy.localAddress()));
    assertEquals(3, proxy.brokers().size());
  }

  @Test
  void theBootstrapPortFailsOverToTheNextUpstream() throws Exception {
    try (Socket refusing = FakeBroker.reservePort()) {
      InetSocketAddress dead = new InetSocketAddress("127.0.0.1", refusing.getLocalPort());
      cluster.put(5, broker(5).address());
      KwireProxy proxy = proxy(ProxyConfig.of(ANY_PORT, dead).withUpstreams(List.of(dead, cluster.get(5)))
          .withBrokerPorts(NodePorts.consecutive()));
      assertEquals(5, metadata(proxy.localAddress()).controllerId());
      assertEquals(0, proxy.stats().upstreamFailures());
    }
  }

  @Test
  void givenNodePortsAreBoundAndANodeWithoutOneIsToldTheBootstrap() throws Exception {
    try (Socket taken = new Socket()) {
      taken.bind(new InetSocketAddress("127.0.0.1", 0)); // held: the proxy cannot bind it
      int given; // reserved while the other is held, so that the two differ
      try (Socket free = FakeBroker.reservePort()) {
        given = free.getLocalPort(); // free again for the proxy below; a race for it on loopback is unlikely
      }
      cluster.put(1, broker(1).address());
      cluster.put(2, broker(2).address());
      cluster.put(3, broker(3).address());
      KwireProxy proxy = proxy(ProxyConfig.of(ANY_PORT, cluster.get(1))
          .withBrokerPorts(NodePorts.parse("1=" + given + ",2=" + taken.getLocalPort())));
      Map<Integer, InetSocketAddress> ports = advertised(metadata(proxy.localAddress()));
      assertEquals(given, ports.get(1).getPort());
      assertEquals(proxy.localAddress().getPort(), ports.get(2).getPort(), "its port is taken: the bootstrap");
      assertEquals(proxy.localAddress().getPort(), ports.get(3).getPort(), "not in --node-ports: the bootstrap");
      assertEquals(1, metadata(ports.get(1)).controllerId());
      assertNull(proxy.brokers().get(1).listen());
      String all = String.join("\n", events);
      assertTrue(all.contains("kwire proxy: node 2 (127.0.0.1:" + cluster.get(2).getPort() + "): cannot listen on 127.0.0.1:"
          + taken.getLocalPort()), all);
      assertTrue(all.contains("kwire proxy: node 3 (127.0.0.1:" + cluster.get(3).getPort()
          + ") has no port of its own (not in --node-ports); clients are told the bootstrap address for it"), all);
    }
  }

  @Test
  void withOnePortEveryBrokerIsTheListenAddressAsBefore() throws Exception {
    cluster.put(1, broker(1).address());
    cluster.put(2, broker(2).address());
    KwireProxy proxy = proxy(ProxyConfig.of(ANY_PORT, cluster.get(1)));
    Map<Integer, InetSocketAddress> ports = advertised(metadata(proxy.localAddress()));
    assertEquals(Map.of(1, proxy.localAddress(), 2, proxy.localAddress()), ports);
    assertEquals(List.of(), proxy.brokers());
  }

  @Test
  void theBrokersPortsAndTheBootstrapShareOneBoundOnBufferedFrames() throws Exception {
    cluster.put(1, broker(1).address());
    cluster.put(2, broker(2).address());
    int body = 600 << 10;
    KwireProxy proxy = proxy(ProxyConfig.of(ANY_PORT, cluster.get(1)).withBrokerPorts(NodePorts.consecutive())
        .withMaxBufferedFrameBytes(1 << 20));
    InetSocketAddress node2 = advertised(metadata(proxy.localAddress())).get(2);
    // Two Metadata frames of 600 KiB each, sent but for their last 100 bytes: the first to the bootstrap
    // port, then the second to node 2's. Each port alone would hold less than the bound, together they
    // pass it: the second is refused. Then the rest of the first: it is answered.
    byte[] frame = java.nio.ByteBuffer.allocate(4 + body).putInt(body).putShort(MetadataRequestCodec.API_KEY)
        .putShort(VERSION).putInt(9).array();
    try (Socket first = Wire.connect(proxy.localAddress()); Socket second = Wire.connect(node2)) {
      write(first, java.util.Arrays.copyOf(frame, frame.length - 100));
      Wire.awaitTrue(() -> proxy.bufferedFrameBytes() == body - 100);
      write(second, java.util.Arrays.copyOf(frame, frame.length - 100));
      second.setSoTimeout(30_000);
      assertFalse(answered(second), "the second, on node 2's port, passes the proxy's one bound");
      assertEquals(1, proxy.stats().refusedFrames());
      assertTrue(events.stream().anyMatch(e -> e.contains("would pass the server's budget of 1048576 bytes")),
          events.toString());
      write(first, java.util.Arrays.copyOfRange(frame, frame.length - 100, frame.length));
      first.setSoTimeout(30_000);
      assertTrue(answered(first));
    }
  }

  private static void write(Socket socket, byte[] bytes) {
    try {
      socket.getOutputStream().write(bytes);
    } catch (IOException refused) {
      // the proxy closed this one while the bytes were still going out
    }
  }

  /** Whether a response frame came back; false when the proxy closed the connection. */
  private static boolean answered(Socket socket) throws IOException {
    try {
      return Wire.readFrame(socket) != null;
    } catch (java.net.SocketTimeoutException e) {
      throw e;
    } catch (IOException closed) {
      return false;
    }
  }
}

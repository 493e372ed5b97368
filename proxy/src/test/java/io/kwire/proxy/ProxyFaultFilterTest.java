package io.kwire.proxy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kwire.messages.ListOffsetsRequestBuilder;
import io.kwire.messages.ListOffsetsRequestCodec;
import io.kwire.messages.ListOffsetsResponse;
import io.kwire.messages.ListOffsetsResponseBuilder;
import io.kwire.messages.ListOffsetsResponseCodec;
import io.kwire.proxy.filter.FilterLoader;
import io.kwire.runtime.Frames;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@code --filter faults:...} through a running proxy: each action, against a stand-in broker. */
class ProxyFaultFilterTest {
  private final List<Integer> brokerSaw = Collections.synchronizedList(new ArrayList<>());
  private final List<String> events = Collections.synchronizedList(new ArrayList<>());

  /** Answers ListOffsets with offset = the correlation id. */
  private void broker(int connection, byte[] request, OutputStream out) throws IOException {
    int id = Wire.correlationId(request);
    brokerSaw.add(id);
    out.write(Wire.response(ListOffsetsResponseCodec.INSTANCE, (short) 9, id, new ListOffsetsResponseBuilder()
        .topics(List.of(new ListOffsetsResponseBuilder.ListOffsetsTopicResponseBuilder().name("orders")
            .partitions(List.of(new ListOffsetsResponseBuilder.ListOffsetsPartitionResponseBuilder().partitionIndex(0)
                .offset(id).build())).build())).build()));
  }

  private static byte[] listOffsets(int correlationId) {
    return Wire.request(ListOffsetsRequestCodec.INSTANCE, (short) 9, correlationId, new ListOffsetsRequestBuilder()
        .topics(List.of(new ListOffsetsRequestBuilder.ListOffsetsTopicBuilder().name("orders").partitions(List.of(
            new ListOffsetsRequestBuilder.ListOffsetsPartitionBuilder().partitionIndex(0).timestamp(-1).build()))
            .build())).build());
  }

  private static ListOffsetsResponse.ListOffsetsPartitionResponse answer(Socket client) throws IOException {
    byte[] frame = Wire.readFrame(client);
    return frame == null ? null : Frames.decodeResponse(frame, ListOffsetsResponseCodec.INSTANCE, (short) 9).body()
        .topics().get(0).partitions().get(0);
  }

  /** The proxy with {@code --filter faults:CONFIG}, found by name as the command finds it. */
  private KwireProxy start(FakeBroker broker, String config) {
    return KwireProxy.start(ProxyConfig.of(new InetSocketAddress("127.0.0.1", 0), broker.address())
        .withFilter(FilterLoader.load("faults:" + config, getClass().getClassLoader())).withEvents(events::add));
  }

  @Test
  void anErrorEveryOtherRequestInTheApisShape() throws Exception {
    try (FakeBroker broker = new FakeBroker(this::broker);
        KwireProxy proxy = start(broker, "api=ListOffsets,topic=orders,do=error:NOT_LEADER_OR_FOLLOWER,every=2");
        Socket client = Wire.connect(proxy.localAddress())) {
      for (int id = 1; id <= 4; id++) {
        client.getOutputStream().write(listOffsets(id));
      }
      List<String> got = new ArrayList<>();
      for (int id = 1; id <= 4; id++) {
        ListOffsetsResponse.ListOffsetsPartitionResponse p = answer(client);
        got.add("error " + p.errorCode() + " offset " + p.offset());
      }
      assertEquals(List.of("error 0 offset 1", "error 6 offset -1", "error 0 offset 3", "error 6 offset -1"), got);
      assertEquals(List.of(1, 3), brokerSaw);
    }
  }

  @Test
  void aLostResponseReachesTheBrokerAndClosesTheConnectionInsteadOfComingBack() throws Exception {
    try (FakeBroker broker = new FakeBroker(this::broker);
        KwireProxy proxy = start(broker, "api=ListOffsets,do=lose-response,every=2,times=1");
        Socket client = Wire.connect(proxy.localAddress())) {
      client.getOutputStream().write(listOffsets(1));
      client.getOutputStream().write(listOffsets(2));
      assertEquals(1, answer(client).offset());
      assertNull(Wire.readFrame(client), "the connection closes where the second response was");
      assertEquals(List.of(1, 2), brokerSaw, "the broker acted on both");
      assertTrue(events.stream().anyMatch(e -> e.contains("fault injected: response to correlation id 2 lost")),
          events.toString());
    }
    try (FakeBroker broker = new FakeBroker(this::broker);
        KwireProxy proxy = start(broker, "api=ListOffsets,do=lose-response,times=1");
        Socket first = Wire.connect(proxy.localAddress()); Socket second = Wire.connect(proxy.localAddress())) {
      first.getOutputStream().write(listOffsets(1));
      assertNull(Wire.readFrame(first));
      second.getOutputStream().write(listOffsets(2));
      assertEquals(2, answer(second).offset(), "times=1 is once for the proxy, not once per connection");
    }
  }

  @Test
  void aDisconnectForwardsNothing() throws Exception {
    try (FakeBroker broker = new FakeBroker(this::broker);
        KwireProxy proxy = start(broker, "api=ListOffsets,do=disconnect");
        Socket client = Wire.connect(proxy.localAddress())) {
      client.getOutputStream().write(listOffsets(1));
      assertNull(Wire.readFrame(client));
      assertEquals(List.of(), brokerSaw);
    }
  }

  @Test
  void aDelayHoldsTheRequestAndTheOnesBehindIt() throws Exception {
    try (FakeBroker broker = new FakeBroker(this::broker);
        KwireProxy proxy = start(broker, "api=ListOffsets,do=delay:300,times=1");
        Socket client = Wire.connect(proxy.localAddress())) {
      long start = System.nanoTime();
      client.getOutputStream().write(listOffsets(1));
      client.getOutputStream().write(listOffsets(2));
      assertEquals(1, answer(client).offset());
      assertEquals(2, answer(client).offset());
      assertTrue(System.nanoTime() - start >= 300_000_000L, "not before the delay");
      assertEquals(List.of(1, 2), brokerSaw, "in the client's order");
    }
  }

  @Test
  void aBlackHoleAnswersNothingFromThatRequestOn() throws Exception {
    try (FakeBroker broker = new FakeBroker(this::broker);
        KwireProxy proxy = start(broker, "api=ListOffsets,client=proxy-*,do=black-hole,every=2,times=1");
        Socket client = Wire.connect(proxy.localAddress())) {
      client.getOutputStream().write(listOffsets(1));
      client.getOutputStream().write(listOffsets(2));
      client.getOutputStream().write(listOffsets(3));
      assertEquals(1, answer(client).offset());
      client.setSoTimeout(500);
      assertThrows(SocketTimeoutException.class, () -> client.getInputStream().read());
      assertEquals(List.of(1), brokerSaw, "neither the black-holed request nor the one behind it went on");
    }
  }
}

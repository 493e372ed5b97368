package io.kwire.proxy;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@link ProxyConfig.Limits#maxConnectionsPerAddress}: one address cannot take every connection. */
class ProxyLimitsTest {
  private static boolean answers(Socket client, int correlationId) {
    try {
      client.getOutputStream().write(Wire.apiVersionsRequest(correlationId));
      byte[] frame = Wire.readFrame(client);
      return frame != null && io.kwire.runtime.Frames.peekResponse(frame).correlationId() == correlationId;
    } catch (IOException e) {
      return false;
    }
  }

  @Test
  void connectionsPastAnAddresssBoundAreClosedAtOnceAndSaidOnce() throws Exception {
    List<String> events = Collections.synchronizedList(new ArrayList<>());
    FakeBroker.Answer apiVersions = (connection, request, out) ->
        out.write(Wire.apiVersionsResponse(Wire.correlationId(request), List.of(Wire.api(18, 0, 4))));
    try (FakeBroker broker = new FakeBroker(apiVersions);
        KwireProxy proxy = KwireProxy.start(ProxyConfig.of(new InetSocketAddress("127.0.0.1", 0), broker.address())
            .withMaxConnectionsPerAddress(2).withEvents(events::add));
        Socket second = Wire.connect(proxy.localAddress())) {
      Socket first = Wire.connect(proxy.localAddress());
      assertEquals(true, answers(first, 1));
      assertEquals(true, answers(second, 2));
      for (int i = 0; i < 3; i++) {
        try (Socket third = Wire.connect(proxy.localAddress())) {
          assertEquals(false, answers(third, 3), "past the bound: closed");
        }
      }
      assertEquals(1, events.stream().filter(e -> e.contains("client address 127.0.0.1 has 2 connections open, the"
          + " most one address may")).count(), events.toString());
      first.close();
      Wire.awaitTrue(() -> {
        try (Socket again = Wire.connect(proxy.localAddress())) {
          return answers(again, 4); // once the first's close has been seen, its place is free
        } catch (IOException e) {
          return false;
        }
      });
      assertEquals(true, answers(second, 5), "the connections within the bound are served throughout");
    }
  }
}

package io.kwire.net;

import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetSocketAddress;
import java.nio.channels.ServerSocketChannel;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Servers sharing an owner's event loops ({@link KwireServer.Builder#sharing}), started from one of
 * those loops as a proxy opens a broker's port: they must not wait for another loop, which may be
 * waiting for this one.
 */
class SharedServersTest {
  private final List<Executor> loops = new CopyOnWriteArrayList<>();

  private RawSession session(Connection connection) {
    loops.add(connection.executor());
    return (request, response) -> response.none();
  }

  @Test
  void aSharingServerStartedOnOneLoopWhileTheOtherIsBusyStarts() throws Exception {
    try (KwireServer owner = KwireServer.builder().threads(2).handleRaw(this::session)
            .start(new InetSocketAddress("127.0.0.1", 0));
        RawConnection first = new RawConnection(owner.localAddress());
        RawConnection second = new RawConnection(owner.localAddress())) {
      first.write(new byte[0]);
      second.write(new byte[0]);
      ServerClientTest.awaitTrue(() -> loops.size() == 2);
      assertNotSame(loops.get(0), loops.get(1), "two connections, two loops (round robin)");
      CountDownLatch release = new CountDownLatch(1);
      loops.get(1).execute(() -> {
        try {
          release.await(); // the other loop, busy until the test is done
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
      });
      // Two servers, so that a choice of loop by turns would pick the busy one for one of them.
      CompletableFuture<List<KwireServer>> started = new CompletableFuture<>();
      loops.get(0).execute(() -> {
        try {
          started.complete(List.of(sharing(owner), sharing(owner)));
        } catch (Throwable t) {
          started.completeExceptionally(t);
        }
      });
      try {
        List<KwireServer> servers = started.get(10, TimeUnit.SECONDS);
        release.countDown();
        List<Executor> ownersLoops = List.copyOf(loops);
        for (KwireServer s : servers) {
          int before = loops.size();
          RawConnection c = new RawConnection(s.localAddress());
          try {
            ServerClientTest.awaitTrue(() -> s.connectionCount() == 1); // it accepts
            ServerClientTest.awaitTrue(() -> loops.size() == before + 1);
            // served on one of the owner's two loops: no thread of its own
            assertTrue(ownersLoops.contains(loops.get(before)), loops.get(before) + " not in " + ownersLoops);
          } finally {
            c.close();
          }
          s.close();
        }
      } finally {
        release.countDown();
      }
    }
  }

  private KwireServer sharing(KwireServer owner) throws Exception {
    ServerSocketChannel socket = ServerSocketChannel.open();
    socket.bind(new InetSocketAddress("127.0.0.1", 0));
    return KwireServer.builder().sharing(owner).handleRaw(this::session).start(socket);
  }
}

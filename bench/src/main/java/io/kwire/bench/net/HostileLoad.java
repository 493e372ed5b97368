package io.kwire.bench.net;

import io.kwire.net.KwireServer;
import io.kwire.runtime.Frames;
import io.kwire.runtime.RequestHeader;
import io.kwire.runtime.wire.UnknownTaggedFields;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import java.io.IOException;
import java.io.OutputStream;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A normal client's service while hostile clients are connected (docs/net.md, "Hostile clients"):
 * one kwire-net client keeping 16 BenchEcho requests in flight against a kwire-net server, measured
 * alone and then beside each kind of hostile client the tests close or bound (idle connections, half
 * frames claiming the maximum size, a client that writes and never reads, connections opened and
 * closed in a loop), as req/s and p99 ratios to the client alone, with the heap live after each.
 * Arguments (optional): seconds measured per run (3), rounds (2).
 */
public final class HostileLoad {
  private static final int MAX_FRAME = 100 << 20;

  private HostileLoad() {}

  public static void main(String[] args) throws Exception {
    Duration measured = Duration.ofSeconds(args.length > 0 ? Integer.parseInt(args[0]) : 3);
    int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 2;
    EventLoopGroup generator = new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory());
    String big = "y".repeat(32_000);
    try (KwireServer server = KwireServer.builder().maxFrameSize(MAX_FRAME).idleTimeout(Duration.ofMinutes(10))
        .handle(BenchEchoRequest.class, BenchEchoResponse.class, (request, context) -> new BenchEchoResponse((short) 0,
            request.text().equals("big") ? big : request.text(), UnknownTaggedFields.EMPTY))
        .start(new InetSocketAddress("127.0.0.1", 0))) {
      InetSocketAddress address = server.localAddress();
      byte[] echo = frame("hello, kwire");
      List<Attack> attacks = List.of(
          new Attack("alone", ignored -> () -> { }),
          new Attack("500 idle connections", sockets -> {
            for (int i = 0; i < 500; i++) {
              sockets.add(connect(address));
            }
            return () -> { };
          }),
          new Attack("200 half frames, each claiming 100 MiB", sockets -> {
            for (int i = 0; i < 200; i++) {
              Socket socket = connect(address);
              // 100 MiB claimed; of the frame only api key 10002 and version 0 are sent
              write(socket, new byte[] {0x06, 0x40, 0x00, 0x00, 0x27, 0x12, 0x00, 0x00});
              sockets.add(socket);
            }
            return () -> { };
          }),
          new Attack("a client asking 32 KB answers, never reading", sockets -> {
            Socket flood = new Socket();
            flood.setReceiveBufferSize(64 << 10); // before connecting: no window autotuning
            flood.connect(address, 5_000);
            sockets.add(flood);
            return background("never-reads", running -> {
              byte[] request = frame("big");
              OutputStream out = flood.getOutputStream();
              while (running.get()) {
                out.write(request);
              }
            });
          }),
          new Attack("connections opened and closed in a loop", sockets -> background("churn", running -> {
            while (running.get()) {
              connect(address).close();
            }
          })));
      for (int round = 0; round <= rounds; round++) {
        LoadResult alone = null;
        for (Attack attack : attacks) {
          List<Socket> sockets = new ArrayList<>();
          Runnable stop = attack.start.apply(sockets);
          try {
            // Round 0 warms the JIT and is not reported.
            LoadResult result = PipelinedLoad.run(attack.name, address, generator, 1, 16,
                client -> client.sendFrame(echo), Duration.ofMillis(500), measured);
            alone = alone == null ? result : alone;
            if (round > 0) {
              System.out.printf("round %d, %-48s %8.0f req/s (%.2fx alone), p99 %7.0f us (%.2fx alone),"
                  + " heap used %4d MB, %d connections%n", round, attack.name + ":", result.requestsPerSecond(),
                  result.requestsPerSecond() / alone.requestsPerSecond(), result.p99Micros(),
                  result.p99Micros() / alone.p99Micros(), heapUsedMegabytes(), server.connectionCount());
            }
          } finally {
            stop.run();
            for (Socket socket : sockets) {
              socket.close();
            }
          }
        }
      }
    } finally {
      generator.shutdownGracefully(0, 1, java.util.concurrent.TimeUnit.SECONDS).syncUninterruptibly();
    }
  }

  /** Runs {@code work} on a daemon thread until the returned action stops it. */
  private static Runnable background(String name, Work work) {
    AtomicBoolean running = new AtomicBoolean(true);
    Thread thread = new Thread(() -> {
      try {
        work.run(running);
      } catch (IOException e) {
        // the connection was closed at the end of the run (or refused under load): stop
      }
    }, name);
    thread.setDaemon(true);
    thread.start();
    return () -> {
      running.set(false);
      try {
        thread.join(5_000);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    };
  }

  @FunctionalInterface
  private interface Work {
    void run(AtomicBoolean running) throws IOException;
  }

  /** A kind of hostile client: started beside the measured one, its sockets closed and its thread stopped after. */
  private record Attack(String name, Start start) {}

  @FunctionalInterface
  private interface Start {
    Runnable apply(List<Socket> sockets) throws IOException;
  }

  private static byte[] frame(String text) {
    return Frames.encodeRequest(new RequestHeader((short) 10002, (short) 0, 7, "hostile-load"),
        BenchEchoRequestCodec.INSTANCE, new BenchEchoRequest(text, UnknownTaggedFields.EMPTY));
  }

  private static Socket connect(InetSocketAddress address) throws IOException {
    Socket socket = new Socket();
    socket.connect(address, 5_000);
    return socket;
  }

  private static void write(Socket socket, byte[] bytes) throws IOException {
    socket.getOutputStream().write(bytes);
    socket.getOutputStream().flush();
  }

  private static long heapUsedMegabytes() {
    MemoryMXBean memory = ManagementFactory.getMemoryMXBean();
    System.gc(); // what is live, not what awaits collection
    return memory.getHeapMemoryUsage().getUsed() >> 20;
  }
}

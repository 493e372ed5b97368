package io.kwire.net;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kwire.messages.ApiVersionsRequest;
import io.kwire.messages.ApiVersionsRequestBuilder;
import io.kwire.messages.ApiVersionsResponse;
import io.kwire.messages.ApiVersionsResponseBuilder;
import io.kwire.runtime.KwireRegistry;
import io.kwire.runtime.meta.VersionRange;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** kwire-net's server and client against each other, on a custom API declared in the tests. */
class ServerClientTest {
  private static final InetSocketAddress ANY = new InetSocketAddress("127.0.0.1", 0);
  private final ScheduledExecutorService later = Executors.newScheduledThreadPool(2);
  private final List<AutoCloseable> open = new ArrayList<>();

  @AfterEach
  void closeAll() throws Exception {
    Collections.reverse(open);
    for (AutoCloseable c : open) {
      c.close();
    }
    later.shutdownNow();
  }

  private KwireServer start(KwireServer.Builder builder) {
    KwireServer server = builder.start(ANY);
    open.add(server);
    return server;
  }

  private KwireClient connect(KwireServer server) {
    KwireClient client = KwireClient.builder().clientId("test-client").connect(server.localAddress());
    open.add(client);
    return client;
  }

  private static KwireServer.Builder echo() {
    return KwireServer.builder().handle(EchoRequest.class, EchoResponse.class,
        (request, context) -> EchoResponse.of(request.text() + " from " + context.header().clientId(),
            request.sequence()));
  }

  @Test
  void anAddressInUseIsTheDocumentedIllegalStateExceptionNamingIt() {
    KwireServer first = start(echo());
    InetSocketAddress taken = first.localAddress();
    // Netty rethrows the checked BindException undeclared; start promises IllegalStateException.
    IllegalStateException e = assertThrows(IllegalStateException.class, () -> echo().start(taken));
    assertTrue(e.getMessage().startsWith("kwire server cannot listen on " + taken), e.getMessage());
  }

  @Test
  void aCustomApiIsServedAndCalledAtTheHighestCommonVersion() {
    KwireServer server = start(echo());
    KwireClient client = connect(server);

    EchoResponse response = client.send(EchoRequest.of("hello", 7), EchoResponse.class).join();

    assertEquals("hello from test-client", response.text());
    assertEquals(7, response.sequence());
    assertEquals(VersionRange.of(0, 1), client.versions().common(1000));
    assertEquals(VersionRange.of(0, 5), client.versions().broker(18).orElseThrow().versions());
    assertEquals(List.of(18, 1000), List.copyOf(client.versions().brokerRanges().keySet()));
  }

  @Test
  void theResponseClassMayBeLeftToTheRegistryAndAWrongAnswerIsAFailure() {
    KwireServer server = start(KwireServer.builder()
        .handle(EchoRequest.class, (request, context) -> request.sequence() == 0
            ? new ListResponse(List.of()) : EchoResponse.of(request.text(), request.sequence())));
    KwireClient client = connect(server);

    assertEquals("right", client.send(EchoRequest.of("right", 1), EchoResponse.class).join().text());
    assertEquals(-1, client.send(EchoRequest.of("wrong", 0), EchoResponse.class).join().errorCode());
  }

  @Test
  void aHandlerDeclaresTheVersionsItServes() {
    KwireServer server = start(KwireServer.builder().handle(EchoRequest.class, EchoResponse.class,
        VersionRange.of(0, 0), (request, context) -> EchoResponse.of("v" + context.apiVersion(), 0)));
    KwireClient client = connect(server);

    assertEquals(VersionRange.of(0, 0), client.versions().broker(1000).orElseThrow().versions());
    assertEquals("v0", client.send(EchoRequest.of("", 0), EchoResponse.class).join().text());
  }

  @Test
  void responsesKeepRequestOrderWhateverOrderHandlersFinishIn() {
    Random random = new Random(42);
    KwireServer server = start(KwireServer.builder().handleAsync(EchoRequest.class, EchoResponse.class,
        (request, context) -> {
          CompletableFuture<EchoResponse> answer = new CompletableFuture<>();
          later.schedule(() -> answer.complete(EchoResponse.of(request.text(), request.sequence())),
              random.nextInt(20), TimeUnit.MILLISECONDS);
          return answer;
        }));
    KwireClient client = connect(server);

    List<CompletableFuture<EchoResponse>> responses = new ArrayList<>();
    for (int i = 0; i < 100; i++) {
      responses.add(client.send(EchoRequest.of("r" + i, i), EchoResponse.class));
    }
    for (int i = 0; i < 100; i++) {
      assertEquals(i, responses.get(i).join().sequence());
    }
  }

  @Test
  void aHundredRequestsAreInFlightOnOneConnectionAtOnce() throws Exception {
    CountDownLatch allArrived = new CountDownLatch(100);
    List<CompletableFuture<EchoResponse>> held = Collections.synchronizedList(new ArrayList<>());
    KwireServer server = start(KwireServer.builder().maxInFlightPerConnection(100)
        .handleAsync(EchoRequest.class, EchoResponse.class, (request, context) -> {
          CompletableFuture<EchoResponse> answer = new CompletableFuture<>();
          held.add(answer);
          allArrived.countDown();
          return answer.thenApply(ignored -> EchoResponse.of(request.text(), request.sequence()));
        }));
    KwireClient client = connect(server);

    List<CompletableFuture<EchoResponse>> responses = new ArrayList<>();
    for (int i = 0; i < 100; i++) {
      responses.add(client.send(EchoRequest.of("r" + i, i), EchoResponse.class));
    }
    assertTrue(allArrived.await(10, TimeUnit.SECONDS), "the handler saw " + (100 - allArrived.getCount()));
    assertTrue(responses.stream().noneMatch(CompletableFuture::isDone));
    for (int i = held.size() - 1; i >= 0; i--) {
      held.get(i).complete(null); // last first
    }
    for (int i = 0; i < 100; i++) {
      assertEquals(i, responses.get(i).join().sequence());
    }
  }

  @Test
  void theInFlightBoundStopsReadingUntilResponsesGoOut() throws Exception {
    AtomicInteger seen = new AtomicInteger();
    List<CompletableFuture<EchoResponse>> held = Collections.synchronizedList(new ArrayList<>());
    java.util.concurrent.atomic.AtomicReference<ServerConnection> connection =
        new java.util.concurrent.atomic.AtomicReference<>();
    KwireServer server = start(KwireServer.builder().maxInFlightPerConnection(5)
        .handleAsync(EchoRequest.class, EchoResponse.class, (request, context) -> {
          connection.set((ServerConnection) context.connection());
          seen.incrementAndGet();
          CompletableFuture<EchoResponse> answer = new CompletableFuture<>();
          held.add(answer);
          return answer;
        }));
    KwireClient client = connect(server);

    List<CompletableFuture<EchoResponse>> responses = new ArrayList<>();
    for (int i = 0; i < 5; i++) {
      responses.add(client.send(EchoRequest.of("r" + i, i), EchoResponse.class));
    }
    awaitTrue(() -> seen.get() == 5);
    // The connection is paused now: the sixth request is read ahead (to see a close) and held, not handled.
    CompletableFuture<EchoResponse> sixth = client.send(EchoRequest.of("r5", 5), EchoResponse.class);
    PausedReads pausedReads = connection.get().channel().pipeline().get(PausedReads.class);
    awaitTrue(() -> heldBytes(connection.get(), pausedReads) > 0);
    assertEquals(5, seen.get());
    assertEquals(false, sixth.isDone());
    held.get(0).complete(EchoResponse.of("r0", 0));
    assertEquals(0, responses.get(0).join().sequence());
    awaitTrue(() -> seen.get() == 6);
    for (int i = 1; i < held.size(); i++) {
      held.get(i).complete(EchoResponse.of("r" + i, i));
    }
    assertEquals(5, sixth.join().sequence());
  }

  @Test
  void aRequestThatTimesOutFailsAloneAndTheConnectionGoesOn() {
    CompletableFuture<EchoResponse> never = new CompletableFuture<>();
    KwireServer server = start(KwireServer.builder().handleAsync(EchoRequest.class, EchoResponse.class,
        (request, context) -> request.sequence() == 0 ? never : CompletableFuture.completedFuture(
            EchoResponse.of(request.text(), request.sequence()))));
    KwireClient client = open(KwireClient.builder().requestTimeout(Duration.ofMillis(200))
        .connect(server.localAddress()));

    ExecutionException e = assertThrows(ExecutionException.class,
        () -> client.send(EchoRequest.of("slow", 0), EchoResponse.class).get(5, TimeUnit.SECONDS));
    assertInstanceOf(TimeoutException.class, e.getCause());
    never.complete(EchoResponse.of("late", 0)); // its response arrives now and is dropped
    assertEquals("fast", client.send(EchoRequest.of("fast", 1), EchoResponse.class).join().text());
  }

  @Test
  void eachRequestTimesOutAtItsOwnDeadlineNotBefore() throws Exception {
    CompletableFuture<EchoResponse> never = new CompletableFuture<>();
    KwireServer server = start(KwireServer.builder().handleAsync(EchoRequest.class, EchoResponse.class,
        (request, context) -> never));
    KwireClient client = open(KwireClient.builder().requestTimeout(Duration.ofMillis(300))
        .connect(server.localAddress()));

    // One timer per connection: the second request, sent once the first has failed, re-arms it.
    long first = System.nanoTime();
    ExecutionException a = assertThrows(ExecutionException.class,
        () -> client.send(EchoRequest.of("a", 0), EchoResponse.class).get(5, TimeUnit.SECONDS));
    long second = System.nanoTime();
    ExecutionException b = assertThrows(ExecutionException.class,
        () -> client.send(EchoRequest.of("b", 1), EchoResponse.class).get(5, TimeUnit.SECONDS));
    long end = System.nanoTime();
    assertInstanceOf(TimeoutException.class, a.getCause());
    assertInstanceOf(TimeoutException.class, b.getCause());
    assertEquals("no response to correlation id 2 within 300 ms", b.getCause().getMessage());
    assertTrue(second - first >= TimeUnit.MILLISECONDS.toNanos(300), "the first failed early");
    assertTrue(end - second >= TimeUnit.MILLISECONDS.toNanos(300), "the second failed early");
  }

  @Test
  void aHandlerThatThrowsIsAnsweredWithUnknownServerError() {
    KwireServer server = start(KwireServer.builder().handle(EchoRequest.class, EchoResponse.class,
        (request, context) -> {
          if (request.sequence() == 0) {
            throw new IllegalStateException("boom");
          }
          return EchoResponse.of(request.text(), request.sequence());
        }));
    KwireClient client = connect(server);

    EchoResponse failed = client.send(EchoRequest.of("x", 0), EchoResponse.class).join();
    assertEquals(-1, failed.errorCode());
    assertEquals("", failed.text());
    assertEquals("fine", client.send(EchoRequest.of("fine", 1), EchoResponse.class).join().text());
  }

  @Test
  void aHandlerLearnsWhenItsConnectionClosesEvenIfItAsksAfterTheClose() throws Exception {
    CompletableFuture<Connection> connection = new CompletableFuture<>();
    KwireServer server = start(KwireServer.builder().handleAsync(EchoRequest.class, EchoResponse.class,
        (request, context) -> {
          connection.complete(context.connection());
          return new CompletableFuture<>(); // parked, never answered
        }));
    KwireClient client = connect(server);
    client.send(EchoRequest.of("park", 0), EchoResponse.class);
    Connection parked = connection.get(5, TimeUnit.SECONDS);
    CountDownLatch closed = new CountDownLatch(1);
    parked.whenClosed().thenRun(closed::countDown);
    assertEquals(1, closed.getCount(), "not while the connection is open");
    client.close();
    assertTrue(closed.await(5, TimeUnit.SECONDS), "told once the client closed it");
    CountDownLatch late = new CountDownLatch(1);
    parked.whenClosed().thenRun(late::countDown);
    assertTrue(late.await(5, TimeUnit.SECONDS), "registered after the close: run right away");
  }

  @Test
  void aHandlerTimeoutIsAnsweredLikeAFailure() {
    KwireServer server = start(KwireServer.builder().handlerTimeout(Duration.ofMillis(100))
        .handleAsync(EchoRequest.class, EchoResponse.class, (request, context) -> new CompletableFuture<>()));
    KwireClient client = connect(server);

    assertEquals(-1, client.send(EchoRequest.of("x", 0), EchoResponse.class).join().errorCode());
  }

  @Test
  void anApiWithoutTopLevelErrorCodeClosesOnFailure() {
    CompletableFuture<EchoResponse> slow = new CompletableFuture<>();
    KwireServer server = start(KwireServer.builder()
        .handleAsync(EchoRequest.class, EchoResponse.class, (request, context) -> slow)
        .handle(ListRequest.class, ListResponse.class, (request, context) -> {
          throw new IllegalArgumentException("no list today");
        }));
    KwireClient client = connect(server);

    CompletableFuture<EchoResponse> before = client.send(EchoRequest.of("before", 1), EchoResponse.class);
    CompletableFuture<ListResponse> failing = client.send(new ListRequest(List.of("a")),
        ListResponse.class);
    slow.complete(EchoResponse.of("before", 1));

    assertEquals("before", before.join().text());
    CompletionExceptionAssert.causedBy(KwireConnectionException.class, failing);
    awaitTrue(() -> !client.isOpen());
  }

  @Test
  void aProduceWithAcksZeroGetsNoResponseAndTheNextRequestIsAnswered() throws Exception {
    CountDownLatch produced = new CountDownLatch(1);
    KwireServer server = start(echo().handle(io.kwire.messages.ProduceRequest.class,
        io.kwire.messages.ProduceResponse.class, (request, context) -> {
          assertFalse(context.expectsResponse());
          produced.countDown();
          return new io.kwire.messages.ProduceResponseBuilder().build();
        }));
    KwireClient client = connect(server);

    io.kwire.messages.ProduceRequest produce = new io.kwire.messages.ProduceRequestBuilder().acks((short) 0)
        .timeoutMs(1000).build();
    assertEquals(null, client.send(produce, io.kwire.messages.ProduceResponse.class, (short) 9).join());
    assertTrue(produced.await(5, TimeUnit.SECONDS));
    assertEquals("after", client.send(EchoRequest.of("after", 2), EchoResponse.class).join().text().split(" ")[0]);
  }

  @Test
  void aHandlerMaySendNoResponse() {
    KwireServer server = start(KwireServer.builder().handle(EchoRequest.class, EchoResponse.class,
        (request, context) -> {
          if (request.sequence() == 0) {
            context.noResponse();
          }
          return EchoResponse.of(request.text(), request.sequence());
        }));
    KwireClient client = connect(server);

    client.sendWithoutResponse(EchoRequest.of("quiet", 0), (short) 1).join();
    assertEquals(1, client.send(EchoRequest.of("loud", 1), EchoResponse.class).join().sequence());
  }

  @Test
  void closingTheClientFailsWhatIsPending() {
    KwireServer server = start(KwireServer.builder().handleAsync(EchoRequest.class, EchoResponse.class,
        (request, context) -> new CompletableFuture<>()));
    KwireClient client = KwireClient.connect(server.localAddress());

    CompletableFuture<EchoResponse> pending = client.send(EchoRequest.of("x", 0), EchoResponse.class);
    client.close();

    CompletionExceptionAssert.causedBy(KwireConnectionException.class, pending);
    CompletionExceptionAssert.causedBy(KwireConnectionException.class,
        client.send(EchoRequest.of("y", 1), EchoResponse.class));
  }

  @Test
  void closingTheServerAnswersWhatIsInFlightThenFreesThePort() throws Exception {
    CountDownLatch arrived = new CountDownLatch(1);
    CompletableFuture<EchoResponse> slow = new CompletableFuture<>();
    KwireServer server = KwireServer.builder().handleAsync(EchoRequest.class, EchoResponse.class,
        (request, context) -> {
          arrived.countDown();
          return slow;
        }).start(ANY);
    InetSocketAddress address = server.localAddress();
    KwireClient client = open(KwireClient.connect(address));
    CompletableFuture<EchoResponse> inFlight = client.send(EchoRequest.of("x", 3), EchoResponse.class);
    assertTrue(arrived.await(5, TimeUnit.SECONDS));

    later.schedule(() -> slow.complete(EchoResponse.of("done", 3)), 50, TimeUnit.MILLISECONDS);
    server.close();

    assertEquals("done", inFlight.join().text());
    awaitTrue(() -> !client.isOpen());
    try (java.net.ServerSocket again = new java.net.ServerSocket(address.getPort(), 50, address.getAddress())) {
      assertEquals(address.getPort(), again.getLocalPort());
    }
  }

  @Test
  void aRefusedConnectSaysSoInOneLine() throws Exception {
    int port;
    try (java.net.ServerSocket free = new java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
      port = free.getLocalPort(); // closed below: nothing listens there
    }
    InetSocketAddress nobody = new InetSocketAddress("127.0.0.1", port);
    KwireConnectionException e = assertThrows(KwireConnectionException.class, () -> KwireClient.connect(nobody));
    assertEquals("cannot connect to 127.0.0.1:" + port + ": Connection refused", e.getMessage());
    assertEquals(java.util.Optional.of(KwireConnectionException.ConnectFailure.REFUSED), e.connectFailure(),
        "the kind, for callers that must not read the transport's exceptions");
    ExecutionException async = assertThrows(ExecutionException.class,
        () -> KwireClient.builder().connectAsync(nobody).get(5, TimeUnit.SECONDS));
    assertEquals(e.getMessage(), async.getCause().getMessage());
  }

  @Test
  void anApiTheServerDoesNotListFailsAtOnceWithoutSendingIt() {
    KwireServer server = start(KwireServer.builder().handle(ListRequest.class, ListResponse.class, (q, c) -> null));
    KwireClient client = connect(server);
    CompletionException e = assertThrows(CompletionException.class,
        () -> client.send(EchoRequest.of("x", 1), EchoResponse.class).join());
    assertEquals("no version of EchoRequest (api key 1000) is supported by both the server (not listed) and kwire (0-1)",
        assertInstanceOf(IllegalStateException.class, e.getCause()).getMessage());
    assertTrue(client.isOpen()); // nothing was sent: the server, which would close on it, saw nothing
  }

  @Test
  void closingTwiceIsHarmless() {
    KwireServer server = echo().start(ANY);
    KwireClient client = KwireClient.connect(server.localAddress());
    client.close();
    server.close();
    assertEquals(0, server.connectionCount());
    client.close();
    server.close(); // as try-with-resources does after an explicit close
    assertEquals(0, server.connectionCount());
  }

  @Test
  void aHandlerForApiVersionsAnswersTheVersionsTheServerNegotiates() {
    List<String> seen = Collections.synchronizedList(new ArrayList<>());
    KwireServer server = start(echo().handle(ApiVersionsRequest.class, ApiVersionsResponse.class,
        VersionRange.of(0, 4), (request, context) -> {
          seen.add("v" + context.apiVersion() + " " + request.clientSoftwareName());
          return new ApiVersionsResponseBuilder().apiKeys(List.of(
              new ApiVersionsResponseBuilder.ApiVersionBuilder().apiKey((short) 18).minVersion((short) 0)
                  .maxVersion((short) 4).build(),
              new ApiVersionsResponseBuilder.ApiVersionBuilder().apiKey((short) 1000).minVersion((short) 0)
                  .maxVersion((short) 0).build()))
              .supportedFeatures(List.of(new ApiVersionsResponseBuilder.SupportedFeatureKeyBuilder()
                  .name("echo.version").minVersion((short) 0).maxVersion((short) 1).build()))
              .build();
        }));
    KwireClient client = connect(server);

    // The client's own negotiation (at v5, which the handler lacks) had kwire-net's answer ...
    assertEquals(VersionRange.of(0, 1), client.versions().common(1000));
    // ... v3 goes to the handler, features and all ...
    ApiVersionsResponse answered = client.send(new ApiVersionsRequestBuilder().clientSoftwareName("kwire-test")
        .clientSoftwareVersion("1").build(), ApiVersionsResponse.class, (short) 3).join();
    assertEquals(List.of("v3 kwire-test"), seen);
    assertEquals("echo.version", answered.supportedFeatures().get(0).name());
    assertEquals(2, answered.apiKeys().size());
    // ... and a version the server lacks is still kwire-net's fallback, never the handler's.
    ApiVersionsWire.Response fallback = ApiVersionsWire.decodeResponse(client.sendFrame(
        ApiVersionsWire.encodeRequest((short) 9, 9_999, "c", "a", "1")).join(), (short) 9,
        io.kwire.runtime.wire.DecodeOptions.STRICT);
    assertEquals(ApiVersionsWire.UNSUPPORTED_VERSION, fallback.errorCode());
    assertEquals(List.of("v3 kwire-test"), seen);
  }

  @Test
  void registeringAHandlerWithoutCodecsIsRefused() {
    assertThrows(IllegalArgumentException.class, () -> KwireServer.builder()
        .handle(String.class, EchoResponse.class, (q, c) -> null).start(ANY));
    assertThrows(IllegalArgumentException.class, () -> KwireServer.builder()
        .handle(EchoRequest.class, ListResponse.class, (q, c) -> null).start(ANY));
  }

  private <T extends AutoCloseable> T open(T closeable) {
    open.add(closeable);
    return closeable;
  }

  /** The bytes the connection's read-ahead holds, read on its event loop. */
  private static int heldBytes(ServerConnection connection, PausedReads reads) {
    try {
      return connection.channel().eventLoop().submit(reads::heldBytes).get();
    } catch (Exception e) {
      throw new AssertionError(e);
    }
  }

  static void awaitTrue(java.util.function.BooleanSupplier condition) {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
    while (!condition.getAsBoolean()) {
      if (System.nanoTime() > deadline) {
        throw new AssertionError("condition not met within 10 s");
      }
      Thread.onSpinWait();
      try {
        Thread.sleep(5);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new AssertionError(e);
      }
    }
  }
}

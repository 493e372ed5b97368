package io.kwire.net;

import io.kwire.runtime.Frames;
import io.kwire.runtime.wire.DecodeOptions;
import io.kwire.runtime.wire.KwireProtocolException;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.util.concurrent.ScheduledFuture;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Function;

/**
 * The client's side of one connection: requests in flight in the order they were written, each
 * response matched to the oldest (a Kafka server answers in order), its correlation id checked. A
 * mismatch, a response nobody asked for, or the end of the connection fails every request in flight.
 * A request that times out fails alone; its response, should it come, is read and dropped. Confined
 * to the channel's event loop.
 *
 * <p>Timeouts are kept as NetworkClient keeps them: a deadline per request and one timer per
 * connection, armed for the earliest deadline, rather than a scheduled task per request (which costs
 * a priority-queue insert and removal on every round trip).
 *
 * <p>An authenticator may {@link #hold} requests (KIP-368 re-authentication): requests sent meanwhile
 * wait, in order, until {@link #release}; once the responses in flight have arrived, the exchange runs,
 * its own frames passing the hold, so that no request is caught between the old session and the new.
 */
final class ResponseMatcher extends ChannelInboundHandlerAdapter {
  private final ArrayDeque<Pending<?>> inFlight = new ArrayDeque<>();
  private final DecodeOptions options;
  private ChannelHandlerContext ctx;
  private KwireConnectionException failure;
  private final ArrayDeque<Runnable> held = new ArrayDeque<>();
  private boolean holding;
  private Runnable whenDrained;
  private ScheduledFuture<?> timer;
  private long timerDeadline;
  /** Not read (a paired upstream whose client is not reading) since {@link #pausedSince}: deadlines stand still. */
  private boolean paused;
  private long pausedSince;
  /** A proxy's upstream: each request's time counts from the previous response, see {@link #pairedUpstream}. */
  private boolean fromPreviousResponse;
  private boolean flushQueued;

  public ResponseMatcher(DecodeOptions options) {
    this.options = options;
  }

  /** One request waiting: its correlation id, how to read its response, and who waits for it. */
  public static final class Pending<T> {
    final int correlationId;
    final Function<byte[], T> reader;
    final CompletableFuture<T> future;
    /** Where the response goes in pieces as it arrives ({@link CutThrough}); null: read whole. */
    final FrameSink sink;
    long deadline; // System.nanoTime() after which the request has timed out
    long timeoutMillis;

    public Pending(int correlationId, Function<byte[], T> reader, CompletableFuture<T> future) {
      this(correlationId, reader, future, null);
    }

    private Pending(int correlationId, Function<byte[], T> reader, CompletableFuture<T> future, FrameSink sink) {
      this.correlationId = correlationId;
      this.reader = reader;
      this.future = future;
      this.sink = sink;
    }

    /**
     * A request whose response is handed to {@code sink} in pieces as they arrive; {@code future}
     * completes with the frame's size (prefix included) once all of it has been. Where the pipeline
     * has no {@link CutThrough}, the whole frame is handed over as one piece.
     */
    static Pending<Integer> streamed(int correlationId, FrameSink sink, CompletableFuture<Integer> future) {
      return new Pending<>(correlationId, bytes -> {
        sink.piece(Unpooled.wrappedBuffer(bytes));
        sink.end();
        return bytes.length;
      }, future, sink);
    }

    /** Fails the request (the client could not even queue it). */
    public void fail(Throwable cause) {
      future.completeExceptionally(cause);
    }

    void complete(byte[] frame) {
      if (future.isDone()) {
        return;
      }
      try {
        future.complete(reader.apply(frame));
      } catch (RuntimeException e) {
        future.completeExceptionally(e);
      }
    }
  }

  /**
   * Counts a request's time only from the previous response on (a proxy's upstream, whose requests
   * are pipelined by its client): a Kafka broker reads a connection's next request only once it has
   * sent the response before, so the time before that is the earlier requests', not this one's.
   */
  void pairedUpstream() {
    fromPreviousResponse = true;
  }

  @Override
  public void handlerAdded(ChannelHandlerContext ctx) {
    this.ctx = ctx;
  }

  /**
   * Writes {@code frame}; with {@code pending} (null for a request without a response) waits for its
   * response until {@code timeout}. {@code written} completes when the frame is on the wire. Call on
   * the event loop.
   */
  public void send(byte[] frame, Pending<?> pending, Duration timeout, CompletableFuture<Void> written) {
    send(frame, pending, timeout, written, false);
  }

  /** {@link #send}, passing a {@link #hold} when {@code passHold} (the exchange's own frames). */
  public void send(byte[] frame, Pending<?> pending, Duration timeout, CompletableFuture<Void> written,
      boolean passHold) {
    if (holding && !passHold && failure == null) {
      held.add(() -> send(frame, pending, timeout, written, false));
      return;
    }
    if (failure != null || !ctx.channel().isActive()) {
      KwireConnectionException closed = failure != null ? failure : new KwireConnectionException("the connection is closed");
      written.completeExceptionally(closed);
      if (pending != null) {
        pending.future.completeExceptionally(closed);
      }
      return;
    }
    if (pending != null) {
      pending.timeoutMillis = timeout.toMillis();
      pending.deadline = System.nanoTime() + timeout.toNanos();
      inFlight.add(pending);
      armTimer(pending.deadline);
    }
    io.netty.channel.ChannelFuture write;
    if (fromPreviousResponse) { // a proxy's upstream: one flush for every request its client's read gave
      write = ctx.write(Unpooled.wrappedBuffer(frame));
      flushSoon();
    } else {
      write = ctx.writeAndFlush(Unpooled.wrappedBuffer(frame));
    }
    write.addListener(f -> {
      if (f.isSuccess()) {
        written.complete(null);
      } else {
        written.completeExceptionally(new KwireConnectionException("the request could not be written", f.cause()));
      }
    });
  }

  /**
   * The request whose response frame begins now with {@code correlationId}, when that response is to
   * be streamed ({@link Pending#streamed}) and is still awaited; else null (the frame is read whole).
   */
  Pending<?> streamingHead(int correlationId) {
    Pending<?> head = inFlight.peek();
    return head != null && head.sink != null && !head.future.isDone() && head.correlationId == correlationId
        && failure == null ? head : null;
  }

  /** The streamed response of {@code head}, the oldest request, has ended: as a whole frame's arrival. */
  @SuppressWarnings("unchecked")
  void streamEnded(Pending<?> head, int frameSize) {
    if (inFlight.peek() != head) {
      return; // failed meanwhile: every request in flight was
    }
    inFlight.poll();
    ((CompletableFuture<Integer>) head.future).complete(frameSize);
    answered();
  }

  /**
   * Flushes once the event loop has handled the reads at hand: the requests a client's read gave,
   * forwarded one by one, leave in one write to the socket rather than one each (the loop runs its
   * tasks after its I/O).
   */
  private void flushSoon() {
    if (!flushQueued) {
      flushQueued = true;
      ctx.executor().execute(() -> {
        flushQueued = false;
        ctx.flush();
      });
    }
  }

  @Override
  public void channelRead(ChannelHandlerContext ctx, Object msg) {
    byte[] frame = FrameBytes.take(msg);
    Pending<?> head = inFlight.poll();
    if (head == null) {
      fail(ctx, "a response arrived with no request in flight");
      return;
    }
    int correlationId;
    try {
      correlationId = Frames.peekResponse(frame, options).correlationId();
    } catch (KwireProtocolException e) {
      inFlight.addFirst(head);
      fail(ctx, "a response frame does not read: " + e.getMessage());
      return;
    }
    if (correlationId != head.correlationId) {
      inFlight.addFirst(head);
      fail(ctx, "the response's correlation id " + correlationId + " does not match the request's "
          + head.correlationId);
      return;
    }
    head.complete(frame);
    answered();
  }

  /** A response was matched: the next request's time restarts, and an exchange waiting for none may run. */
  private void answered() {
    Pending<?> next = inFlight.peek();
    if (fromPreviousResponse && next != null) { // later only: the timer re-arms as it expires
      long restarted = System.nanoTime() + next.timeoutMillis * 1_000_000L;
      if (restarted - next.deadline > 0) {
        next.deadline = restarted;
      }
    }
    runIfDrained();
  }

  /**
   * A paired upstream's reading paused or resumed ({@link UpstreamReading}): a response the broker
   * sent meanwhile waits unread in the socket, so the request's time is not the broker's. On resume
   * every deadline moves on by the time it was paused (since the request was sent, if later).
   */
  @Override
  public void userEventTriggered(ChannelHandlerContext ctx, Object event) {
    if (event == UpstreamReading.PAUSED && !paused) {
      paused = true;
      pausedSince = System.nanoTime();
    } else if (event == UpstreamReading.RESUMED && paused) {
      paused = false;
      long now = System.nanoTime();
      boolean waiting = false;
      long earliest = 0;
      for (Pending<?> pending : inFlight) {
        long sent = pending.deadline - pending.timeoutMillis * 1_000_000L;
        pending.deadline += now - (sent - pausedSince > 0 ? sent : pausedSince);
        if (!pending.future.isDone() && (!waiting || pending.deadline - earliest < 0)) {
          earliest = pending.deadline;
          waiting = true;
        }
      }
      if (timer != null) {
        timer.cancel(false);
        timer = null;
      }
      if (waiting) {
        armTimer(earliest);
      }
    }
    ctx.fireUserEventTriggered(event);
  }

  /** Arms the timer for {@code deadline} unless it is armed for one as early already. */
  private void armTimer(long deadline) {
    if (timer != null && timerDeadline - deadline <= 0) {
      return;
    }
    if (timer != null) {
      timer.cancel(false);
    }
    timerDeadline = deadline;
    timer = ctx.executor().schedule(this::expire, Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
  }

  /** Fails the requests past their deadline, then re-arms for the earliest one still waiting. */
  private void expire() {
    timer = null;
    if (paused) {
      return; // re-armed on resume, the deadlines moved on
    }
    long now = System.nanoTime();
    long earliest = 0;
    boolean waiting = false;
    for (Pending<?> pending : inFlight) {
      if (pending.future.isDone()) {
        continue;
      }
      if (pending.deadline - now <= 0) {
        pending.future.completeExceptionally(new TimeoutException("no response to correlation id "
            + pending.correlationId + " within " + pending.timeoutMillis + " ms"));
      } else if (!waiting || pending.deadline - earliest < 0) {
        earliest = pending.deadline;
        waiting = true;
      }
      if (fromPreviousResponse) {
        break; // answered in order: only the oldest request waiting is the broker's to answer now
      }
    }
    if (waiting) {
      armTimer(earliest);
    }
  }

  /**
   * Holds every request sent from now on until {@link #release}, and runs {@code drained} once no
   * response is awaited any more (at once if none is). Call on the event loop.
   */
  public void hold(Runnable drained) {
    if (holding) {
      throw new IllegalStateException("requests are held already");
    }
    holding = true;
    whenDrained = drained;
    runIfDrained();
  }

  /** Sends the requests held, in the order they were sent. Call on the event loop. */
  public void release() {
    holding = false;
    whenDrained = null;
    Runnable next;
    while (!holding && (next = held.poll()) != null) {
      next.run();
    }
  }

  private void runIfDrained() {
    if (whenDrained != null && inFlight.isEmpty()) {
      Runnable drained = whenDrained;
      whenDrained = null;
      drained.run();
    }
  }

  @Override
  public void channelInactive(ChannelHandlerContext ctx) {
    failAll(failure != null ? failure : new KwireConnectionException("the server closed the connection"));
    ctx.fireChannelInactive();
  }

  @Override
  public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
    failAll(new KwireConnectionException("the connection failed: " + cause, cause));
    ctx.close();
  }

  /** Fails every request in flight and closes (the client's close, on the event loop). */
  public void close(String reason) {
    close(new KwireConnectionException(reason));
  }

  /** Fails every request in flight or held with {@code cause} and closes. */
  public void close(KwireConnectionException cause) {
    failAll(cause);
    ctx.close();
  }

  private void fail(ChannelHandlerContext ctx, String reason) {
    failAll(new KwireConnectionException(reason + "; the connection is closed"));
    ctx.close();
  }

  private void failAll(KwireConnectionException cause) {
    if (failure == null) {
      failure = cause;
    }
    if (timer != null) {
      timer.cancel(false);
      timer = null;
    }
    Pending<?> pending;
    while ((pending = inFlight.poll()) != null) {
      pending.future.completeExceptionally(cause);
    }
    holding = false;
    whenDrained = null;
    Runnable next;
    while ((next = held.poll()) != null) {
      next.run(); // each fails at once: the connection has failed
    }
  }
}

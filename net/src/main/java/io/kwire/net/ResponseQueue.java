package io.kwire.net;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.EventLoop;
import java.util.ArrayDeque;
import java.util.concurrent.RejectedExecutionException;
import java.util.function.IntSupplier;

/**
 * One server connection's requests in arrival order, each with a slot its handler settles, on any
 * thread and in any order; responses are written in slot order (Kafka clients match a response to
 * the oldest request in flight). The connection is read only while fewer than {@code maxInFlight}
 * requests wait and the channel is writable, so a client that sends without reading, or handlers
 * that fall behind, stop the reading. Confined to the channel's event loop, except {@link Slot}'s
 * settling methods, which hop onto it.
 */
final class ResponseQueue {
  private static final Object NOTHING = new Object();

  /** A close in the response order; a null reason writes no line (the caller said why). */
  private record Close(String reason) {}

  private final Channel channel;
  private final int maxInFlight;
  private final ArrayDeque<Slot> slots = new ArrayDeque<>();
  private boolean closing;
  private boolean flushQueued;
  private boolean unflushed;
  /** A proxy's upstream connection, paired on the same event loop: not read while it cannot write. */
  private Channel upstream;
  private Runnable admit;
  private IntSupplier waiting = () -> 0;
  /** Reads a paused connection ahead for its end; null until the pipeline is built. */
  private PausedReads pausedReads;

  public ResponseQueue(Channel channel, int maxInFlight) {
    this.channel = channel;
    this.maxInFlight = maxInFlight;
  }

  /** The pipeline's read-ahead stage, told of every read decision. */
  public void watchWith(PausedReads reads) {
    this.pausedReads = reads;
  }

  /**
   * The sequencer's frames waiting for a slot: {@code admit} is run as slots free, and the connection
   * is not read while {@code waiting} is not zero.
   */
  public void admitWith(Runnable admit, IntSupplier waiting) {
    this.admit = admit;
    this.waiting = waiting;
  }

  /** Whether a request may be given a slot now (below the in-flight bound). */
  public boolean hasRoom() {
    return slots.size() < maxInFlight;
  }

  /** A new slot at the end of the order. */
  public Slot open() {
    Slot slot = new Slot();
    slots.add(slot);
    updateAutoRead();
    return slot;
  }

  /** Whether no request is waiting for its response, or for a slot. */
  public boolean idle() {
    return slots.isEmpty() && waiting.getAsInt() == 0;
  }

  public boolean closing() {
    return closing;
  }

  /** Reads no more requests; answers those in flight, then closes (graceful shutdown, a fatal request). */
  public void closeAfterPending() {
    closing = true;
    updateAutoRead();
    if (slots.isEmpty()) {
      closeAfterFlush();
    }
  }

  /** The channel went away: whatever is still pending is dropped when it settles. */
  public void abandon() {
    closing = true;
    dropAll();
  }

  /** Marks every waiting slot settled, so that its handler's late answer is ignored, and forgets them. */
  private void dropAll() {
    Slot[] dropped = slots.toArray(new Slot[0]);
    slots.clear();
    for (Slot slot : dropped) {
      if (slot.outcome instanceof Streamed streamed) {
        streamed.dropped();
      }
      slot.outcome = NOTHING;
      slot.dropped = true;
    }
    for (Slot slot : dropped) { // after all are marked: a cancel may settle another slot (one shared future)
      slot.cancelDropped();
    }
  }

  /**
   * Pairs this connection with a proxy's upstream connection on the same event loop, for
   * back-pressure both ways: this connection is read only while {@code upstream} can write, and
   * {@code upstream} only while this connection can write. Call on the event loop.
   */
  public void pair(Channel upstream) {
    this.upstream = upstream;
    updateAutoRead();
    updateUpstreamAutoRead();
  }

  /**
   * Reads when writable, below the in-flight bound, not closing, and the paired upstream (if any) can
   * write. Paused only by the bound or by closing, the connection is still read ahead for its end
   * ({@link PausedReads}); paused because it cannot write, a client that went away fails the write.
   */
  public void updateAutoRead() {
    boolean canWrite = channel.isWritable() && (upstream == null || upstream.isWritable());
    boolean read = !closing && canWrite && slots.size() < maxInFlight && waiting.getAsInt() == 0;
    channel.config().setAutoRead(read);
    if (pausedReads != null) {
      pausedReads.update(read, canWrite);
    }
  }

  /** The paired upstream is read only while this connection can write what it answers. */
  public void updateUpstreamAutoRead() {
    if (upstream != null && upstream.config().isAutoRead() != channel.isWritable()) {
      boolean read = channel.isWritable();
      upstream.config().setAutoRead(read);
      // The upstream's request timeouts stand still while it is not read for this client's sake.
      upstream.pipeline().fireUserEventTriggered(read ? UpstreamReading.RESUMED : UpstreamReading.PAUSED);
    }
  }

  private void drain() {
    boolean wrote = false;
    while (!slots.isEmpty() && slots.peek().outcome != null) {
      if (slots.peek().outcome instanceof Streamed streamed) {
        wrote |= streamed.writeQueued();
        if (!streamed.ended) {
          streamed.live = true; // its next pieces go straight out; nothing after it until it ends
          break;
        }
        streamed.live = false;
        streamed.finished = true;
      }
      Object outcome = slots.poll().outcome;
      if (outcome instanceof byte[] frame) {
        channel.write(Unpooled.wrappedBuffer(frame));
        wrote = true;
      } else if (outcome instanceof Close close) {
        if (close.reason() != null) {
          ServerEvents.warn(channel, close.reason() + "; closing the connection");
        }
        closing = true;
        dropAll();
        closeAfterFlush();
        return;
      }
    }
    if (wrote) {
      flush();
    }
    if (!closing && admit != null && hasRoom()) {
      admit.run(); // frames waiting past the bound take the slots freed
    }
    if (closing && slots.isEmpty()) {
      closeAfterFlush();
    } else {
      updateAutoRead();
    }
  }

  /**
   * Flushes what was written: at once, or, for a proxy's connection (paired with its upstream on
   * one event loop), after the upstream read at hand ({@link #flushWritten}), else once the loop has
   * handled its I/O (it runs its tasks after).
   */
  private void flush() {
    if (upstream == null) {
      channel.flush();
      return;
    }
    unflushed = true;
    if (!flushQueued) { // for what is written outside an upstream read (a filter completing later)
      flushQueued = true;
      channel.eventLoop().execute(() -> {
        flushQueued = false;
        flushWritten();
      });
    }
  }

  /**
   * Flushes what was written since the last flush: the paired upstream calls it after each of its
   * reads, so that what one read gave (many small responses, or a piece of a large one forwarded as
   * it arrives) leaves in one write, and a large response's pieces leave read by read.
   */
  public void flushWritten() {
    if (unflushed) {
      unflushed = false;
      channel.flush();
    }
  }

  private void closeAfterFlush() {
    channel.config().setAutoRead(false);
    if (pausedReads != null) {
      pausedReads.update(false, false);
    }
    if (channel.isActive()) {
      channel.writeAndFlush(Unpooled.EMPTY_BUFFER).addListener(ChannelFutureListener.CLOSE);
    }
  }

  /**
   * A response written in pieces as they arrive: queued while responses before it are unwritten,
   * written at once while it is the head of the order (flushed read by read of the paired upstream),
   * which it stays until it ends.
   */
  private final class Streamed implements ResponseStream {
    private final Slot slot;
    private final ArrayDeque<ByteBuf> queued = new ArrayDeque<>();
    /** The head of the order: pieces go straight to the channel. */
    private boolean live;
    /** Some of the frame has been written: an abort must close the connection now. */
    private boolean wrote;
    private boolean ended;
    /** Ended and written, aborted, or dropped: later pieces are released. */
    private boolean finished;

    private Streamed(Slot slot) {
      this.slot = slot;
    }

    @Override
    public void piece(ByteBuf piece) {
      if (finished || ended) {
        piece.release();
      } else if (live) {
        wrote = true;
        channel.write(piece, channel.voidPromise());
        flush();
      } else {
        queued.add(piece);
      }
    }

    @Override
    public void end() {
      if (finished || ended) {
        return;
      }
      ended = true;
      if (live) {
        drain(); // it is the head: written, then the responses after it
      }
    }

    @Override
    public void abort() {
      if (finished) {
        return;
      }
      finished = true;
      releaseQueued();
      if (wrote) { // half a frame is out: the client must not read on past it
        closing = true;
        dropAll();
        closeAfterFlush();
        return;
      }
      slot.outcome = new Close(null);
      if (live) {
        live = false;
        drain();
      }
    }

    /** Writes what was queued while it waited its turn; whether anything was. */
    private boolean writeQueued() {
      boolean any = false;
      for (ByteBuf piece; (piece = queued.poll()) != null; ) {
        channel.write(piece, channel.voidPromise());
        any = true;
      }
      wrote |= any;
      return any;
    }

    private void dropped() {
      finished = true;
      releaseQueued();
    }

    private void releaseQueued() {
      for (ByteBuf piece; (piece = queued.poll()) != null; ) {
        piece.release();
      }
    }
  }

  /** One request's place in the order; the first settling wins, later ones are ignored. */
  public final class Slot {
    private Object outcome;
    /** What to cancel when the slot is dropped unsettled (the handler's stage and timeout); may be null. */
    private Runnable onDrop;
    /** Written on the event loop, read by a handler's completion on any thread. */
    private volatile boolean dropped;

    private Slot() {}

    /**
     * Runs {@code cancel} if the slot is dropped before it is settled (the connection ended). Call on
     * the event loop; runs at once when the slot was dropped already.
     */
    public void onDrop(Runnable cancel) {
      if (dropped) {
        cancel.run();
      } else {
        this.onDrop = cancel;
      }
    }

    /** Whether the connection ended before this slot was settled: its answer is not written. */
    public boolean isDropped() {
      return dropped;
    }

    private void cancelDropped() {
      Runnable cancel = onDrop;
      onDrop = null;
      if (cancel != null) {
        try {
          cancel.run();
        } catch (RuntimeException e) {
          ServerEvents.warn(channel, "cancelling a dropped request failed", e);
        }
      }
    }

    /** Answers with a whole response frame. */
    public void respond(byte[] frame) {
      settle(frame);
    }

    /**
     * Answers with a frame written in pieces as they arrive ({@link RawResponse#stream}). Call on the
     * event loop; a slot settled already (or dropped) gets a stream that releases what it is given.
     */
    public ResponseStream stream() {
      if (!channel.eventLoop().inEventLoop()) {
        throw new IllegalStateException("a response is streamed on its connection's event loop");
      }
      Streamed streamed = new Streamed(this);
      if (outcome != null) {
        streamed.finished = true;
        return streamed;
      }
      outcome = streamed;
      onDrop = null;
      drain();
      return streamed;
    }

    /** Answers nothing (acks=0): the order moves on. */
    public void nothing() {
      settle(NOTHING);
    }

    /** Closes the connection when this slot's turn comes, after the responses before it. */
    public void close(String reason) {
      settle(new Close(java.util.Objects.requireNonNull(reason, "reason")));
    }

    /** As {@link #close}, without the log line. */
    public void closeWithoutLog() {
      settle(new Close(null));
    }

    private void settle(Object result) {
      EventLoop loop = channel.eventLoop();
      if (loop.inEventLoop()) {
        settleHere(result);
        return;
      }
      try {
        loop.execute(() -> settleHere(result));
      } catch (RejectedExecutionException e) {
        // the server is shut down; the connection is gone with it
      }
    }

    private void settleHere(Object result) {
      if (outcome != null) {
        return;
      }
      outcome = result;
      onDrop = null;
      drain();
    }
  }
}

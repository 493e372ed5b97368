package io.kwire.net;

import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.EventLoop;
import java.util.ArrayDeque;
import java.util.concurrent.RejectedExecutionException;

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

  private record Close(String reason) {}

  private final Channel channel;
  private final int maxInFlight;
  private final ArrayDeque<Slot> slots = new ArrayDeque<>();
  private boolean closing;
  /** A proxy's upstream connection, paired on the same event loop: not read while it cannot write. */
  private Channel upstream;

  public ResponseQueue(Channel channel, int maxInFlight) {
    this.channel = channel;
    this.maxInFlight = maxInFlight;
  }

  /** A new slot at the end of the order. */
  public Slot open() {
    Slot slot = new Slot();
    slots.add(slot);
    updateAutoRead();
    return slot;
  }

  /** Whether no request is waiting for its response. */
  public boolean idle() {
    return slots.isEmpty();
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
    for (Slot slot : slots) {
      slot.outcome = NOTHING;
    }
    slots.clear();
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

  /** Reads when writable, below the in-flight bound, not closing, and the paired upstream (if any) can write. */
  public void updateAutoRead() {
    channel.config().setAutoRead(!closing && channel.isWritable() && slots.size() < maxInFlight
        && (upstream == null || upstream.isWritable()));
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
      Object outcome = slots.poll().outcome;
      if (outcome instanceof byte[] frame) {
        channel.write(Unpooled.wrappedBuffer(frame));
        wrote = true;
      } else if (outcome instanceof Close close) {
        ServerEvents.warn(channel, close.reason() + "; closing the connection");
        closing = true;
        dropAll();
        closeAfterFlush();
        return;
      }
    }
    if (wrote) {
      channel.flush();
    }
    if (closing && slots.isEmpty()) {
      closeAfterFlush();
    } else {
      updateAutoRead();
    }
  }

  private void closeAfterFlush() {
    channel.config().setAutoRead(false);
    if (channel.isActive()) {
      channel.writeAndFlush(Unpooled.EMPTY_BUFFER).addListener(ChannelFutureListener.CLOSE);
    }
  }

  /** One request's place in the order; the first settling wins, later ones are ignored. */
  public final class Slot {
    private Object outcome;

    private Slot() {}

    /** Answers with a whole response frame. */
    public void respond(byte[] frame) {
      settle(frame);
    }

    /** Answers nothing (acks=0): the order moves on. */
    public void nothing() {
      settle(NOTHING);
    }

    /** Closes the connection when this slot's turn comes, after the responses before it. */
    public void close(String reason) {
      settle(new Close(reason));
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
      drain();
    }
  }
}

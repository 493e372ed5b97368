package io.kwire.net;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import java.util.ArrayDeque;

/**
 * Before the frame decoder: keeps a paused connection's end visible. With auto-read off (at the
 * in-flight bound, or closing) Netty's NIO transport stops reading the socket, and a client's close is
 * an end of stream that only a read sees: the connection would sit in CLOSE_WAIT with its parked
 * requests until an answer went out. So while the queue pauses the connection and wants it watched,
 * this stage still reads, one read at a time, and holds what arrives (at most {@link #READ_AHEAD_BYTES}
 * plus one read) without passing it on: back-pressure holds (no frame is decoded, no request admitted,
 * and the client's window closes once the hold is full), and an end of stream closes the channel, which
 * drops its pending work. The bytes held go on, in order, once the connection is read again.
 *
 * <p>A client that sent more than the read-ahead beyond the bound before closing is noticed only once a
 * slot frees (or by the handler timeout), as before. Confined to the event loop.
 */
final class PausedReads extends ChannelInboundHandlerAdapter {
  /** Bytes a paused connection may read ahead and hold: enough for a close behind small requests. */
  static final int READ_AHEAD_BYTES = 64 << 10;

  private final ArrayDeque<ByteBuf> held = new ArrayDeque<>();
  private int heldBytes;
  private ChannelHandlerContext ctx;
  /** Whether the connection is read (auto-read on); false while the queue pauses it. */
  private boolean reading = true;
  /** Whether a paused connection should still be read ahead for its end (not when it cannot write). */
  private boolean watching;
  /** A single read asked for while paused, not yet complete. */
  private boolean probePending;
  private boolean flushScheduled;
  /** A read was passed on since the last read-complete, which the stages after then need. */
  private boolean passedRead;

  @Override
  public void handlerAdded(ChannelHandlerContext ctx) {
    this.ctx = ctx;
  }

  /** Bytes read ahead and held now (tests read it on the event loop). */
  int heldBytes() {
    return heldBytes;
  }

  /**
   * The queue's latest decision: {@code read} is auto-read; {@code watch} whether a paused connection
   * is read ahead for its end. Called on the event loop after each decision.
   */
  void update(boolean read, boolean watch) {
    if (ctx == null) {
      return;
    }
    if (reading && !read) {
      probePending = false; // turning auto-read off cleared any read Netty had pending
    }
    reading = read;
    watching = watch;
    if (reading) {
      if (!held.isEmpty()) {
        scheduleFlush();
      }
    } else {
      probe();
    }
  }

  private void probe() {
    if (!reading && watching && !probePending && heldBytes < READ_AHEAD_BYTES && ctx.channel().isActive()) {
      probePending = true;
      ctx.read();
    }
  }

  @Override
  public void channelRead(ChannelHandlerContext ctx, Object msg) {
    if (reading && held.isEmpty() || !(msg instanceof ByteBuf bytes)) {
      passedRead = true;
      ctx.fireChannelRead(msg);
      return;
    }
    held.add(bytes);
    heldBytes += bytes.readableBytes();
    if (reading) {
      scheduleFlush(); // what is held goes first
    }
  }

  @Override
  public void channelReadComplete(ChannelHandlerContext ctx) {
    probePending = false;
    if (passedRead) { // else all was held: the stages after saw no read, and ask for none
      passedRead = false;
      ctx.fireChannelReadComplete();
    }
    probe();
  }

  /** Passes on what is held, in a task of its own: the queue decides while the stages after are reading. */
  private void scheduleFlush() {
    if (!flushScheduled) {
      flushScheduled = true;
      ctx.executor().execute(this::flush);
    }
  }

  private void flush() {
    flushScheduled = false;
    boolean passed = false;
    while (reading && !held.isEmpty() && ctx.channel().isActive()) {
      ByteBuf bytes = held.poll();
      heldBytes -= bytes.readableBytes();
      ctx.fireChannelRead(bytes); // may pause the connection again, which ends the loop
      passed = true;
    }
    if (passed) {
      ctx.fireChannelReadComplete();
    }
    probe();
  }

  @Override
  public void channelInactive(ChannelHandlerContext ctx) {
    release();
    ctx.fireChannelInactive();
  }

  @Override
  public void handlerRemoved(ChannelHandlerContext ctx) {
    release();
  }

  private void release() {
    ByteBuf bytes;
    while ((bytes = held.poll()) != null) {
      bytes.release();
    }
    heldBytes = 0;
  }
}

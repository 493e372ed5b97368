package io.kwire.capture;

/**
 * The bytes all connections hold between packets, against {@link CaptureLimits#maxBufferedBytes}, with
 * the highest total reached. Each {@link Account} (one per connection) also keeps its own total under
 * {@link CaptureLimits#maxConnectionBytes}. Held bytes are counted with a fixed overhead per piece
 * (a segment, a pending request), so that a billion tiny pieces count as what they cost.
 */
final class Budget {
  /** What one held piece costs beyond its bytes: object headers, map entries. */
  static final int PIECE_OVERHEAD = 64;

  private final long maxTotal;
  private final long maxPerAccount;
  private long total;
  private long peak;

  Budget(CaptureLimits limits) {
    this.maxTotal = limits.maxBufferedBytes();
    this.maxPerAccount = limits.maxConnectionBytes();
  }

  long total() {
    return total;
  }

  long peak() {
    return peak;
  }

  Account account() {
    return new Account();
  }

  /** One connection's share. */
  final class Account {
    private long held;

    /** Takes {@code bytes} if both this account and the total allow it; false (nothing taken) if not. */
    boolean reserve(long bytes) {
      if (held + bytes > maxPerAccount || total + bytes > maxTotal) {
        return false;
      }
      held += bytes;
      total += bytes;
      peak = Math.max(peak, total);
      return true;
    }

    void release(long bytes) {
      held -= bytes;
      total -= bytes;
    }

    long held() {
      return held;
    }

    /** Whether the limit that refused would be the total's rather than this connection's. */
    boolean totalIsTheLimit(long bytes) {
      return held + bytes <= maxPerAccount;
    }

    void releaseAll() {
      total -= held;
      held = 0;
    }
  }
}

package io.kwire.fake.cluster;

import io.kwire.runtime.records.RecordBatchV2;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What an idempotent producer has written to one partition, by producer id: its epoch, and its
 * last five batches (sequence range and offset), so that a retried batch is recognised and
 * answered with its first offset instead of being written twice, and a gap in the sequence is
 * OUT_OF_ORDER_SEQUENCE_NUMBER.
 */
public final class ProducerStates {
  private static final int CACHED_BATCHES = 5;

  private final Map<Long, State> producers = new LinkedHashMap<>();

  private static final class State {
    short epoch;
    final Deque<Written> last = new ArrayDeque<>();
    /** The newest batch's or marker's timestamp, and the coordinator epoch of its last marker (-1: none yet). */
    long lastTimestamp = -1;
    int coordinatorEpoch = -1;
  }

  /** A producer as DescribeProducers shows it: its epoch, last sequence (-1: none at this epoch), last timestamp. */
  public record Active(long producerId, short epoch, int lastSequence, long lastTimestamp, int coordinatorEpoch) {}

  private record Written(int firstSequence, int lastSequence, long baseOffset) {}

  /** What to do with a batch: append it, answer it as the duplicate of one at {@code duplicateOffset}, or refuse it. */
  public record Decision(short errorCode, long duplicateOffset) {
    public static final Decision APPEND = new Decision(ErrorCode.NONE, -1);

    public boolean duplicate() {
      return duplicateOffset >= 0;
    }
  }

  public Decision check(RecordBatchV2 batch) {
    State state = producers.get(batch.producerId());
    int first = batch.baseSequence();
    if (state == null || batch.producerEpoch() > state.epoch) {
      return first == 0 ? Decision.APPEND : new Decision(ErrorCode.OUT_OF_ORDER_SEQUENCE_NUMBER, -1);
    }
    if (batch.producerEpoch() < state.epoch) {
      return new Decision(ErrorCode.INVALID_PRODUCER_EPOCH, -1);
    }
    for (Written w : state.last) {
      if (w.firstSequence == first && w.lastSequence == lastSequence(batch)) {
        return new Decision(ErrorCode.NONE, w.baseOffset);
      }
    }
    int expected = state.last.isEmpty() ? 0 : increment(state.last.peekLast().lastSequence, 1);
    return first == expected ? Decision.APPEND : new Decision(ErrorCode.OUT_OF_ORDER_SEQUENCE_NUMBER, -1);
  }

  /** Records a batch appended at {@code baseOffset}. */
  public void appended(RecordBatchV2 batch, long baseOffset) {
    State state = producers.computeIfAbsent(batch.producerId(), id -> new State());
    if (batch.producerEpoch() != state.epoch) {
      state.epoch = batch.producerEpoch();
      state.last.clear();
    }
    state.last.addLast(new Written(batch.baseSequence(), lastSequence(batch), baseOffset));
    state.lastTimestamp = batch.maxTimestamp();
    if (state.last.size() > CACHED_BATCHES) {
      state.last.removeFirst();
    }
  }

  /** A transaction marker written at {@code epoch}: older epochs of the producer are fenced from now on. */
  public void markerWritten(long producerId, short epoch) {
    markerWritten(producerId, epoch, 0, -1);
  }

  /** As above, noting the marker's coordinator epoch and timestamp (-1: keep the last one). */
  public void markerWritten(long producerId, short epoch, int coordinatorEpoch, long timestamp) {
    State state = producers.computeIfAbsent(producerId, id -> new State());
    if (epoch > state.epoch) {
      state.epoch = epoch;
      state.last.clear();
    }
    state.coordinatorEpoch = coordinatorEpoch;
    if (timestamp >= 0) {
      state.lastTimestamp = timestamp;
    }
  }

  /** The epoch and coordinator epoch last seen of a producer, or null when it never wrote here. */
  public Active producer(long producerId) {
    State s = producers.get(producerId);
    return s == null ? null : active(producerId, s);
  }

  /** Every producer that wrote to the partition, in the order they first did. */
  public List<Active> all() {
    List<Active> out = new ArrayList<>(producers.size());
    producers.forEach((id, s) -> out.add(active(id, s)));
    return out;
  }

  private static Active active(long producerId, State s) {
    return new Active(producerId, s.epoch, s.last.isEmpty() ? -1 : s.last.peekLast().lastSequence, s.lastTimestamp,
        s.coordinatorEpoch);
  }

  private static int lastSequence(RecordBatchV2 batch) {
    return increment(batch.baseSequence(), batch.lastOffsetDelta());
  }

  /** Sequences wrap from Integer.MAX_VALUE to 0. */
  private static int increment(int sequence, int by) {
    return sequence > Integer.MAX_VALUE - by ? by - (Integer.MAX_VALUE - sequence) - 1 : sequence + by;
  }
}

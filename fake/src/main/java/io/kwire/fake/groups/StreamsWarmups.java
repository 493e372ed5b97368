package io.kwire.fake.groups;

import io.kwire.fake.groups.StreamsTasks.TaskId;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.BiPredicate;

/**
 * Warm-up tasks (KIP-1071): refines the assignor's target so that a stateful active task does not
 * move to a member that would first have to restore its state. When the target gives such a task to
 * a member that is not caught up on it while another member runs it, the task stays active on that
 * member and the new one gets it as a warm-up task (at most {@code maxWarmups} in the group, the
 * others simply stay); once the new member reports it is caught up, the next assignment moves it.
 * A stateless task, a task nobody runs now, and a caught-up member move at once. {@link StreamsGroup}
 * applies it only when the group sets {@code streams.num.warmup.replicas}: Kafka 4.4.0 assigns no
 * warm-up tasks.
 */
public final class StreamsWarmups {
  /** Kafka's group.streams.num.warmup.replicas default: the warm-up tasks a streams group may have at once. */
  public static final int NUM_WARMUP_REPLICAS = 2;
  /** Kafka's group.streams.acceptable.recovery.lag default: how far behind a member may be and still be caught up. */
  public static final long ACCEPTABLE_RECOVERY_LAG = 10_000;

  private StreamsWarmups() {}

  /**
   * Whether a member that reported {@code reportedOffset} (null: none, it has no state) is within the
   * acceptable lag of the task's changelog end offset sum.
   */
  public static boolean caughtUp(long endOffset, Long reportedOffset, long acceptableLag) {
    long offset = reportedOffset == null ? 0 : reportedOffset;
    return Math.max(0, endOffset - offset) <= acceptableLag;
  }

  /**
   * @param target the assignor's target, by member id
   * @param heldActive the active tasks each member runs now (or has yet to release)
   * @param stateful the subtopologies whose tasks keep state
   * @param caughtUp whether a member is caught up on a task
   * @param maxWarmups how many warm-up tasks the group may have at once
   * @return the refined target, by member id
   */
  public static Map<String, StreamsTasks> refine(Map<String, StreamsTasks> target,
      Map<String, Set<TaskId>> heldActive, Set<String> stateful, BiPredicate<String, TaskId> caughtUp,
      int maxWarmups) {
    Map<String, Set<TaskId>> active = new TreeMap<>();
    Map<String, Set<TaskId>> standby = new TreeMap<>();
    Map<String, Set<TaskId>> warmup = new TreeMap<>();
    target.forEach((id, t) -> {
      active.put(id, new TreeSet<>(t.active()));
      standby.put(id, new TreeSet<>(t.standby()));
      warmup.put(id, new TreeSet<>());
    });
    // Tasks in id order, so that which ones warm up when the cap bites does not depend on the map order.
    Map<TaskId, String> newOwner = new TreeMap<>();
    target.forEach((id, t) -> t.active().forEach(task -> newOwner.put(task, id)));
    int warmups = 0;
    for (Map.Entry<TaskId, String> e : newOwner.entrySet()) {
      TaskId task = e.getKey();
      String member = e.getValue();
      if (!stateful.contains(task.subtopologyId()) || heldActive.getOrDefault(member, Set.of()).contains(task)) {
        continue;
      }
      String runner = runnerOf(task, member, heldActive, target.keySet());
      if (runner == null || caughtUp.test(member, task)) {
        continue;
      }
      active.get(member).remove(task);
      active.get(runner).add(task);
      standby.get(runner).remove(task);
      if (warmups < maxWarmups) {
        warmup.get(member).add(task);
        warmups++;
      }
    }
    Map<String, StreamsTasks> out = new TreeMap<>();
    active.forEach((id, a) -> out.put(id, new StreamsTasks(a, standby.get(id), warmup.get(id))));
    return out;
  }

  /** Another member of the target that runs the task now, or null. */
  private static String runnerOf(TaskId task, String except, Map<String, Set<TaskId>> heldActive,
      Set<String> members) {
    for (String id : new TreeSet<>(members)) {
      if (!id.equals(except) && heldActive.getOrDefault(id, Set.of()).contains(task)) {
        return id;
      }
    }
    return null;
  }
}

package io.kwire.fake.groups;

import io.kwire.fake.groups.StreamsTasks.TaskId;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The fake's sticky task assignor, after Kafka's default ("sticky"): active tasks spread evenly over
 * the members (their counts differ by at most one), each staying with the member that has it when
 * that keeps the balance, the others going to the least loaded member (ties: member id order);
 * then, for each task of a stateful subtopology, {@code numStandbyReplicas} standby tasks on
 * members of other processes than the active's (one per process), those that already have it
 * first, then the least loaded. This is the target as if every member were caught up:
 * {@link StreamsWarmups} then keeps a stateful task on its runner while its new member warms up.
 */
public final class StreamsTaskAssignor {
  /** A member as the assignor sees it: its process and what it has now. */
  public record MemberSpec(String memberId, String processId, StreamsTasks current) {}

  private StreamsTaskAssignor() {}

  /**
   * @param tasks each subtopology's task count
   * @param stateful the subtopologies whose tasks keep state
   * @param members the members, in any order
   * @return every member's target, by member id
   */
  public static Map<String, StreamsTasks> assign(Map<String, Integer> tasks, Set<String> stateful,
      List<MemberSpec> members, int numStandbyReplicas) {
    Map<String, MemberSpec> byId = new TreeMap<>();
    members.forEach(m -> byId.put(m.memberId(), m));
    Map<String, Set<TaskId>> active = new TreeMap<>();
    Map<String, Set<TaskId>> standby = new TreeMap<>();
    byId.keySet().forEach(id -> {
      active.put(id, new TreeSet<>());
      standby.put(id, new TreeSet<>());
    });
    if (byId.isEmpty()) {
      return Map.of();
    }
    List<TaskId> all = new ArrayList<>();
    new TreeMap<>(tasks).forEach((subtopology, count) -> {
      for (int p = 0; p < count; p++) {
        all.add(new TaskId(subtopology, p));
      }
    });
    int floor = all.size() / byId.size();
    int withExtra = all.size() % byId.size();
    int[] atCeiling = {0};
    List<TaskId> unplaced = new ArrayList<>();
    for (TaskId task : all) {
      String owner = previousOwner(byId.values(), task);
      if (owner != null && takesOneMore(active.get(owner).size(), floor, withExtra, atCeiling)) {
        active.get(owner).add(task);
      } else {
        unplaced.add(task);
      }
    }
    for (TaskId task : unplaced) {
      String least = null;
      for (String id : byId.keySet()) {
        if (least == null || active.get(id).size() < active.get(least).size()) {
          least = id;
        }
      }
      if (active.get(least).size() == floor) {
        atCeiling[0]++;
      }
      active.get(least).add(task);
    }
    if (numStandbyReplicas > 0) {
      assignStandbys(all, stateful, byId, active, standby, numStandbyReplicas);
    }
    Map<String, StreamsTasks> out = new TreeMap<>();
    byId.keySet().forEach(id -> out.put(id, new StreamsTasks(active.get(id), standby.get(id), Set.of())));
    return out;
  }

  /** Whether a member with {@code load} active tasks may keep one more and stay within the balance. */
  private static boolean takesOneMore(int load, int floor, int withExtra, int[] atCeiling) {
    if (load < floor) {
      return true;
    }
    if (load == floor && atCeiling[0] < withExtra) {
      atCeiling[0]++;
      return true;
    }
    return false;
  }

  private static String previousOwner(Iterable<MemberSpec> members, TaskId task) {
    for (MemberSpec m : members) {
      if (m.current().active().contains(task)) {
        return m.memberId();
      }
    }
    return null;
  }

  private static void assignStandbys(List<TaskId> all, Set<String> stateful, Map<String, MemberSpec> byId,
      Map<String, Set<TaskId>> active, Map<String, Set<TaskId>> standby, int replicas) {
    Map<String, String> activeOwner = new HashMap<>();
    active.forEach((id, tasks) -> tasks.forEach(t -> activeOwner.put(t.toString(), id)));
    for (TaskId task : all) {
      if (!stateful.contains(task.subtopologyId())) {
        continue;
      }
      Set<String> processes = new HashSet<>();
      processes.add(byId.get(activeOwner.get(task.toString())).processId());
      for (int i = 0; i < replicas; i++) {
        String chosen = null;
        for (MemberSpec m : byId.values()) {
          if (processes.contains(m.processId())) {
            continue;
          }
          if (chosen == null || better(m, byId.get(chosen), task, active, standby)) {
            chosen = m.memberId();
          }
        }
        if (chosen == null) {
          break;
        }
        standby.get(chosen).add(task);
        processes.add(byId.get(chosen).processId());
      }
    }
  }

  private static boolean better(MemberSpec m, MemberSpec than, TaskId task, Map<String, Set<TaskId>> active,
      Map<String, Set<TaskId>> standby) {
    boolean had = m.current().standby().contains(task);
    boolean otherHad = than.current().standby().contains(task);
    if (had != otherHad) {
      return had;
    }
    int load = active.get(m.memberId()).size() + standby.get(m.memberId()).size();
    int otherLoad = active.get(than.memberId()).size() + standby.get(than.memberId()).size();
    return load < otherLoad;
  }
}

package io.kwire.fake.groups;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kwire.fake.groups.StreamsTaskAssignor.MemberSpec;
import io.kwire.fake.groups.StreamsTasks.TaskId;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/** The sticky task assignor: balanced, sticky where the balance allows, standbys on other processes. */
class StreamsTaskAssignorTest {
  private static final Map<String, Integer> SIX_TASKS = Map.of("0", 3, "1", 3);

  private static MemberSpec member(String id, String process, StreamsTasks current) {
    return new MemberSpec(id, process, current);
  }

  private static StreamsTasks active(Set<TaskId> tasks) {
    return new StreamsTasks(tasks, Set.of(), Set.of());
  }

  @Test
  void tasksStayWithTheirMembersAndOnlyTheLeaversMove() {
    Map<String, StreamsTasks> three = StreamsTaskAssignor.assign(SIX_TASKS, Set.of(), List.of(
        member("a", "pa", StreamsTasks.NONE), member("b", "pb", StreamsTasks.NONE),
        member("c", "pc", StreamsTasks.NONE)), 0);
    three.values().forEach(t -> assertEquals(2, t.active().size(), three.toString()));

    Map<String, StreamsTasks> two = StreamsTaskAssignor.assign(SIX_TASKS, Set.of(), List.of(
        member("a", "pa", three.get("a")), member("b", "pb", three.get("b"))), 0);
    assertTrue(two.get("a").active().containsAll(three.get("a").active()), "a keeps its tasks: " + two);
    assertTrue(two.get("b").active().containsAll(three.get("b").active()), "b keeps its tasks: " + two);
    assertEquals(3, two.get("a").active().size());
    assertEquals(3, two.get("b").active().size());
    Set<TaskId> all = new TreeSet<>(two.get("a").active());
    all.addAll(two.get("b").active());
    assertEquals(6, all.size(), "every task once");
  }

  @Test
  void countsDifferByAtMostOneEvenWhenStickinessWouldUnbalanceThem() {
    Set<TaskId> everything = new TreeSet<>();
    for (int p = 0; p < 3; p++) {
      everything.add(new TaskId("0", p));
      everything.add(new TaskId("1", p));
    }
    Map<String, StreamsTasks> out = StreamsTaskAssignor.assign(Map.of("0", 3, "1", 1), Set.of(), List.of(
        member("a", "pa", active(everything)), member("b", "pb", StreamsTasks.NONE),
        member("c", "pc", StreamsTasks.NONE)), 0);
    assertEquals(List.of(2, 1, 1), List.of(out.get("a").active().size(), out.get("b").active().size(),
        out.get("c").active().size()));
  }

  @Test
  void standbysGoToOtherProcessesForStatefulSubtopologiesOnly() {
    Map<String, StreamsTasks> out = StreamsTaskAssignor.assign(SIX_TASKS, Set.of("1"), List.of(
        member("a1", "pa", StreamsTasks.NONE), member("a2", "pa", StreamsTasks.NONE),
        member("b", "pb", StreamsTasks.NONE), member("c", "pc", StreamsTasks.NONE)), 2);
    Map<String, String> process = Map.of("a1", "pa", "a2", "pa", "b", "pb", "c", "pc");
    for (int p = 0; p < 3; p++) {
      TaskId task = new TaskId("1", p);
      Set<String> processes = new TreeSet<>();
      out.forEach((id, t) -> {
        if (t.active().contains(task) || t.standby().contains(task)) {
          assertTrue(processes.add(process.get(id)), task + " twice in process " + process.get(id) + ": " + out);
        }
      });
      assertEquals(3, processes.size(), task + ": one active and two standbys, " + out);
    }
    out.values().forEach(t -> t.standby().forEach(s -> assertEquals("1", s.subtopologyId(), "stateless: " + out)));
  }
}

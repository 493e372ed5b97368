package io.kwire.fake.groups;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kwire.fake.groups.StreamsTasks.TaskId;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * The warm-up refinement of a target: subtopology "0" is stateless, "1" keeps state; member "a" runs
 * every task now and the assignor's target hands some to "b".
 */
class StreamsWarmupsTest {
  private static final Set<String> STATEFUL = Set.of("1");
  private static final Map<String, Set<TaskId>> A_RUNS_ALL = Map.of(
      "a", tasks("0_0", "0_1", "0_2", "1_0", "1_1", "1_2"), "b", Set.of());

  private static Set<TaskId> tasks(String... ids) {
    Set<TaskId> out = new TreeSet<>();
    for (String id : ids) {
      String[] parts = id.split("_");
      out.add(new TaskId(parts[0], Integer.parseInt(parts[1])));
    }
    return out;
  }

  private static StreamsTasks active(String... ids) {
    return new StreamsTasks(tasks(ids), Set.of(), Set.of());
  }

  private static Map<String, StreamsTasks> halves() {
    return Map.of("a", active("0_0", "0_1", "1_0"), "b", active("0_2", "1_1", "1_2"));
  }

  @Test
  void aStatefulTaskStaysOnItsRunnerWhileTheLaggingNewMemberWarmsItUpAndAStatelessOneMovesAtOnce() {
    Map<String, StreamsTasks> refined = StreamsWarmups.refine(halves(), A_RUNS_ALL, STATEFUL, (m, t) -> false, 2);
    assertEquals(Map.of(
        "a", active("0_0", "0_1", "1_0", "1_1", "1_2"),
        "b", new StreamsTasks(tasks("0_2"), Set.of(), tasks("1_1", "1_2"))), refined);
  }

  @Test
  void aCaughtUpMemberTakesTheStatefulTaskAtOnce() {
    Map<String, StreamsTasks> refined = StreamsWarmups.refine(halves(), A_RUNS_ALL, STATEFUL,
        (m, t) -> m.equals("b") && t.equals(new TaskId("1", 1)), 2);
    assertEquals(Map.of(
        "a", active("0_0", "0_1", "1_0", "1_2"),
        "b", new StreamsTasks(tasks("0_2", "1_1"), Set.of(), tasks("1_2"))), refined);
  }

  @Test
  void theWarmupsOfTheGroupAreCappedAndTheOtherTasksSimplyStay() {
    Map<String, StreamsTasks> refined = StreamsWarmups.refine(halves(), A_RUNS_ALL, STATEFUL, (m, t) -> false, 1);
    assertEquals(Map.of(
        "a", active("0_0", "0_1", "1_0", "1_1", "1_2"),
        "b", new StreamsTasks(tasks("0_2"), Set.of(), tasks("1_1"))), refined);
    Map<String, StreamsTasks> none = StreamsWarmups.refine(halves(), A_RUNS_ALL, STATEFUL, (m, t) -> false, 0);
    assertEquals(new StreamsTasks(tasks("0_2"), Set.of(), Set.of()), none.get("b"));
  }

  @Test
  void aTaskNobodyRunsMovesAtOnceAndTheRunnersStandbyOfAKeptTaskGoes() {
    Map<String, Set<TaskId>> onlyPart = Map.of("a", tasks("0_0", "0_1", "1_0", "1_1"), "b", Set.of());
    Map<String, StreamsTasks> target = Map.of(
        "a", new StreamsTasks(tasks("0_0", "0_1", "1_0"), tasks("1_1"), Set.of()),
        "b", active("0_2", "1_1", "1_2"));
    Map<String, StreamsTasks> refined = StreamsWarmups.refine(target, onlyPart, STATEFUL, (m, t) -> false, 2);
    assertEquals(Map.of(
        "a", active("0_0", "0_1", "1_0", "1_1"),
        "b", new StreamsTasks(tasks("0_2", "1_2"), Set.of(), tasks("1_1"))), refined);
  }

  @Test
  void caughtUpMeansWithinTheAcceptableLagOfTheEndOffsetSum() {
    assertTrue(StreamsWarmups.caughtUp(20_000, 10_000L, 10_000), "exactly the acceptable lag");
    assertFalse(StreamsWarmups.caughtUp(20_001, 10_000L, 10_000));
    assertTrue(StreamsWarmups.caughtUp(10_000, null, 10_000), "no state restores from 0");
    assertFalse(StreamsWarmups.caughtUp(10_001, null, 10_000));
    assertTrue(StreamsWarmups.caughtUp(5, 9L, 0), "ahead of the end is caught up");
  }
}

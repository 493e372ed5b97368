package io.kwire.fake.groups;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/** What a streams group member has, or is to have: its active, standby and warm-up tasks. */
public record StreamsTasks(Set<TaskId> active, Set<TaskId> standby, Set<TaskId> warmup) {
  public static final StreamsTasks NONE = new StreamsTasks(Set.of(), Set.of(), Set.of());

  public StreamsTasks {
    active = Collections.unmodifiableSet(new TreeSet<>(active));
    standby = Collections.unmodifiableSet(new TreeSet<>(standby));
    warmup = Collections.unmodifiableSet(new TreeSet<>(warmup));
  }

  /** A task: one partition of a subtopology's input. */
  public record TaskId(String subtopologyId, int partition) implements Comparable<TaskId> {
    @Override
    public int compareTo(TaskId o) {
      int c = subtopologyId.compareTo(o.subtopologyId);
      return c != 0 ? c : Integer.compare(partition, o.partition);
    }

    @Override
    public String toString() {
      return subtopologyId + "_" + partition;
    }
  }

  /** Tasks grouped by subtopology, partitions in order: as the protocol lists them. */
  public static Map<String, List<Integer>> bySubtopology(Set<TaskId> tasks) {
    Map<String, List<Integer>> grouped = new TreeMap<>();
    for (TaskId t : new TreeSet<>(tasks)) {
      grouped.computeIfAbsent(t.subtopologyId(), id -> new ArrayList<>()).add(t.partition());
    }
    return grouped;
  }
}

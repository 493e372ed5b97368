package io.kwire.bench.net;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.lang.management.ThreadMXBean;
import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;

/**
 * CPU time (user and system) of this JVM's threads, summed by a name-to-group function, between a
 * {@link #start} and {@link #end}: where a run's cores went, which a sampling profiler of Java frames
 * does not show (time in the kernel's TCP stack, a loopback hop's syscalls). A thread that ends in
 * between loses its share.
 */
final class CpuShares {
  private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

  private final Function<String, String> groupOf;
  private final Map<Long, Long> before = new HashMap<>();
  private final Map<Long, Long> userBefore = new HashMap<>();
  private final Map<String, Double> userCores = new TreeMap<>();
  private final Map<Long, String> names = new HashMap<>();
  private long startNanos;

  private CpuShares(Function<String, String> groupOf) {
    this.groupOf = groupOf;
  }

  static CpuShares start(Function<String, String> groupOf) {
    CpuShares shares = new CpuShares(groupOf);
    shares.startNanos = System.nanoTime();
    shares.snapshot(shares.before, shares.userBefore);
    return shares;
  }

  private void snapshot(Map<Long, Long> into, Map<Long, Long> userInto) {
    for (ThreadInfo info : THREADS.getThreadInfo(THREADS.getAllThreadIds())) {
      if (info != null) {
        long cpu = THREADS.getThreadCpuTime(info.getThreadId());
        if (cpu >= 0) {
          into.put(info.getThreadId(), cpu);
          userInto.put(info.getThreadId(), THREADS.getThreadUserTime(info.getThreadId()));
          names.put(info.getThreadId(), info.getThreadName());
        }
      }
    }
  }

  /** The cores each group kept busy on average since {@link #start}, by group name. */
  Map<String, Double> end() {
    double wall = System.nanoTime() - startNanos;
    Map<Long, Long> after = new HashMap<>();
    Map<Long, Long> userAfter = new HashMap<>();
    snapshot(after, userAfter);
    Map<String, Double> cores = new TreeMap<>();
    after.forEach((id, cpu) -> cores.merge(groupOf.apply(names.get(id)), (cpu - before.getOrDefault(id, 0L)) / wall,
        Double::sum));
    userCores.clear();
    userAfter.forEach((id, user) -> userCores.merge(groupOf.apply(names.get(id)),
        (user - userBefore.getOrDefault(id, 0L)) / wall, Double::sum));
    return cores;
  }

  /** Of {@link #end}'s cores, those spent in user mode (Java and the JVM; the rest is the kernel's: system calls, TCP). */
  Map<String, Double> userCores() {
    return userCores;
  }
}

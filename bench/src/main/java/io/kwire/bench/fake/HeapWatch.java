package io.kwire.bench.fake;

import com.sun.management.GarbageCollectionNotificationInfo;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.lang.management.MemoryUsage;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Collectors;
import javax.management.NotificationEmitter;
import javax.management.openmbean.CompositeData;

/**
 * The heap a run needed, from the collector's own notifications: the most used just before a
 * collection (what the run had allocated and not yet freed: the peak) and the most still used just
 * after one (what was live).
 */
final class HeapWatch {
  private final AtomicLong peakBefore = new AtomicLong();
  private final AtomicLong peakAfter = new AtomicLong();
  private final AtomicLong collections = new AtomicLong();
  /** The notifications list every pool; only the heap's count. */
  private final Set<String> heapPools = ManagementFactory.getMemoryPoolMXBeans().stream()
      .filter(pool -> pool.getType() == MemoryType.HEAP).map(MemoryPoolMXBean::getName).collect(Collectors.toSet());

  HeapWatch() {
    for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
      ((NotificationEmitter) gc).addNotificationListener((notification, handback) -> {
        if (!GarbageCollectionNotificationInfo.GARBAGE_COLLECTION_NOTIFICATION.equals(notification.getType())) {
          return;
        }
        var info = GarbageCollectionNotificationInfo.from((CompositeData) notification.getUserData());
        peakBefore.accumulateAndGet(used(info.getGcInfo().getMemoryUsageBeforeGc()), Math::max);
        peakAfter.accumulateAndGet(used(info.getGcInfo().getMemoryUsageAfterGc()), Math::max);
        collections.incrementAndGet();
      }, null, null);
    }
  }

  /** The most heap used at any point seen: before a collection, or now. */
  long peakUsedBytes() {
    return Math.max(peakBefore.get(), ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed());
  }

  /** The most heap still used after a collection (0 if none ran). */
  long peakLiveBytes() {
    return peakAfter.get();
  }

  long collections() {
    return collections.get();
  }

  private long used(Map<String, MemoryUsage> pools) {
    long sum = 0;
    for (Map.Entry<String, MemoryUsage> pool : pools.entrySet()) {
      if (heapPools.contains(pool.getKey())) {
        sum += pool.getValue().getUsed();
      }
    }
    return sum;
  }
}

package io.kwire.fake.handlers;

/**
 * The one log directory each fake broker reports (DescribeLogDirs, AlterReplicaLogDirs): a name,
 * not a path on disk, as the fake keeps its logs in the heap.
 */
final class LogDirs {
  private LogDirs() {}

  static String of(int brokerId) {
    return "/kwire-fake/broker-" + brokerId + "/logs";
  }
}

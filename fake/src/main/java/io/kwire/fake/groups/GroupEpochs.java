package io.kwire.fake.groups;

/**
 * How Kafka 4.4 numbers the epoch of a KIP-848 consumer, share or streams group (measured against
 * the broker): the heartbeat that creates a group leaves it at epoch 2, and every later change of
 * what the assignment is computed from (a member joining or leaving, a subscription or topology
 * changing, the partitions of a topic it reads) moves it on by one, whether or not the assignment
 * it gives differs.
 */
final class GroupEpochs {
  /** A new group's epoch once its first heartbeat is in. */
  static final int FIRST = 2;

  private GroupEpochs() {}

  /** The epoch after a change, from {@code groupEpoch} (0: a group that was not there). */
  static int next(int groupEpoch) {
    return groupEpoch == 0 ? FIRST : groupEpoch + 1;
  }
}

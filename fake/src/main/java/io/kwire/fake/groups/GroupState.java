package io.kwire.fake.groups;

/** The classic group protocol's states. */
public enum GroupState {
  /** No members (a group may still hold committed offsets). */
  EMPTY,
  /** Waiting for the members to (re)join. */
  PREPARING_REBALANCE,
  /** Joined; waiting for the leader's assignment (SyncGroup). */
  COMPLETING_REBALANCE,
  /** Every member has its assignment. */
  STABLE
}

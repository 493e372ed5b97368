package io.kwire.fake.handlers;

import io.kwire.fake.cluster.ClusterSettings;
import io.kwire.fake.cluster.ErrorCode;
import io.kwire.fake.groups.Group;
import io.kwire.fake.groups.GroupCoordinator;
import io.kwire.fake.groups.ShareGroup;
import java.util.function.Function;

/** What every group request is checked for first. */
final class GroupChecks {
  private GroupChecks() {}

  /** NOT_COORDINATOR when sent to a broker not coordinating the group, INVALID_GROUP_ID for an empty id. */
  static short coordinator(GroupCoordinator groups, String groupId, RequestContext context) {
    if (groupId == null || groupId.isEmpty()) {
      return ErrorCode.INVALID_GROUP_ID;
    }
    return groups.coordinatorFor(groupId) == context.brokerId() ? ErrorCode.NONE : ErrorCode.NOT_COORDINATOR;
  }

  /**
   * The group {@code lookup} finds (or its refusal), once the group is coordinated here; otherwise
   * {@link #coordinator}'s error, without a message.
   */
  static <G extends Group> GroupCoordinator.Lookup<G> atCoordinator(GroupCoordinator groups, String groupId,
      RequestContext context, Function<String, GroupCoordinator.Lookup<G>> lookup) {
    short error = coordinator(groups, groupId, context);
    return error == ErrorCode.NONE ? lookup.apply(groupId) : new GroupCoordinator.Lookup<>(null, error, null);
  }

  /**
   * The share group whose offsets an admin request changes: it must be coordinated here, exist and
   * have no members (NON_EMPTY_GROUP, as Kafka's "The group has active members.").
   */
  static GroupCoordinator.Lookup<ShareGroup> emptyShareGroup(GroupCoordinator groups, String groupId,
      RequestContext context) {
    GroupCoordinator.Lookup<ShareGroup> found = atCoordinator(groups, groupId, context, groups::share);
    if (found.group() != null && !found.group().isEmpty()) {
      return new GroupCoordinator.Lookup<>(null, ErrorCode.NON_EMPTY_GROUP, "The group has active members.");
    }
    return found;
  }

  static boolean sessionTimeoutAllowed(ClusterSettings settings, int sessionTimeoutMs) {
    return sessionTimeoutMs >= settings.groupMinSessionTimeoutMs()
        && sessionTimeoutMs <= settings.groupMaxSessionTimeoutMs();
  }
}

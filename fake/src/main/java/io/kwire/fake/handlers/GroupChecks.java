package io.kwire.fake.handlers;

import io.kwire.fake.cluster.ClusterSettings;
import io.kwire.fake.cluster.ErrorCode;
import io.kwire.fake.groups.GroupCoordinator;

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

  static boolean sessionTimeoutAllowed(ClusterSettings settings, int sessionTimeoutMs) {
    return sessionTimeoutMs >= settings.groupMinSessionTimeoutMs()
        && sessionTimeoutMs <= settings.groupMaxSessionTimeoutMs();
  }
}

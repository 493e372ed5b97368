package io.kwire.fake.groups;

import java.util.List;

/**
 * What a JoinGroup gets: an error, or the generation with the chosen protocol, the leader, and
 * (for the leader only) every member's metadata.
 */
public record JoinOutcome(short errorCode, int generationId, String protocolType, String protocolName, String leader,
    String memberId, List<JoinedMember> members) {
  /** A member as the leader sees it. */
  public record JoinedMember(String memberId, String groupInstanceId, byte[] metadata) {}

  public static JoinOutcome error(short code, String memberId) {
    return new JoinOutcome(code, -1, null, null, "", memberId, List.of());
  }
}

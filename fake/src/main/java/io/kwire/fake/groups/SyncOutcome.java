package io.kwire.fake.groups;

/** What a SyncGroup gets: an error, or the member's assignment. */
public record SyncOutcome(short errorCode, String protocolType, String protocolName, byte[] assignment) {
  public static SyncOutcome error(short code) {
    return new SyncOutcome(code, null, null, new byte[0]);
  }
}

package io.kwire.fake.handlers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import io.kwire.fake.cluster.ErrorCode;
import org.junit.jupiter.api.Test;

/** Share sessions: opened at epoch 0, then each request at the next epoch, closed at -1, at most 2,000 a broker. */
class ShareSessionsTest {
  private final ShareSessions sessions = new ShareSessions();

  @Test
  void epochsFollowOneAnotherAndMinusOneCloses() {
    assertEquals(ErrorCode.SHARE_SESSION_NOT_FOUND, sessions.resolve(0, "g", "m", 1, true).errorCode());
    assertEquals(ErrorCode.INVALID_SHARE_SESSION_EPOCH, sessions.resolve(0, "g", "m", 0, false).errorCode(),
        "only a ShareFetch opens one");
    assertNotNull(sessions.resolve(0, "g", "m", 0, true).session());
    assertEquals(ErrorCode.INVALID_SHARE_SESSION_EPOCH, sessions.resolve(0, "g", "m", 2, true).errorCode());
    assertEquals(ErrorCode.NONE, sessions.resolve(0, "g", "m", 1, true).errorCode());
    assertEquals(ErrorCode.NONE, sessions.resolve(0, "g", "m", 2, true).errorCode());
    assertEquals(ErrorCode.SHARE_SESSION_NOT_FOUND, sessions.resolve(1, "g", "m", 3, true).errorCode(),
        "each broker has its own");
    assertEquals(ErrorCode.NONE, sessions.resolve(0, "g", "m", ShareSessions.CLOSE, true).errorCode());
    assertEquals(ErrorCode.SHARE_SESSION_NOT_FOUND, sessions.resolve(0, "g", "m", 3, true).errorCode());
  }

  @Test
  void aBrokerKeepsAtMostMaxSessions() {
    for (int i = 0; i < ShareSessions.MAX_SESSIONS; i++) {
      assertEquals(ErrorCode.NONE, sessions.resolve(0, "g", "m" + i, 0, true).errorCode());
    }
    assertEquals(ErrorCode.SHARE_SESSION_LIMIT_REACHED, sessions.resolve(0, "g", "one-more", 0, true).errorCode());
    assertEquals(ErrorCode.NONE, sessions.resolve(0, "g", "m0", 0, true).errorCode(), "reopening one is not more");
    assertEquals(ErrorCode.NONE, sessions.resolve(1, "g", "one-more", 0, true).errorCode());
  }
}

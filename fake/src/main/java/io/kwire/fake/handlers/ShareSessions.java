package io.kwire.fake.handlers;

import io.kwire.fake.cluster.ErrorCode;
import io.kwire.fake.groups.ConsumerGroup;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;

/**
 * The share sessions of the brokers (KIP-932), one per broker, group and member: ShareFetch at
 * epoch 0 opens one with its partitions (replacing the member's earlier one), later requests carry
 * the session's next epoch (INVALID_SHARE_SESSION_EPOCH otherwise, SHARE_SESSION_NOT_FOUND without a
 * session) and add partitions or forget them; epoch -1 closes it. Confined to the cluster thread.
 */
final class ShareSessions {
  static final int OPEN = 0;
  static final int CLOSE = -1;
  /** Kafka's group.share.max.share.sessions default: more open sessions on a broker are SHARE_SESSION_LIMIT_REACHED. */
  static final int MAX_SESSIONS = 2000;

  /** One session: its partitions, in the order they were added, and the epoch the next request must carry. */
  static final class Session {
    final Set<ConsumerGroup.Owned> partitions = new LinkedHashSet<>();
    int nextEpoch = 1;
  }

  private record Key(String groupId, String memberId) {}

  /** A session found or opened, or the error refusing the request. */
  record Resolved(Session session, short errorCode) {}

  private final Map<Integer, Map<Key, Session>> byBroker = new HashMap<>();

  /** The session a request at {@code epoch} uses: opened at 0, else the member's, at its next epoch. */
  Resolved resolve(int brokerId, String groupId, String memberId, int epoch, boolean mayOpen) {
    Map<Key, Session> sessions = byBroker.computeIfAbsent(brokerId, b -> new HashMap<>());
    Key key = new Key(groupId, memberId);
    if (epoch == OPEN) {
      if (!mayOpen) {
        return new Resolved(null, ErrorCode.INVALID_SHARE_SESSION_EPOCH);
      }
      if (!sessions.containsKey(key) && sessions.size() >= MAX_SESSIONS) {
        return new Resolved(null, ErrorCode.SHARE_SESSION_LIMIT_REACHED);
      }
      Session session = new Session();
      sessions.put(key, session);
      return new Resolved(session, ErrorCode.NONE);
    }
    Session session = sessions.get(key);
    if (session == null) {
      return new Resolved(null, ErrorCode.SHARE_SESSION_NOT_FOUND);
    }
    if (epoch == CLOSE) {
      sessions.remove(key);
      return new Resolved(session, ErrorCode.NONE);
    }
    if (epoch != session.nextEpoch) {
      return new Resolved(null, ErrorCode.INVALID_SHARE_SESSION_EPOCH);
    }
    session.nextEpoch = epoch == Integer.MAX_VALUE ? 1 : epoch + 1;
    return new Resolved(session, ErrorCode.NONE);
  }
}

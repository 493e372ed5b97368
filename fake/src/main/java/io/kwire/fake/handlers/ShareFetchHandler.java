package io.kwire.fake.handlers;

import io.kwire.fake.cluster.ClusterClock;
import io.kwire.fake.cluster.ClusterState;
import io.kwire.fake.cluster.ErrorCode;
import io.kwire.fake.cluster.Partition;
import io.kwire.fake.cluster.StoredBatch;
import io.kwire.fake.cluster.Topic;
import io.kwire.fake.groups.ConsumerGroup;
import io.kwire.fake.groups.GroupCoordinator;
import io.kwire.fake.groups.ShareGroup;
import io.kwire.fake.groups.SharePartition;
import io.kwire.messages.ShareFetchRequest;
import io.kwire.messages.ShareFetchResponse;
import io.kwire.messages.ShareFetchResponseBuilder;
import io.kwire.messages.ShareFetchResponseBuilder.AcquiredRecordsBuilder;
import io.kwire.messages.ShareFetchResponseBuilder.LeaderIdAndEpochBuilder;
import io.kwire.messages.ShareFetchResponseBuilder.PartitionDataBuilder;
import io.kwire.messages.ShareFetchResponseBuilder.ShareFetchableTopicResponseBuilder;
import io.kwire.runtime.records.Records;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * ShareFetch (KIP-932), at the partitions' leader: the share session (see {@link ShareSessions})
 * names the partitions; the request's acknowledgements are applied first (each partition's
 * acknowledgeErrorCode), then records are acquired for the member from each partition of the
 * session, up to maxRecords in all (whole batches, or in the v2 record_limit acquire mode exactly
 * maxRecords at most; the response lists the acquired offset runs with their delivery counts, the
 * client keeps only those) and within maxBytes. When nothing was
 * acquired or acknowledged, the fetch waits up to maxWaitMs (in real time, as a fetch's long poll)
 * for records to arrive or to be freed: another member's acknowledgement or release, or an expired
 * lock, wakes it as an append does. Epoch -1 only acknowledges and closes the session, the member's records
 * released.
 */
public final class ShareFetchHandler implements ApiHandler<ShareFetchRequest, ShareFetchResponse> {
  private static final int DEFAULT_MAX_RECORDS = 500;
  /** ShareFetch v2's acquire mode 1: at most maxRecords, batches acquired in part (0, batch_optimized: whole batches). */
  private static final byte RECORD_LIMIT = 1;

  private final ClusterState cluster;
  private final GroupCoordinator groups;
  private final ShareSessions sessions;

  public ShareFetchHandler(ClusterState cluster, GroupCoordinator groups, ShareSessions sessions) {
    this.cluster = cluster;
    this.groups = groups;
    this.sessions = sessions;
  }

  @Override
  public CompletionStage<ShareFetchResponse> handle(ShareFetchRequest request, RequestContext context) {
    if (request.groupId() == null || request.groupId().isEmpty() || request.memberId() == null
        || request.memberId().isEmpty()) {
      return done(refused(ErrorCode.INVALID_REQUEST, "A group id and a member id are required."));
    }
    ShareGroup group = groups.share(request.groupId()).group();
    if (group == null) {
      return done(refused(ErrorCode.GROUP_ID_NOT_FOUND, "Share group " + request.groupId() + " not found."));
    }
    ShareSessions.Resolved resolved = sessions.resolve(context.brokerId(), request.groupId(), request.memberId(),
        request.shareSessionEpoch(), true);
    if (resolved.session() == null) {
      return done(refused(resolved.errorCode(), null));
    }
    ShareSessions.Session session = resolved.session();
    boolean closing = request.shareSessionEpoch() == ShareSessions.CLOSE;
    for (ShareFetchRequest.ForgottenTopic t : request.forgottenTopicsData()) {
      for (int p : t.partitions()) {
        session.partitions.remove(new ConsumerGroup.Owned(t.topicId(), p));
      }
    }
    Map<ConsumerGroup.Owned, PartitionDataBuilder> answers = new LinkedHashMap<>();
    for (ShareFetchRequest.FetchTopic t : request.topics()) {
      for (ShareFetchRequest.FetchPartition p : t.partitions()) {
        ConsumerGroup.Owned key = new ConsumerGroup.Owned(t.topicId(), p.partitionIndex());
        if (!closing) {
          session.partitions.add(key);
        }
        if (!p.acknowledgementBatches().isEmpty()) {
          answers.put(key, partition(p.partitionIndex()).acknowledgeErrorCode(acknowledge(group, request.memberId(),
              key, p.acknowledgementBatches(), context)));
        }
      }
    }
    int lockMs = groups.configs().shareRecordLockDurationMs(group.groupId());
    if (closing) {
      groups.releaseAll(group.groupId(), request.memberId());
      return done(response(answers, lockMs));
    }
    // A renewing fetch (v2) only extends the locks of what it acknowledges with RENEW: nothing is acquired.
    Fetch first = new Fetch(request, context, group, session, answers, lockMs, !request.isRenewAck());
    if (first.acquiredAny || !answers.isEmpty() || request.maxWaitMs() <= 0 || request.isRenewAck()) {
      return done(first.response());
    }
    return first.waitForRecords(cluster.networkWaits(), request.maxWaitMs());
  }

  /** One acquisition round over the session's partitions, and the wait for records when it got none. */
  private final class Fetch implements Runnable {
    private final ShareFetchRequest request;
    private final RequestContext context;
    private final ShareGroup group;
    private final ShareSessions.Session session;
    private final Map<ConsumerGroup.Owned, PartitionDataBuilder> answers;
    private final int lockMs;
    private final List<Partition> logs = new ArrayList<>();
    private final List<SharePartition> shares = new ArrayList<>();
    /**
     * What a share partition's settling runs: a look again once the settling call is over (it may
     * be a member leaving the group, its partitions being walked), not inside it.
     */
    private final Runnable lookAgainSoon = () -> cluster.networkWaits().schedule(0, this);
    private final CompletableFuture<ShareFetchResponse> result = new CompletableFuture<>();
    private ClusterClock.Timer timer;
    final boolean acquiredAny;

    Fetch(ShareFetchRequest request, RequestContext context, ShareGroup group, ShareSessions.Session session,
        Map<ConsumerGroup.Owned, PartitionDataBuilder> answers, int lockMs, boolean acquiring) {
      this.request = request;
      this.context = context;
      this.group = group;
      this.session = session;
      this.answers = answers;
      this.lockMs = lockMs;
      this.acquiredAny = acquiring && acquire();
    }

    /** Acquires records into the answers; whether any were. */
    private boolean acquire() {
      boolean readCommitted = groups.configs().shareReadCommitted(group.groupId());
      int records = request.maxRecords() > 0 ? request.maxRecords() : DEFAULT_MAX_RECORDS;
      long bytes = 0;
      boolean any = false;
      logs.clear();
      for (ConsumerGroup.Owned key : session.partitions) {
        Topic topic = cluster.topic(key.topicId());
        Partition partition = topic == null ? null : topic.partition(key.partition());
        if (partition == null) {
          answers.computeIfAbsent(key, k -> partition(k.partition())).errorCode(ErrorCode.UNKNOWN_TOPIC_OR_PARTITION);
          continue;
        }
        if (partition.leaderId() != context.brokerId()) {
          answers.computeIfAbsent(key, k -> partition(k.partition())).errorCode(ErrorCode.NOT_LEADER_OR_FOLLOWER)
              .currentLeader(new LeaderIdAndEpochBuilder().leaderId(partition.leaderId())
                  .leaderEpoch(partition.leaderEpoch()).build());
          continue;
        }
        logs.add(partition);
        if (records <= 0 || bytes >= request.maxBytes()) {
          continue;
        }
        SharePartition state = groups.sharePartition(group, topic, key.partition());
        SharePartition.Fetched fetched = state.acquire(request.memberId(), records, readCommitted,
            request.shareAcquireMode() == RECORD_LIMIT);
        if (fetched.acquired().isEmpty()) {
          continue;
        }
        any = true;
        List<ShareFetchResponse.AcquiredRecords> acquired = new ArrayList<>();
        for (SharePartition.Acquired a : fetched.acquired()) {
          acquired.add(new AcquiredRecordsBuilder().firstOffset(a.firstOffset()).lastOffset(a.lastOffset())
              .deliveryCount(a.deliveryCount()).build());
          records -= (int) (a.lastOffset() - a.firstOffset() + 1);
        }
        List<Records> parts = new ArrayList<>();
        for (StoredBatch b : fetched.batches()) {
          parts.add(b.records());
          bytes += b.sizeInBytes();
        }
        answers.computeIfAbsent(key, k -> partition(k.partition())).records(Records.concat(parts))
            .acquiredRecords(acquired);
      }
      return any;
    }

    ShareFetchResponse response() {
      return ShareFetchHandler.response(answers, lockMs);
    }

    CompletionStage<ShareFetchResponse> waitForRecords(ClusterClock clock, long maxWaitMs) {
      logs.forEach(p -> p.log().addAppendListener(this));
      // Another member's acknowledgement, a release or an expired lock can free records too.
      for (Partition p : logs) {
        Topic topic = topicOf(p);
        if (topic != null) {
          SharePartition share = groups.sharePartition(group, topic, p.index());
          share.addSettleListener(lookAgainSoon);
          shares.add(share);
        }
      }
      timer = clock.schedule(maxWaitMs, this::finish);
      return result;
    }

    /** After an append to one of the logs or a settling: answers once something could be acquired. */
    @Override
    public void run() {
      if (result.isDone()) {
        return;
      }
      boolean readCommitted = groups.configs().shareReadCommitted(group.groupId());
      for (Partition p : logs) {
        Topic topic = topicOf(p);
        if (topic != null && groups.sharePartition(group, topic, p.index()).hasAvailable(readCommitted)) {
          finish();
          return;
        }
      }
    }

    private void finish() {
      if (result.isDone()) {
        return;
      }
      logs.forEach(p -> p.log().removeAppendListener(this));
      shares.forEach(share -> share.removeSettleListener(lookAgainSoon));
      timer.cancel();
      acquire();
      result.complete(response());
    }

    private Topic topicOf(Partition partition) {
      for (ConsumerGroup.Owned key : session.partitions) {
        Topic topic = cluster.topic(key.topicId());
        if (topic != null && topic.partition(key.partition()) == partition) {
          return topic;
        }
      }
      return null;
    }
  }

  private short acknowledge(ShareGroup group, String memberId, ConsumerGroup.Owned key,
      List<ShareFetchRequest.AcknowledgementBatch> batches, RequestContext context) {
    Topic topic = cluster.topic(key.topicId());
    if (topic == null || topic.partition(key.partition()) == null) {
      return ErrorCode.UNKNOWN_TOPIC_OR_PARTITION;
    }
    if (topic.partition(key.partition()).leaderId() != context.brokerId()) {
      return ErrorCode.NOT_LEADER_OR_FOLLOWER;
    }
    SharePartition state = groups.sharePartition(group, topic, key.partition());
    short error = ErrorCode.NONE;
    for (ShareFetchRequest.AcknowledgementBatch b : batches) {
      short e = state.acknowledge(memberId, b.firstOffset(), b.lastOffset(), b.acknowledgeTypes());
      error = error == ErrorCode.NONE ? e : error;
    }
    return error;
  }

  /** currentLeader is left at the message's defaults (0, 0), as Kafka 4.4 leaves it but for NOT_LEADER_OR_FOLLOWER. */
  private static PartitionDataBuilder partition(int index) {
    return new PartitionDataBuilder().partitionIndex(index).records(Records.EMPTY).acquiredRecords(List.of());
  }

  private static ShareFetchResponse response(Map<ConsumerGroup.Owned, PartitionDataBuilder> answers, int lockMs) {
    Map<UUID, List<ShareFetchResponse.PartitionData>> byTopic = new LinkedHashMap<>();
    answers.forEach((key, data) -> byTopic.computeIfAbsent(key.topicId(), id -> new ArrayList<>()).add(data.build()));
    List<ShareFetchResponse.ShareFetchableTopicResponse> topics = new ArrayList<>();
    byTopic.forEach((id, partitions) -> topics.add(new ShareFetchableTopicResponseBuilder().topicId(id)
        .partitions(partitions).build()));
    return new ShareFetchResponseBuilder().acquisitionLockTimeoutMs(lockMs).responses(topics).nodeEndpoints(List.of())
        .build();
  }

  private static ShareFetchResponse refused(short error, String message) {
    return new ShareFetchResponseBuilder().errorCode(error).errorMessage(message).responses(List.of())
        .nodeEndpoints(List.of()).build();
  }

  private static CompletionStage<ShareFetchResponse> done(ShareFetchResponse response) {
    return CompletableFuture.completedFuture(response);
  }
}

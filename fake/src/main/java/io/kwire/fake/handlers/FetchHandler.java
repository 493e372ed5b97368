package io.kwire.fake.handlers;

import io.kwire.fake.cluster.BrokerNode;
import io.kwire.fake.cluster.ClusterClock;
import io.kwire.fake.cluster.ClusterState;
import io.kwire.fake.cluster.ErrorCode;
import io.kwire.fake.cluster.Partition;
import io.kwire.fake.cluster.PartitionLog;
import io.kwire.fake.cluster.PartitionTransactions;
import io.kwire.fake.cluster.ReadReplicas;
import io.kwire.fake.cluster.StoredBatch;
import io.kwire.fake.cluster.Topic;
import io.kwire.messages.FetchRequest;
import io.kwire.messages.FetchResponse;
import io.kwire.messages.FetchResponseBuilder;
import io.kwire.messages.FetchResponseBuilder.AbortedTransactionBuilder;
import io.kwire.messages.FetchResponseBuilder.FetchableTopicResponseBuilder;
import io.kwire.messages.FetchResponseBuilder.LeaderIdAndEpochBuilder;
import io.kwire.messages.FetchResponseBuilder.NodeEndpointBuilder;
import io.kwire.messages.FetchResponseBuilder.PartitionDataBuilder;
import io.kwire.net.Connection;
import io.kwire.runtime.records.Records;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * Fetch, with incremental fetch sessions from v7 ({@link FetchSessions}: the session's partitions
 * are read as one full request, the response then trimmed to what changed). Each
 * partition answers from the batch holding the fetch offset, whole batches within the partition's
 * and the request's byte limits, the first one even if larger (so a consumer always progresses).
 * When fewer than minBytes are there and nothing failed, the fetch waits, up to maxWaitMs, for
 * appends to its partitions: it is completed by the produce that brings enough bytes or by its
 * timer, never by polling. With isolation_level read_committed (1) a partition answers only
 * batches below its last stable offset, with the aborted transactions among them; the consumer
 * drops those and skips the control batches.
 */
public final class FetchHandler implements ApiHandler<FetchRequest, FetchResponse> {
  private static final byte READ_COMMITTED = 1;

  private final ClusterState cluster;
  private final int sessionSlots;
  // Each broker has its own sessions, as each Kafka broker has its own cache.
  private final Map<Integer, FetchSessions> sessionsByBroker = new LinkedHashMap<>();

  public FetchHandler(ClusterState cluster) {
    this(cluster, FetchSessions.DEFAULT_SLOTS);
  }

  /** With at most {@code sessionSlots} fetch sessions per broker (0: sessionless, every fetch full). */
  public FetchHandler(ClusterState cluster, int sessionSlots) {
    this.cluster = cluster;
    this.sessionSlots = sessionSlots;
  }

  @Override
  public CompletionStage<FetchResponse> handle(FetchRequest asked, RequestContext context) {
    FetchSessions.Resolved session = sessionsByBroker.computeIfAbsent(context.brokerId(),
        id -> new FetchSessions(sessionSlots)).resolve(asked, context.apiVersion());
    if (session.refused != null) {
      return CompletableFuture.completedFuture(session.refused);
    }
    FetchRequest request = session.request;
    Read first = read(request, context);
    // Past the cap on parked requests a fetch is answered with what there is: the client fetches again.
    if (first.bytes >= request.minBytes() || request.maxWaitMs() <= 0 || first.failed || first.logs.isEmpty()
        || cluster.parked().full()) {
      return CompletableFuture.completedFuture(session.respond(first.response));
    }
    return new Wait(request, context, first.logs).start(cluster.networkWaits(), request.maxWaitMs())
        .thenApply(session::respond);
  }

  /** A fetch parked until enough bytes it may read (below the last stable offset for read_committed) arrive, or its time is up. */
  private final class Wait implements Runnable {
    private final FetchRequest request;
    private final RequestContext context;
    private final Map<Partition, Long> logs;
    private final CompletableFuture<FetchResponse> result = new CompletableFuture<>();
    /** What the connection's close runs: one object, so that it can be unparked. */
    private final Runnable release = this::finish;
    private ClusterClock.Timer timer;

    Wait(FetchRequest request, RequestContext context, Map<Partition, Long> logs) {
      this.request = request;
      this.context = context;
      this.logs = logs;
    }

    CompletableFuture<FetchResponse> start(ClusterClock clock, long maxWaitMs) {
      logs.keySet().forEach(p -> p.log().addAppendListener(this));
      timer = clock.schedule(maxWaitMs, this::finish);
      Connection connection = context.connection();
      if (connection != null && cluster.parked().park(connection, release)) {
        // Once per connection: its close releases every fetch it has parked (on the cluster thread).
        connection.whenClosed().thenRun(() -> cluster.networkWaits().schedule(0, () -> cluster.parked().closed(connection)));
      }
      return result;
    }

    /** After an append to one of the logs: answers once minBytes are there. */
    @Override
    public void run() {
      long available = 0;
      boolean readCommitted = request.isolationLevel() == READ_COMMITTED;
      for (Map.Entry<Partition, Long> e : logs.entrySet()) {
        Partition p = e.getKey();
        available += p.log().bytesBetween(e.getValue(), readCommitted ? p.lastStableOffset() : p.log().highWatermark());
      }
      if (available >= request.minBytes()) {
        finish();
      }
    }

    private void finish() {
      if (result.isDone()) {
        return;
      }
      logs.keySet().forEach(p -> p.log().removeAppendListener(this));
      timer.cancel();
      if (context.connection() != null) {
        cluster.parked().unpark(context.connection(), release);
      }
      result.complete(read(request, context).response);
    }
  }

  /** A response read from the logs now, its record bytes, and the logs it could wait on. */
  private record Read(FetchResponse response, long bytes, boolean failed, Map<Partition, Long> logs) {}

  private Read read(FetchRequest request, RequestContext context) {
    boolean byId = context.apiVersion() >= 13;
    boolean readCommitted = request.isolationLevel() == READ_COMMITTED;
    long budget = request.maxBytes();
    long bytes = 0;
    boolean failed = false;
    boolean redirected = false;
    // A consumer from v11 names its rack (client metadata): any in-sync replica may serve it (KIP-392).
    boolean fromConsumer = context.apiVersion() >= 11 && replicaId(request, context) < 0;
    Map<Partition, Long> logs = new LinkedHashMap<>();
    Map<Integer, BrokerNode> leaders = new LinkedHashMap<>();
    List<FetchResponse.FetchableTopicResponse> topics = new ArrayList<>();
    for (FetchRequest.FetchTopic wanted : request.topics()) {
      Topic topic = byId ? cluster.topic(wanted.topicId()) : cluster.topic(wanted.topic());
      List<FetchResponse.PartitionData> partitions = new ArrayList<>();
      for (FetchRequest.FetchPartition p : wanted.partitions()) {
        // Aborted transactions are listed (maybe empty) for read_committed only; null otherwise, as Kafka does.
        PartitionDataBuilder out = new PartitionDataBuilder().partitionIndex(p.partition()).highWatermark(-1)
            .records(Records.EMPTY).abortedTransactions(null);
        Partition partition = topic == null ? null : topic.partition(p.partition());
        short error = partition == null
            ? (topic == null && byId ? ErrorCode.UNKNOWN_TOPIC_ID : ErrorCode.UNKNOWN_TOPIC_OR_PARTITION)
            : !serves(partition, context, fromConsumer) ? ErrorCode.NOT_LEADER_OR_FOLLOWER
            : partition.checkLeaderEpoch(p.currentLeaderEpoch());
        int readReplica = error == ErrorCode.NONE && partition.leaderId() == context.brokerId() && fromConsumer
            ? ReadReplicas.preferred(cluster, partition, request.rackId()) : -1;
        if (partition != null) {
          PartitionLog log = partition.log();
          out.highWatermark(log.highWatermark()).lastStableOffset(partition.lastStableOffset())
              .logStartOffset(log.logStartOffset());
          // Kafka names the current leader only to a fetcher that has the wrong one (KIP-951).
          if (context.apiVersion() >= 12
              && (error == ErrorCode.NOT_LEADER_OR_FOLLOWER || error == ErrorCode.FENCED_LEADER_EPOCH)) {
            out.currentLeader(new LeaderIdAndEpochBuilder().leaderId(partition.leaderId())
                .leaderEpoch(partition.leaderEpoch()).build());
          }
          if (error == ErrorCode.NOT_LEADER_OR_FOLLOWER && context.apiVersion() >= 16) {
            leaders.put(partition.leaderId(), cluster.broker(partition.leaderId()));
          } else if (error == ErrorCode.NONE
              && (p.fetchOffset() < log.logStartOffset() || p.fetchOffset() > log.highWatermark())) {
            error = ErrorCode.OFFSET_OUT_OF_RANGE;
          }
          if (error == ErrorCode.NONE && readReplica >= 0) {
            // KIP-392: the leader names the replica to fetch from and sends no records; answered at once
            out.preferredReadReplica(readReplica);
            redirected = true;
          } else if (error == ErrorCode.NONE) {
            logs.put(partition, p.fetchOffset());
            int limit = (int) Math.min(p.partitionMaxBytes(), Math.max(0, budget));
            long upTo = readCommitted ? partition.lastStableOffset() : log.highWatermark();
            List<StoredBatch> batches = log.read(p.fetchOffset(), limit, bytes == 0);
            List<Records> parts = new ArrayList<>(batches.size());
            for (StoredBatch b : batches) {
              if (b.baseOffset() >= upTo) {
                break;
              }
              parts.add(b.records());
              bytes += b.sizeInBytes();
              budget -= b.sizeInBytes();
            }
            out.records(Records.concat(parts));
            if (readCommitted) {
              out.abortedTransactions(aborted(partition, p.fetchOffset(), upTo));
            }
          }
        }
        failed |= error != ErrorCode.NONE;
        partitions.add(out.errorCode(error).build());
      }
      topics.add(new FetchableTopicResponseBuilder().topic(wanted.topic()).topicId(wanted.topicId())
          .partitions(partitions).build());
    }
    List<FetchResponse.NodeEndpoint> endpoints = new ArrayList<>();
    for (BrokerNode b : leaders.values()) {
      if (b == null) {
        continue; // an offline partition's leader (-1) has no endpoint
      }
      endpoints.add(new NodeEndpointBuilder().nodeId(b.nodeId()).host(b.host()).port(b.port()).rack(b.rack()).build());
    }
    FetchResponse response = new FetchResponseBuilder().sessionId(0).responses(topics).nodeEndpoints(endpoints).build();
    return new Read(response, bytes, failed || redirected, logs);
  }

  /**
   * Whether this broker serves the partition to this fetch: its leader always; from v11 an in-sync
   * follower too when it comes from a consumer (a follower's own fetches are not modelled: the
   * replicas share one log), as Kafka serves consumers with client metadata from any replica.
   */
  private static boolean serves(Partition partition, RequestContext context, boolean fromConsumer) {
    return partition.leaderId() == context.brokerId()
        || (fromConsumer && partition.isr().contains(context.brokerId()) && !partition.offline());
  }

  private static int replicaId(FetchRequest request, RequestContext context) {
    if (context.apiVersion() >= 15) {
      return request.replicaState() == null ? -1 : request.replicaState().replicaId();
    }
    return request.replicaId();
  }

  /** The aborted transactions whose data a read_committed consumer may get from {@code from} up to {@code upTo}. */
  private static List<FetchResponse.AbortedTransaction> aborted(Partition partition, long from, long upTo) {
    List<FetchResponse.AbortedTransaction> out = new ArrayList<>();
    for (PartitionTransactions.AbortedTransaction a : partition.transactions().abortedBetween(from, upTo)) {
      out.add(new AbortedTransactionBuilder().producerId(a.producerId()).firstOffset(a.firstOffset()).build());
    }
    return out;
  }
}

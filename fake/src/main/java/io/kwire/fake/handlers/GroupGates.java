package io.kwire.fake.handlers;

import static io.kwire.fake.handlers.Access.concat;

import io.kwire.fake.cluster.ClusterState;
import io.kwire.fake.security.AclCodes;
import io.kwire.fake.security.SecurityErrors;
import io.kwire.messages.AddOffsetsToTxnRequest;
import io.kwire.messages.AddPartitionsToTxnRequest;
import io.kwire.messages.AddPartitionsToTxnResponse;
import io.kwire.messages.AddPartitionsToTxnResponseBuilder.AddPartitionsToTxnPartitionResultBuilder;
import io.kwire.messages.AddPartitionsToTxnResponseBuilder.AddPartitionsToTxnTopicResultBuilder;
import io.kwire.messages.AddPartitionsToTxnResponseBuilder;
import io.kwire.messages.ConsumerGroupDescribeRequest;
import io.kwire.messages.ConsumerGroupDescribeRequestBuilder;
import io.kwire.messages.ConsumerGroupDescribeResponse;
import io.kwire.messages.ConsumerGroupDescribeResponseBuilder;
import io.kwire.messages.ConsumerGroupHeartbeatRequest;
import io.kwire.messages.DeleteGroupsRequest;
import io.kwire.messages.DeleteGroupsRequestBuilder;
import io.kwire.messages.DeleteGroupsResponse;
import io.kwire.messages.DeleteGroupsResponseBuilder;
import io.kwire.messages.DescribeGroupsRequest;
import io.kwire.messages.DescribeGroupsRequestBuilder;
import io.kwire.messages.DescribeGroupsResponse;
import io.kwire.messages.DescribeGroupsResponseBuilder.DescribedGroupBuilder;
import io.kwire.messages.DescribeGroupsResponseBuilder;
import io.kwire.messages.EndTxnRequest;
import io.kwire.messages.FindCoordinatorRequest;
import io.kwire.messages.FindCoordinatorRequestBuilder;
import io.kwire.messages.FindCoordinatorResponse;
import io.kwire.messages.FindCoordinatorResponseBuilder;
import io.kwire.messages.InitProducerIdRequest;
import io.kwire.messages.ListGroupsRequest;
import io.kwire.messages.ListGroupsResponse;
import io.kwire.messages.ListGroupsResponseBuilder;
import io.kwire.messages.OffsetCommitRequest;
import io.kwire.messages.OffsetCommitRequestBuilder;
import io.kwire.messages.OffsetCommitResponse;
import io.kwire.messages.OffsetCommitResponseBuilder;
import io.kwire.messages.OffsetFetchRequest;
import io.kwire.messages.OffsetFetchRequestBuilder;
import io.kwire.messages.OffsetFetchResponse;
import io.kwire.messages.OffsetFetchResponseBuilder.OffsetFetchResponseGroupBuilder;
import io.kwire.messages.OffsetFetchResponseBuilder.OffsetFetchResponsePartitionBuilder;
import io.kwire.messages.OffsetFetchResponseBuilder.OffsetFetchResponsePartitionsBuilder;
import io.kwire.messages.OffsetFetchResponseBuilder.OffsetFetchResponseTopicBuilder;
import io.kwire.messages.OffsetFetchResponseBuilder.OffsetFetchResponseTopicsBuilder;
import io.kwire.messages.OffsetFetchResponseBuilder;
import io.kwire.messages.TxnOffsetCommitRequest;
import io.kwire.messages.TxnOffsetCommitRequestBuilder;
import io.kwire.messages.TxnOffsetCommitResponse;
import io.kwire.messages.TxnOffsetCommitResponseBuilder;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;

/**
 * Authorization of the group and transaction APIs, as Kafka's broker does it: joining, syncing,
 * heartbeating, leaving and committing need READ on the group (GROUP_AUTHORIZATION_FAILED for the
 * whole request), committed partitions READ on their topic; describing and fetching offsets need
 * DESCRIBE, deleting DELETE, per group; ListGroups lists only the groups the principal may
 * describe (all with DESCRIBE on the cluster); FindCoordinator needs DESCRIBE on the group or
 * transactional id. The transaction APIs need WRITE on the transactional id
 * (TRANSACTIONAL_ID_AUTHORIZATION_FAILED), and READ on the group for the offsets;
 * InitProducerId without one needs IDEMPOTENT_WRITE on the cluster or WRITE on some topic
 * (CLUSTER_AUTHORIZATION_FAILED).
 */
final class GroupGates {
  private static final byte GROUP_KEY = 0;
  private static final byte SHARE_KEY = 2;
  private static final short OPERATION_NOT_ATTEMPTED = 55;

  private GroupGates() {}

  /** The whole request refused unless the principal may do {@code operation} on its group. */
  static <Q, R> Gate<Q, R> onGroup(Function<Q, String> group, byte operation) {
    return (request, context, access, next) -> access.may(operation, AclCodes.GROUP, group.apply(request))
        ? next.handle(request, context) : access.refuse(request, SecurityErrors.GROUP_AUTHORIZATION_FAILED);
  }

  /** The whole request refused unless the principal may write to its transactional id (and read its group). */
  static <Q, R> Gate<Q, R> onTransaction(Function<Q, String> transactionalId, Function<Q, String> group) {
    return (request, context, access, next) -> {
      if (!access.may(AclCodes.WRITE, AclCodes.TRANSACTIONAL_ID, transactionalId.apply(request))) {
        return access.refuse(request, SecurityErrors.TRANSACTIONAL_ID_AUTHORIZATION_FAILED);
      }
      if (group != null && !access.may(AclCodes.READ, AclCodes.GROUP, group.apply(request))) {
        return access.refuse(request, SecurityErrors.GROUP_AUTHORIZATION_FAILED);
      }
      return next.handle(request, context);
    };
  }

  /**
   * READ on the group; DESCRIBE on every topic subscribed to by name, else the heartbeat is refused
   * with TOPIC_AUTHORIZATION_FAILED, as Kafka's broker refuses it.
   */
  static <R> Gate<ConsumerGroupHeartbeatRequest, R> consumerGroupHeartbeat() {
    return (request, context, access, next) -> {
      if (!access.may(AclCodes.READ, AclCodes.GROUP, request.groupId())) {
        return access.refuse(request, SecurityErrors.GROUP_AUTHORIZATION_FAILED);
      }
      if (request.subscribedTopicNames() != null) {
        for (String topic : request.subscribedTopicNames()) {
          if (!access.may(AclCodes.DESCRIBE, AclCodes.TOPIC, topic)) {
            return access.refuse(request, SecurityErrors.TOPIC_AUTHORIZATION_FAILED);
          }
        }
      }
      return next.handle(request, context);
    };
  }

  static Gate<OffsetCommitRequest, OffsetCommitResponse> offsetCommit() {
    return (request, context, access, next) -> {
      if (!access.may(AclCodes.READ, AclCodes.GROUP, request.groupId())) {
        return access.refuse(request, SecurityErrors.GROUP_AUTHORIZATION_FAILED);
      }
      return access.split(request, context, next, request.topics(),
          t -> t.name() == null || t.name().isEmpty() || access.may(AclCodes.READ, AclCodes.TOPIC, t.name()),
          topics -> new OffsetCommitRequestBuilder(request).topics(topics).build(),
          (served, refused) -> new OffsetCommitResponseBuilder(served)
              .topics(concat(served.topics(), refused.topics())).build(),
          SecurityErrors.TOPIC_AUTHORIZATION_FAILED, false);
    };
  }

  /**
   * DESCRIBE on each group (the whole request before v8), then on each topic: partitions of a topic
   * named and refused TOPIC_AUTHORIZATION_FAILED (offset -1, metadata ""), a refused topic left out
   * where the request asked for all, as Kafka's broker does.
   */
  static Gate<OffsetFetchRequest, OffsetFetchResponse> offsetFetch(ClusterState cluster) {
    return (request, context, access, next) -> {
      if (context.apiVersion() < 8) {
        if (!access.may(AclCodes.DESCRIBE, AclCodes.GROUP, request.groupId())) {
          return access.refuse(request, SecurityErrors.GROUP_AUTHORIZATION_FAILED);
        }
        return next.handle(request, context).thenApply(response -> new OffsetFetchResponseBuilder(response)
            .topics(visibleTopics(response.topics(), request.topics() == null, access)).build());
      }
      Map<String, Boolean> allTopics = new HashMap<>();
      for (OffsetFetchRequest.OffsetFetchRequestGroup g : request.groups()) {
        allTopics.put(g.groupId(), g.topics() == null);
      }
      return access.split(request, context, next, request.groups(),
          g -> access.may(AclCodes.DESCRIBE, AclCodes.GROUP, g.groupId()),
          groups -> new OffsetFetchRequestBuilder(request).groups(groups).build(),
          (served, refused) -> new OffsetFetchResponseBuilder(served)
              .groups(concat(served.groups(), refused.groups())).build(),
          SecurityErrors.GROUP_AUTHORIZATION_FAILED, false)
          .thenApply(response -> {
            List<OffsetFetchResponse.OffsetFetchResponseGroup> groups = new ArrayList<>();
            for (OffsetFetchResponse.OffsetFetchResponseGroup g : response.groups()) {
              groups.add(g.errorCode() != 0 ? g : new OffsetFetchResponseGroupBuilder(g).topics(visibleGroupTopics(
                  g.topics(), allTopics.getOrDefault(g.groupId(), false), access, cluster)).build());
            }
            return new OffsetFetchResponseBuilder(response).groups(groups).build();
          });
    };
  }

  private static List<OffsetFetchResponse.OffsetFetchResponseTopic> visibleTopics(
      List<OffsetFetchResponse.OffsetFetchResponseTopic> topics, boolean all, Access access) {
    List<OffsetFetchResponse.OffsetFetchResponseTopic> out = new ArrayList<>();
    for (OffsetFetchResponse.OffsetFetchResponseTopic t : topics) {
      if (access.may(AclCodes.DESCRIBE, AclCodes.TOPIC, t.name())) {
        out.add(t);
      } else if (!all) {
        List<OffsetFetchResponse.OffsetFetchResponsePartition> partitions = new ArrayList<>();
        for (OffsetFetchResponse.OffsetFetchResponsePartition p : t.partitions()) {
          partitions.add(new OffsetFetchResponsePartitionBuilder(p).committedOffset(-1).committedLeaderEpoch(-1)
              .metadata("").errorCode(SecurityErrors.TOPIC_AUTHORIZATION_FAILED).build());
        }
        out.add(new OffsetFetchResponseTopicBuilder(t).partitions(partitions).build());
      }
    }
    return out;
  }

  private static List<OffsetFetchResponse.OffsetFetchResponseTopics> visibleGroupTopics(
      List<OffsetFetchResponse.OffsetFetchResponseTopics> topics, boolean all, Access access, ClusterState cluster) {
    List<OffsetFetchResponse.OffsetFetchResponseTopics> out = new ArrayList<>();
    for (OffsetFetchResponse.OffsetFetchResponseTopics t : topics) {
      String name = t.name();
      if ((name == null || name.isEmpty()) && t.topicId() != null && cluster.topic(t.topicId()) != null) {
        name = cluster.topic(t.topicId()).name();
      }
      if (name == null || name.isEmpty() || access.may(AclCodes.DESCRIBE, AclCodes.TOPIC, name)) {
        out.add(t);
      } else if (!all) {
        List<OffsetFetchResponse.OffsetFetchResponsePartitions> partitions = new ArrayList<>();
        for (OffsetFetchResponse.OffsetFetchResponsePartitions p : t.partitions()) {
          partitions.add(new OffsetFetchResponsePartitionsBuilder(p).committedOffset(-1).committedLeaderEpoch(-1)
              .metadata("").errorCode(SecurityErrors.TOPIC_AUTHORIZATION_FAILED).build());
        }
        out.add(new OffsetFetchResponseTopicsBuilder(t).partitions(partitions).build());
      }
    }
    return out;
  }

  static Gate<FindCoordinatorRequest, FindCoordinatorResponse> findCoordinator() {
    return (request, context, access, next) -> {
      if (request.keyType() == SHARE_KEY && context.apiVersion() >= 6) {
        // share-partition state keys are for brokers: CLUSTER_ACTION, as Kafka asks
        return access.mayOnCluster(AclCodes.CLUSTER_ACTION) ? next.handle(request, context)
            : access.refuse(request, SecurityErrors.CLUSTER_AUTHORIZATION_FAILED);
      }
      boolean group = request.keyType() == GROUP_KEY;
      byte type = group ? AclCodes.GROUP : AclCodes.TRANSACTIONAL_ID;
      short refusal = group ? SecurityErrors.GROUP_AUTHORIZATION_FAILED
          : SecurityErrors.TRANSACTIONAL_ID_AUTHORIZATION_FAILED;
      if (context.apiVersion() < 4) {
        return access.may(AclCodes.DESCRIBE, type, request.key()) ? next.handle(request, context)
            : access.refuse(request, refusal);
      }
      return access.split(request, context, next, request.coordinatorKeys(),
          key -> access.may(AclCodes.DESCRIBE, type, key),
          keys -> new FindCoordinatorRequestBuilder(request).coordinatorKeys(keys).build(),
          (served, refused) -> new FindCoordinatorResponseBuilder(served)
              .coordinators(concat(served.coordinators(), refused.coordinators())).build(),
          refusal, false);
    };
  }

  static Gate<DescribeGroupsRequest, DescribeGroupsResponse> describeGroups() {
    return (request, context, access, next) -> access.split(request, context, next, request.groups(),
        g -> access.may(AclCodes.DESCRIBE, AclCodes.GROUP, g),
        groups -> new DescribeGroupsRequestBuilder(request).groups(groups).build(),
        (served, refused) -> new DescribeGroupsResponseBuilder(served)
            .groups(concat(served.groups(), refused.groups())).build(),
        SecurityErrors.GROUP_AUTHORIZATION_FAILED, false)
        .thenApply(response -> {
          if (context.apiVersion() < 3 || !request.includeAuthorizedOperations()) {
            return response;
          }
          List<DescribeGroupsResponse.DescribedGroup> groups = new ArrayList<>();
          for (DescribeGroupsResponse.DescribedGroup g : response.groups()) {
            groups.add(g.errorCode() != 0 ? g : new DescribedGroupBuilder(g)
                .authorizedOperations(access.operations(AclCodes.GROUP, g.groupId())).build());
          }
          return new DescribeGroupsResponseBuilder(response).groups(groups).build();
        });
  }

  static Gate<ConsumerGroupDescribeRequest, ConsumerGroupDescribeResponse> consumerGroupDescribe() {
    return (request, context, access, next) -> access.split(request, context, next, request.groupIds(),
        g -> access.may(AclCodes.DESCRIBE, AclCodes.GROUP, g),
        groups -> new ConsumerGroupDescribeRequestBuilder(request).groupIds(groups).build(),
        (served, refused) -> new ConsumerGroupDescribeResponseBuilder(served)
            .groups(concat(served.groups(), refused.groups())).build(),
        SecurityErrors.GROUP_AUTHORIZATION_FAILED, false);
  }

  static Gate<DeleteGroupsRequest, DeleteGroupsResponse> deleteGroups() {
    return (request, context, access, next) -> access.split(request, context, next, request.groupsNames(),
        g -> access.may(AclCodes.DELETE, AclCodes.GROUP, g),
        groups -> new DeleteGroupsRequestBuilder(request).groupsNames(groups).build(),
        (served, refused) -> new DeleteGroupsResponseBuilder(served)
            .results(concat(served.results(), refused.results())).build(),
        SecurityErrors.GROUP_AUTHORIZATION_FAILED, false);
  }

  static Gate<ListGroupsRequest, ListGroupsResponse> listGroups() {
    return (request, context, access, next) -> next.handle(request, context).thenApply(response -> {
      if (access.mayOnCluster(AclCodes.DESCRIBE)) {
        return response;
      }
      List<ListGroupsResponse.ListedGroup> groups = new ArrayList<>();
      for (ListGroupsResponse.ListedGroup g : response.groups()) {
        if (access.may(AclCodes.DESCRIBE, AclCodes.GROUP, g.groupId())) {
          groups.add(g);
        }
      }
      return new ListGroupsResponseBuilder(response).groups(groups).build();
    });
  }

  static <R> Gate<InitProducerIdRequest, R> initProducerId() {
    return (request, context, access, next) -> {
      if (request.transactionalId() != null) {
        return access.may(AclCodes.WRITE, AclCodes.TRANSACTIONAL_ID, request.transactionalId())
            ? next.handle(request, context)
            : access.refuse(request, SecurityErrors.TRANSACTIONAL_ID_AUTHORIZATION_FAILED);
      }
      return access.mayOnCluster(AclCodes.IDEMPOTENT_WRITE) || access.mayOnAny(AclCodes.WRITE, AclCodes.TOPIC)
          ? next.handle(request, context) : access.refuse(request, SecurityErrors.CLUSTER_AUTHORIZATION_FAILED);
    };
  }

  /**
   * Before v4: WRITE on the transactional id, then on every topic; if a topic is refused, nothing is
   * added: its partitions TOPIC_AUTHORIZATION_FAILED, the others OPERATION_NOT_ATTEMPTED, as Kafka.
   */
  static Gate<AddPartitionsToTxnRequest, AddPartitionsToTxnResponse> addPartitionsToTxn() {
    return (request, context, access, next) -> {
      if (context.apiVersion() >= 4) { // brokers verifying transactions
        return access.mayOnCluster(AclCodes.CLUSTER_ACTION) ? next.handle(request, context)
            : access.refuse(request, SecurityErrors.CLUSTER_AUTHORIZATION_FAILED);
      }
      if (!access.may(AclCodes.WRITE, AclCodes.TRANSACTIONAL_ID, request.v3AndBelowTransactionalId())) {
        return access.refuse(request, SecurityErrors.TRANSACTIONAL_ID_AUTHORIZATION_FAILED);
      }
      Set<String> refused = new HashSet<>();
      for (AddPartitionsToTxnRequest.AddPartitionsToTxnTopic t : request.v3AndBelowTopics()) {
        if (!access.may(AclCodes.WRITE, AclCodes.TOPIC, t.name())) {
          refused.add(t.name());
        }
      }
      if (refused.isEmpty()) {
        return next.handle(request, context);
      }
      AddPartitionsToTxnResponse notAttempted = access.refusal(request, OPERATION_NOT_ATTEMPTED);
      List<AddPartitionsToTxnResponse.AddPartitionsToTxnTopicResult> topics = new ArrayList<>();
      for (AddPartitionsToTxnResponse.AddPartitionsToTxnTopicResult t : notAttempted.resultsByTopicV3AndBelow()) {
        if (!refused.contains(t.name())) {
          topics.add(t);
          continue;
        }
        List<AddPartitionsToTxnResponse.AddPartitionsToTxnPartitionResult> partitions = new ArrayList<>();
        for (AddPartitionsToTxnResponse.AddPartitionsToTxnPartitionResult p : t.resultsByPartition()) {
          partitions.add(new AddPartitionsToTxnPartitionResultBuilder(p)
              .partitionErrorCode(SecurityErrors.TOPIC_AUTHORIZATION_FAILED).build());
        }
        topics.add(new AddPartitionsToTxnTopicResultBuilder(t).resultsByPartition(partitions).build());
      }
      return CompletableFuture.completedFuture(
          new AddPartitionsToTxnResponseBuilder(notAttempted).resultsByTopicV3AndBelow(topics).build());
    };
  }

  static <R> Gate<AddOffsetsToTxnRequest, R> addOffsetsToTxn() {
    return onTransaction(AddOffsetsToTxnRequest::transactionalId, AddOffsetsToTxnRequest::groupId);
  }

  /** WRITE on the transactional id, READ on the group (whole request), READ on each topic (its partitions). */
  static Gate<TxnOffsetCommitRequest, TxnOffsetCommitResponse> txnOffsetCommit() {
    Gate<TxnOffsetCommitRequest, TxnOffsetCommitResponse> topics = (request, context, access, next) ->
        access.split(request, context, next, request.topics(),
            t -> t.name() == null || t.name().isEmpty() || access.may(AclCodes.READ, AclCodes.TOPIC, t.name()),
            list -> new TxnOffsetCommitRequestBuilder(request).topics(list).build(),
            (served, refused) -> new TxnOffsetCommitResponseBuilder(served)
                .topics(concat(served.topics(), refused.topics())).build(),
            SecurityErrors.TOPIC_AUTHORIZATION_FAILED, false);
    Gate<TxnOffsetCommitRequest, TxnOffsetCommitResponse> transaction =
        onTransaction(TxnOffsetCommitRequest::transactionalId, TxnOffsetCommitRequest::groupId);
    return (request, context, access, next) -> transaction.handle(request, context, access,
        (allowed, ctx) -> topics.handle(allowed, ctx, access, next));
  }

  static <R> Gate<EndTxnRequest, R> endTxn() {
    return onTransaction(EndTxnRequest::transactionalId, null);
  }
}

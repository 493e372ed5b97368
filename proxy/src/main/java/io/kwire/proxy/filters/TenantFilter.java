package io.kwire.proxy.filters;

import io.kwire.messages.ApiVersionsResponse;
import io.kwire.messages.ApiVersionsResponseBuilder;
import io.kwire.messages.FetchRequest;
import io.kwire.messages.FetchRequestBuilder;
import io.kwire.messages.FetchResponse;
import io.kwire.messages.FetchResponseBuilder;
import io.kwire.messages.FindCoordinatorRequest;
import io.kwire.messages.FindCoordinatorRequestBuilder;
import io.kwire.messages.FindCoordinatorResponse;
import io.kwire.messages.FindCoordinatorResponseBuilder;
import io.kwire.messages.HeartbeatRequest;
import io.kwire.messages.HeartbeatRequestBuilder;
import io.kwire.messages.InitProducerIdRequest;
import io.kwire.messages.InitProducerIdRequestBuilder;
import io.kwire.messages.JoinGroupRequest;
import io.kwire.messages.JoinGroupRequestBuilder;
import io.kwire.messages.LeaveGroupRequest;
import io.kwire.messages.LeaveGroupRequestBuilder;
import io.kwire.messages.ListOffsetsRequest;
import io.kwire.messages.ListOffsetsRequestBuilder;
import io.kwire.messages.ListOffsetsResponse;
import io.kwire.messages.ListOffsetsResponseBuilder;
import io.kwire.messages.MetadataRequest;
import io.kwire.messages.MetadataRequestBuilder;
import io.kwire.messages.MetadataResponse;
import io.kwire.messages.MetadataResponseBuilder;
import io.kwire.messages.OffsetCommitRequest;
import io.kwire.messages.OffsetCommitRequestBuilder;
import io.kwire.messages.OffsetCommitResponse;
import io.kwire.messages.OffsetCommitResponseBuilder;
import io.kwire.messages.OffsetFetchRequest;
import io.kwire.messages.OffsetFetchRequestBuilder;
import io.kwire.messages.OffsetFetchResponse;
import io.kwire.messages.OffsetFetchResponseBuilder;
import io.kwire.messages.OffsetForLeaderEpochRequest;
import io.kwire.messages.OffsetForLeaderEpochRequestBuilder;
import io.kwire.messages.OffsetForLeaderEpochResponse;
import io.kwire.messages.OffsetForLeaderEpochResponseBuilder;
import io.kwire.messages.ProduceRequest;
import io.kwire.messages.ProduceRequestBuilder;
import io.kwire.messages.ProduceResponse;
import io.kwire.messages.ProduceResponseBuilder;
import io.kwire.messages.SyncGroupRequest;
import io.kwire.messages.SyncGroupRequestBuilder;
import io.kwire.proxy.filter.Filter;
import io.kwire.proxy.filter.FilterContext;
import io.kwire.proxy.filter.FilterRegistry;
import io.kwire.proxy.filter.RequestFilter;
import io.kwire.proxy.filter.RequestResult;
import io.kwire.proxy.filter.ResponseFilter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.UnaryOperator;

/**
 * A namespace per tenant on a shared cluster. The tenant is the client id's text before its first
 * {@code separator} ({@code .} unless configured): a client with {@code client.id=acme.orders} is
 * tenant {@code acme}. Its topic {@code payments} is the cluster's {@code acme.payments}, its group
 * {@code billing} the cluster's {@code acme.billing} (transactional ids too): names gain the prefix
 * on the way in and lose it on the way out, and Metadata shows a tenant only its own topics. A
 * client id without the separator has no tenant: its requests are refused with the authorization
 * error a broker gives a principal without rights ({@link #untenanted}), which Kafka's clients report.
 *
 * <p>Covered: Metadata, Produce, Fetch, ListOffsets, OffsetForLeaderEpoch, OffsetCommit,
 * OffsetFetch, FindCoordinator, JoinGroup, SyncGroup, Heartbeat, LeaveGroup, InitProducerId. The
 * ApiVersions response offers only these (and the APIs that name no topic or group), at the versions
 * that name topics rather than topic ids (Produce v12, Fetch v12, OffsetCommit v9, OffsetFetch v7),
 * so a well-behaved client uses nothing else; a request of another API naming topics or groups
 * (admin APIs, the KIP-848 group protocol, transactions' own APIs) is refused.
 */
public final class TenantFilter implements Filter {
  /** Kafka's CLUSTER_AUTHORIZATION_FAILED: what a request of an API outside the tenant's gets. */
  static final short CLUSTER_AUTHORIZATION_FAILED = 31;
  static final short TOPIC_AUTHORIZATION_FAILED = 29;
  static final short GROUP_AUTHORIZATION_FAILED = 30;
  static final short TRANSACTIONAL_ID_AUTHORIZATION_FAILED = 53;
  /** The APIs offered to tenants, by key, with the highest version offered (Short.MAX_VALUE: the broker's). */
  private static final Map<Short, Short> OFFERED = Map.ofEntries(
      Map.entry((short) 0, (short) 12), Map.entry((short) 1, (short) 12), Map.entry((short) 2, Short.MAX_VALUE),
      Map.entry((short) 3, Short.MAX_VALUE), Map.entry((short) 8, (short) 9), Map.entry((short) 9, (short) 7),
      Map.entry((short) 10, Short.MAX_VALUE), Map.entry((short) 11, Short.MAX_VALUE),
      Map.entry((short) 12, Short.MAX_VALUE), Map.entry((short) 13, Short.MAX_VALUE),
      Map.entry((short) 14, Short.MAX_VALUE), Map.entry((short) 17, Short.MAX_VALUE),
      Map.entry((short) 18, Short.MAX_VALUE), Map.entry((short) 22, Short.MAX_VALUE),
      Map.entry((short) 23, Short.MAX_VALUE), Map.entry((short) 36, Short.MAX_VALUE));

  private final String separator;

  public TenantFilter(String separator) {
    if (separator == null || separator.isEmpty()) {
      throw new IllegalArgumentException("the tenant separator must not be empty");
    }
    this.separator = separator;
  }

  private boolean hasTenant(FilterContext context) {
    String id = context.clientId();
    return id != null && id.indexOf(separator) > 0;
  }

  /**
   * The authorization error a client without a tenant gets, in its request's own shape: what a
   * broker answers a principal with no rights on the topics, group or transactional id it names.
   * Kafka's clients show it (TopicAuthorizationException and the like) rather than reconnect.
   */
  static short untenanted(Object request) {
    if (request instanceof ProduceRequest p) {
      return p.transactionalId() == null ? TOPIC_AUTHORIZATION_FAILED : TRANSACTIONAL_ID_AUTHORIZATION_FAILED;
    }
    if (request instanceof InitProducerIdRequest i) {
      return i.transactionalId() == null ? CLUSTER_AUTHORIZATION_FAILED : TRANSACTIONAL_ID_AUTHORIZATION_FAILED;
    }
    if (request instanceof FindCoordinatorRequest f) {
      return f.keyType() == 1 ? TRANSACTIONAL_ID_AUTHORIZATION_FAILED : GROUP_AUTHORIZATION_FAILED;
    }
    if (request instanceof OffsetCommitRequest || request instanceof OffsetFetchRequest
        || request instanceof JoinGroupRequest || request instanceof SyncGroupRequest
        || request instanceof HeartbeatRequest || request instanceof LeaveGroupRequest) {
      return GROUP_AUTHORIZATION_FAILED;
    }
    return TOPIC_AUTHORIZATION_FAILED; // Metadata, Fetch, ListOffsets, OffsetForLeaderEpoch
  }

  /** The prefix of the connection's tenant: {@code acme.} for client id {@code acme.orders}. */
  String prefix(FilterContext context) {
    String id = context.clientId();
    int at = id == null ? -1 : id.indexOf(separator);
    if (at <= 0) {
      throw new IllegalStateException("client id '" + id + "' names no tenant (TENANT" + separator + "NAME)");
    }
    return id.substring(0, at + separator.length());
  }

  @Override
  public void register(FilterRegistry registry) {
    registry.onResponse(ApiVersionsResponse.class, (r, c) -> done(offered(r)));
    request(registry, MetadataRequest.class, (r, p) -> r.topics() == null ? r : new MetadataRequestBuilder(r)
        .topics(each(r.topics(), t -> new MetadataRequestBuilder.MetadataRequestTopicBuilder(t).name(in(p, t.name()))
            .build())).build());
    response(registry, MetadataResponse.class, (r, p) -> {
      List<MetadataResponse.MetadataResponseTopic> mine = new ArrayList<>();
      for (MetadataResponse.MetadataResponseTopic t : r.topics()) {
        if (t.name() != null && t.name().startsWith(p)) {
          mine.add(new MetadataResponseBuilder.MetadataResponseTopicBuilder(t).name(out(p, t.name())).build());
        }
      }
      return new MetadataResponseBuilder(r).topics(mine).build();
    });
    request(registry, ProduceRequest.class, (r, p) -> new ProduceRequestBuilder(r).transactionalId(in(p, r.transactionalId()))
        .topicData(each(r.topicData(), t -> new ProduceRequestBuilder.TopicProduceDataBuilder(t).name(in(p, t.name()))
            .build())).build());
    response(registry, ProduceResponse.class, (r, p) -> new ProduceResponseBuilder(r).responses(each(r.responses(),
        t -> new ProduceResponseBuilder.TopicProduceResponseBuilder(t).name(out(p, t.name())).build())).build());
    request(registry, FetchRequest.class, (r, p) -> new FetchRequestBuilder(r)
        .topics(each(r.topics(), t -> new FetchRequestBuilder.FetchTopicBuilder(t).topic(in(p, t.topic())).build()))
        .forgottenTopicsData(each(r.forgottenTopicsData(),
            t -> new FetchRequestBuilder.ForgottenTopicBuilder(t).topic(in(p, t.topic())).build())).build());
    response(registry, FetchResponse.class, (r, p) -> new FetchResponseBuilder(r).responses(each(r.responses(),
        t -> new FetchResponseBuilder.FetchableTopicResponseBuilder(t).topic(out(p, t.topic())).build())).build());
    request(registry, ListOffsetsRequest.class, (r, p) -> new ListOffsetsRequestBuilder(r).topics(each(r.topics(),
        t -> new ListOffsetsRequestBuilder.ListOffsetsTopicBuilder(t).name(in(p, t.name())).build())).build());
    response(registry, ListOffsetsResponse.class, (r, p) -> new ListOffsetsResponseBuilder(r).topics(each(r.topics(),
        t -> new ListOffsetsResponseBuilder.ListOffsetsTopicResponseBuilder(t).name(out(p, t.name())).build())).build());
    request(registry, OffsetForLeaderEpochRequest.class, (r, p) -> new OffsetForLeaderEpochRequestBuilder(r)
        .topics(each(r.topics(), t -> new OffsetForLeaderEpochRequestBuilder.OffsetForLeaderTopicBuilder(t)
            .topic(in(p, t.topic())).build())).build());
    response(registry, OffsetForLeaderEpochResponse.class, (r, p) -> new OffsetForLeaderEpochResponseBuilder(r)
        .topics(each(r.topics(), t -> new OffsetForLeaderEpochResponseBuilder.OffsetForLeaderTopicResultBuilder(t)
            .topic(out(p, t.topic())).build())).build());
    request(registry, OffsetCommitRequest.class, (r, p) -> new OffsetCommitRequestBuilder(r).groupId(in(p, r.groupId()))
        .topics(each(r.topics(), t -> new OffsetCommitRequestBuilder.OffsetCommitRequestTopicBuilder(t)
            .name(in(p, t.name())).build())).build());
    response(registry, OffsetCommitResponse.class, (r, p) -> new OffsetCommitResponseBuilder(r).topics(each(r.topics(),
        t -> new OffsetCommitResponseBuilder.OffsetCommitResponseTopicBuilder(t).name(out(p, t.name())).build())).build());
    request(registry, OffsetFetchRequest.class, (r, p) -> new OffsetFetchRequestBuilder(r).groupId(in(p, r.groupId()))
        .topics(each(r.topics(), t -> new OffsetFetchRequestBuilder.OffsetFetchRequestTopicBuilder(t)
            .name(in(p, t.name())).build())).build());
    response(registry, OffsetFetchResponse.class, (r, p) -> new OffsetFetchResponseBuilder(r).topics(each(r.topics(),
        t -> new OffsetFetchResponseBuilder.OffsetFetchResponseTopicBuilder(t).name(out(p, t.name())).build())).build());
    request(registry, FindCoordinatorRequest.class, (r, p) -> new FindCoordinatorRequestBuilder(r).key(in(p, r.key()))
        .coordinatorKeys(each(r.coordinatorKeys(), k -> in(p, k))).build());
    response(registry, FindCoordinatorResponse.class, (r, p) -> new FindCoordinatorResponseBuilder(r)
        .coordinators(each(r.coordinators(), c -> new FindCoordinatorResponseBuilder.CoordinatorBuilder(c)
            .key(out(p, c.key())).build())).build());
    request(registry, JoinGroupRequest.class, (r, p) -> new JoinGroupRequestBuilder(r).groupId(in(p, r.groupId())).build());
    request(registry, SyncGroupRequest.class, (r, p) -> new SyncGroupRequestBuilder(r).groupId(in(p, r.groupId())).build());
    request(registry, HeartbeatRequest.class, (r, p) -> new HeartbeatRequestBuilder(r).groupId(in(p, r.groupId())).build());
    request(registry, LeaveGroupRequest.class, (r, p) -> new LeaveGroupRequestBuilder(r).groupId(in(p, r.groupId())).build());
    request(registry, InitProducerIdRequest.class, (r, p) -> new InitProducerIdRequestBuilder(r)
        .transactionalId(in(p, r.transactionalId())).build());
    for (Class<?> refused : TenantRefusals.REQUESTS) {
      refuse(registry, refused);
    }
  }

  private <Q> void request(FilterRegistry registry, Class<Q> type, java.util.function.BiFunction<Q, String, Q> change) {
    RequestFilter<Q> filter = (request, context) -> hasTenant(context)
        ? RequestResult.forward(change.apply(request, prefix(context)))
        : RequestResult.refuse(untenanted(request));
    registry.onRequest(type, filter);
  }

  private <R> void response(FilterRegistry registry, Class<R> type, java.util.function.BiFunction<R, String, R> change) {
    ResponseFilter<R> filter = (response, context) -> done(change.apply(response, prefix(context)));
    registry.onResponse(type, filter);
  }

  private static <Q> void refuse(FilterRegistry registry, Class<Q> type) {
    registry.onRequest(type, (request, context) -> RequestResult.refuse(CLUSTER_AUTHORIZATION_FAILED));
  }

  /** Only the tenant's APIs, at versions naming topics; an API the broker lacks stays out. */
  private static ApiVersionsResponse offered(ApiVersionsResponse r) {
    List<ApiVersionsResponse.ApiVersion> keys = new ArrayList<>();
    for (ApiVersionsResponse.ApiVersion a : r.apiKeys()) {
      Short max = OFFERED.get(a.apiKey());
      if (max != null && a.minVersion() <= max) {
        keys.add(new ApiVersionsResponse.ApiVersion(a.apiKey(), a.minVersion(), (short) Math.min(max, a.maxVersion()),
            a.unknownTaggedFields()));
      }
    }
    return new ApiVersionsResponseBuilder(r).apiKeys(keys).build();
  }

  /**
   * A name of the tenant's as the cluster knows it; null and empty (a field absent at this version,
   * at its default) stay as they are.
   */
  private static String in(String prefix, String name) {
    return name == null || name.isEmpty() ? name : prefix + name;
  }

  /** A cluster name as the tenant knows it. */
  private static String out(String prefix, String name) {
    return name != null && name.startsWith(prefix) ? name.substring(prefix.length()) : name;
  }

  private static <E> List<E> each(List<E> list, UnaryOperator<E> change) {
    if (list == null) {
      return null;
    }
    List<E> out = new ArrayList<>(list.size());
    for (E e : list) {
      out.add(change.apply(e));
    }
    return out;
  }

  private static <T> CompletionStage<T> done(T value) {
    return CompletableFuture.completedStage(value);
  }
}

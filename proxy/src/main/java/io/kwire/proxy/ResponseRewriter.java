package io.kwire.proxy;

import io.kwire.messages.ApiVersionsResponse;
import io.kwire.messages.ApiVersionsResponse.ApiVersion;
import io.kwire.messages.BeginQuorumEpochResponse;
import io.kwire.messages.BeginQuorumEpochResponseBuilder;
import io.kwire.messages.DescribeClusterResponse;
import io.kwire.messages.DescribeClusterResponseBuilder;
import io.kwire.messages.DescribeQuorumResponse;
import io.kwire.messages.DescribeQuorumResponseBuilder;
import io.kwire.messages.EndQuorumEpochResponse;
import io.kwire.messages.EndQuorumEpochResponseBuilder;
import io.kwire.messages.FetchResponse;
import io.kwire.messages.FetchResponseBuilder;
import io.kwire.messages.FetchSnapshotResponse;
import io.kwire.messages.FetchSnapshotResponseBuilder;
import io.kwire.messages.FindCoordinatorResponse;
import io.kwire.messages.FindCoordinatorResponseBuilder;
import io.kwire.messages.MetadataResponse;
import io.kwire.messages.MetadataResponseBuilder;
import io.kwire.messages.ProduceResponse;
import io.kwire.messages.ProduceResponseBuilder;
import io.kwire.messages.ShareAcknowledgeResponse;
import io.kwire.messages.ShareAcknowledgeResponseBuilder;
import io.kwire.messages.ShareFetchResponse;
import io.kwire.messages.ShareFetchResponseBuilder;
import io.kwire.messages.UpdateRaftVoterResponse;
import io.kwire.messages.UpdateRaftVoterResponseBuilder;
import io.kwire.messages.VoteResponse;
import io.kwire.messages.VoteResponseBuilder;
import io.kwire.proxy.AdvertisedAddresses.Address;
import io.kwire.proxy.AdvertisedAddresses.Seen;
import io.kwire.runtime.ApiMessageCodec;
import io.kwire.runtime.KwireRegistry;
import io.kwire.runtime.meta.VersionRange;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.function.UnaryOperator;

/**
 * Changes the few responses a proxy must change: broker addresses become the proxy's own (so that
 * clients keep talking to it), and, when asked, ApiVersions offers only what kwire can decode.
 * Everything else is returned as it came. The places rewritten ({@link #SITES}) are the ones the
 * tests' BrokerEndpoints finds in the descriptors (ResponseRewriterCompletenessTest proves the two
 * agree for every response and version); each address comes from {@link AdvertisedAddresses} by node id.
 */
final class ResponseRewriter {
  /** The sites this class rewrites, by the tests' {@code BrokerEndpoints.Site#key()}. */
  static final Set<String> SITES = Set.of(
      "MetadataResponse.brokers",
      "FindCoordinatorResponse",
      "FindCoordinatorResponse.coordinators",
      "DescribeClusterResponse.brokers",
      "ProduceResponse.nodeEndpoints",
      "FetchResponse.nodeEndpoints",
      "ShareFetchResponse.nodeEndpoints",
      "ShareAcknowledgeResponse.nodeEndpoints",
      "BeginQuorumEpochResponse.nodeEndpoints",
      "EndQuorumEpochResponse.nodeEndpoints",
      "VoteResponse.nodeEndpoints",
      "FetchSnapshotResponse.nodeEndpoints",
      "DescribeQuorumResponse.nodes.listeners",
      "UpdateRaftVoterResponse.currentLeader");

  /** DescribeCluster's endpointType for brokers' addresses (2 is controllers'). */
  private static final byte BROKER_ENDPOINTS = 1;

  private final AdvertisedAddresses addresses;
  /** Per API key, the versions kwire has both the request and the response codec for; null when not capping. */
  private final Map<Short, VersionRange> decodable;

  ResponseRewriter(String host, int port, KwireRegistry registry, boolean capVersions) {
    this(AdvertisedAddresses.single(host, port), registry, capVersions);
  }

  ResponseRewriter(AdvertisedAddresses addresses, KwireRegistry registry, boolean capVersions) {
    this.addresses = addresses;
    this.decodable = capVersions ? decodableVersions(registry) : null;
  }

  AdvertisedAddresses addresses() {
    return addresses;
  }

  private static Map<Short, VersionRange> decodableVersions(KwireRegistry registry) {
    Map<Short, VersionRange> out = new HashMap<>();
    for (ApiMessageCodec<?> request : registry.apis()) {
      if (request.type() != io.kwire.annotations.MessageType.REQUEST) {
        continue;
      }
      registry.findResponse(request.apiKey()).ifPresent(response -> {
        VersionRange a = request.descriptor().validVersions();
        VersionRange b = response.descriptor().validVersions();
        out.put(request.apiKey(), VersionRange.of(Math.max(a.lowest(), b.lowest()), Math.min(a.highest(), b.highest())));
      });
    }
    return out;
  }

  /** The body to send on, {@code body} itself when nothing changes. */
  <T> T rewrite(ApiMessageCodec<T> codec, T body) {
    return codec.messageType().cast(rewritten(body));
  }

  /** {@link #rewrite} for a body of any response record: the filters' entry. */
  Object rewriteAny(Object body) {
    return rewritten(body);
  }

  private Object rewritten(Object body) {
    if (body instanceof MetadataResponse m) {
      learn(m.brokers(), true, b -> new Seen(b.nodeId(), b.host(), b.port()));
      return replaced(m, m.brokers(), l -> new MetadataResponseBuilder(m).brokers(l).build(), b -> {
        Address a = addresses.of(b.nodeId());
        return new MetadataResponseBuilder.MetadataResponseBrokerBuilder(b).host(a.host()).port(a.port()).build();
      });
    } else if (body instanceof FindCoordinatorResponse f) {
      return findCoordinator(f);
    } else if (body instanceof DescribeClusterResponse d) {
      if (d.endpointType() == BROKER_ENDPOINTS) { // a controller's list (KIP-919) names controller listeners
        learn(d.brokers(), true, b -> new Seen(b.brokerId(), b.host(), b.port()));
      }
      return replaced(d, d.brokers(), l -> new DescribeClusterResponseBuilder(d).brokers(l).build(), b -> {
        Address a = addresses.of(b.brokerId());
        return new DescribeClusterResponseBuilder.DescribeClusterBrokerBuilder(b).host(a.host()).port(a.port()).build();
      });
    } else if (body instanceof ApiVersionsResponse v && decodable != null) {
      return apiVersions(v);
    }
    return nodeEndpoints(body);
  }

  /** v0-3 carry one coordinator at the top level, v4+ a list; an error leaves its empty address alone. */
  private FindCoordinatorResponse findCoordinator(FindCoordinatorResponse f) {
    List<Seen> seen = new ArrayList<>(1);
    if (f.coordinators() != null) {
      for (FindCoordinatorResponse.Coordinator c : f.coordinators()) {
        if (c.errorCode() == 0 && c.nodeId() >= 0) {
          seen.add(new Seen(c.nodeId(), c.host(), c.port()));
        }
      }
    }
    if (f.errorCode() == 0 && f.nodeId() >= 0 && f.host() != null && !f.host().isEmpty()) {
      seen.add(new Seen(f.nodeId(), f.host(), f.port()));
    }
    if (!seen.isEmpty()) {
      addresses.learn(seen, false);
    }
    FindCoordinatorResponseBuilder out = new FindCoordinatorResponseBuilder(f).coordinators(each(f.coordinators(), c -> {
      if (c.errorCode() != 0 || c.nodeId() < 0) {
        return c;
      }
      Address a = addresses.of(c.nodeId());
      return new FindCoordinatorResponseBuilder.CoordinatorBuilder(c).host(a.host()).port(a.port()).build();
    }));
    if (f.errorCode() == 0 && f.nodeId() >= 0 && f.host() != null && !f.host().isEmpty()) {
      Address a = addresses.of(f.nodeId());
      out.host(a.host()).port(a.port());
    }
    return out.build();
  }

  /**
   * KIP-951's node endpoints (Produce, Fetch, ShareFetch, ShareAcknowledge: where a client that got
   * NOT_LEADER_OR_FOLLOWER goes next, the new leader named by currentLeader's id) and the KRaft
   * APIs' voter endpoints.
   */
  private Object nodeEndpoints(Object body) {
    if (body instanceof ProduceResponse r) {
      learn(r.nodeEndpoints(), false, e -> new Seen(e.nodeId(), e.host(), e.port()));
      return replaced(r, r.nodeEndpoints(), l -> new ProduceResponseBuilder(r).nodeEndpoints(l).build(), e -> {
        Address a = addresses.of(e.nodeId());
        return new ProduceResponseBuilder.NodeEndpointBuilder(e).host(a.host()).port(a.port()).build();
      });
    } else if (body instanceof FetchResponse r) {
      learn(r.nodeEndpoints(), false, e -> new Seen(e.nodeId(), e.host(), e.port()));
      return replaced(r, r.nodeEndpoints(), l -> new FetchResponseBuilder(r).nodeEndpoints(l).build(), e -> {
        Address a = addresses.of(e.nodeId());
        return new FetchResponseBuilder.NodeEndpointBuilder(e).host(a.host()).port(a.port()).build();
      });
    } else if (body instanceof ShareFetchResponse r) {
      learn(r.nodeEndpoints(), false, e -> new Seen(e.nodeId(), e.host(), e.port()));
      return replaced(r, r.nodeEndpoints(), l -> new ShareFetchResponseBuilder(r).nodeEndpoints(l).build(), e -> {
        Address a = addresses.of(e.nodeId());
        return new ShareFetchResponseBuilder.NodeEndpointBuilder(e).host(a.host()).port(a.port()).build();
      });
    } else if (body instanceof ShareAcknowledgeResponse r) {
      learn(r.nodeEndpoints(), false, e -> new Seen(e.nodeId(), e.host(), e.port()));
      return replaced(r, r.nodeEndpoints(), l -> new ShareAcknowledgeResponseBuilder(r).nodeEndpoints(l).build(), e -> {
        Address a = addresses.of(e.nodeId());
        return new ShareAcknowledgeResponseBuilder.NodeEndpointBuilder(e).host(a.host()).port(a.port()).build();
      });
    }
    return raftEndpoints(body);
  }

  /** The KRaft APIs' voters: a proxy in front of a controller keeps its peers and admins on it too. */
  private Object raftEndpoints(Object body) {
    if (body instanceof BeginQuorumEpochResponse r) {
      return replaced(r, r.nodeEndpoints(), l -> new BeginQuorumEpochResponseBuilder(r).nodeEndpoints(l).build(), e -> {
        Address a = addresses.of(e.nodeId());
        return new BeginQuorumEpochResponseBuilder.NodeEndpointBuilder(e).host(a.host()).port(a.port()).build();
      });
    } else if (body instanceof EndQuorumEpochResponse r) {
      return replaced(r, r.nodeEndpoints(), l -> new EndQuorumEpochResponseBuilder(r).nodeEndpoints(l).build(), e -> {
        Address a = addresses.of(e.nodeId());
        return new EndQuorumEpochResponseBuilder.NodeEndpointBuilder(e).host(a.host()).port(a.port()).build();
      });
    } else if (body instanceof VoteResponse r) {
      return replaced(r, r.nodeEndpoints(), l -> new VoteResponseBuilder(r).nodeEndpoints(l).build(), e -> {
        Address a = addresses.of(e.nodeId());
        return new VoteResponseBuilder.NodeEndpointBuilder(e).host(a.host()).port(a.port()).build();
      });
    } else if (body instanceof FetchSnapshotResponse r) {
      return replaced(r, r.nodeEndpoints(), l -> new FetchSnapshotResponseBuilder(r).nodeEndpoints(l).build(), e -> {
        Address a = addresses.of(e.nodeId());
        return new FetchSnapshotResponseBuilder.NodeEndpointBuilder(e).host(a.host()).port(a.port()).build();
      });
    } else if (body instanceof DescribeQuorumResponse r) {
      return replaced(r, r.nodes(), l -> new DescribeQuorumResponseBuilder(r).nodes(l).build(), n -> {
        Address a = addresses.of(n.nodeId());
        return new DescribeQuorumResponseBuilder.NodeBuilder(n).listeners(each(n.listeners(),
            l -> new DescribeQuorumResponseBuilder.ListenerBuilder(l).host(a.host()).port(a.port()).build())).build();
      });
    } else if (body instanceof UpdateRaftVoterResponse r && r.currentLeader() != null && r.currentLeader().leaderId() >= 0) {
      Address a = addresses.of(r.currentLeader().leaderId());
      return new UpdateRaftVoterResponseBuilder(r).currentLeader(
          new UpdateRaftVoterResponseBuilder.CurrentLeaderBuilder(r.currentLeader()).host(a.host()).port(a.port()).build()).build();
    }
    return body;
  }

  /** Hands the brokers {@code list} names to {@link AdvertisedAddresses#learn}; nothing for none. */
  private <E> void learn(List<E> list, boolean wholeCluster, Function<E, Seen> seen) {
    if (list != null && !list.isEmpty()) {
      addresses.learn(list.stream().map(seen).toList(), wholeCluster);
    }
  }

  /** {@code body} itself when {@code list} is empty or absent, else rebuilt with each element changed. */
  private static <B, E> Object replaced(B body, List<E> list, Function<List<E>, B> rebuild, UnaryOperator<E> change) {
    List<E> out = each(list, change);
    return out == list ? body : rebuild.apply(out);
  }

  /** {@code list} with each element replaced; null (a field absent in this version) stays null. */
  private static <E> List<E> each(List<E> list, UnaryOperator<E> change) {
    if (list == null || list.isEmpty()) {
      return list;
    }
    List<E> out = new ArrayList<>(list.size());
    for (E e : list) {
      out.add(change.apply(e));
    }
    return out;
  }

  /** Each API's range clipped to kwire's; APIs kwire lacks, or whose ranges do not meet, are left out. */
  private ApiVersionsResponse apiVersions(ApiVersionsResponse v) {
    List<ApiVersion> keys = new ArrayList<>(v.apiKeys().size());
    for (ApiVersion a : v.apiKeys()) {
      VersionRange ours = decodable.get(a.apiKey());
      if (ours == null) {
        continue;
      }
      short min = (short) Math.max(a.minVersion(), ours.lowest());
      short max = (short) Math.min(a.maxVersion(), ours.highest());
      if (min <= max) {
        keys.add(new ApiVersion(a.apiKey(), min, max, a.unknownTaggedFields()));
      }
    }
    return new ApiVersionsResponse(v.errorCode(), keys, v.throttleTimeMs(), v.supportedFeatures(),
        v.finalizedFeaturesEpoch(), v.finalizedFeatures(), v.zkMigrationReady(), v.unknownTaggedFields());
  }
}

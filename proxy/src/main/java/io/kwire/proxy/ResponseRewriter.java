package io.kwire.proxy;

import io.kwire.messages.ApiVersionsResponse;
import io.kwire.messages.ApiVersionsResponse.ApiVersion;
import io.kwire.messages.DescribeClusterResponse;
import io.kwire.messages.DescribeClusterResponse.DescribeClusterBroker;
import io.kwire.messages.FindCoordinatorResponse;
import io.kwire.messages.FindCoordinatorResponse.Coordinator;
import io.kwire.messages.MetadataResponse;
import io.kwire.messages.MetadataResponse.MetadataResponseBroker;
import io.kwire.runtime.ApiMessageCodec;
import io.kwire.runtime.KwireRegistry;
import io.kwire.runtime.meta.VersionRange;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Changes the few responses a proxy must change: broker addresses become the proxy's own (so that
 * clients keep talking to it), and, when asked, ApiVersions offers only what kwire can decode.
 * Everything else is returned as it came. Every broker maps to the one advertised address: the
 * proxy forwards to one upstream broker.
 */
final class ResponseRewriter {
  private final String host;
  private final int port;
  /** Per API key, the versions kwire has both the request and the response codec for; null when not capping. */
  private final Map<Short, VersionRange> decodable;

  ResponseRewriter(String host, int port, KwireRegistry registry, boolean capVersions) {
    this.host = host;
    this.port = port;
    this.decodable = capVersions ? decodableVersions(registry) : null;
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
    Object changed = body;
    if (body instanceof MetadataResponse m) {
      changed = metadata(m);
    } else if (body instanceof FindCoordinatorResponse f) {
      changed = findCoordinator(f);
    } else if (body instanceof DescribeClusterResponse d) {
      changed = describeCluster(d);
    } else if (body instanceof ApiVersionsResponse v && decodable != null) {
      changed = apiVersions(v);
    }
    return codec.messageType().cast(changed);
  }

  private MetadataResponse metadata(MetadataResponse m) {
    List<MetadataResponseBroker> brokers = new ArrayList<>(m.brokers().size());
    for (MetadataResponseBroker b : m.brokers()) {
      brokers.add(new MetadataResponseBroker(b.nodeId(), host, port, b.rack(), b.unknownTaggedFields()));
    }
    return new MetadataResponse(m.throttleTimeMs(), brokers, m.clusterId(), m.controllerId(), m.topics(),
        m.clusterAuthorizedOperations(), m.errorCode(), m.unknownTaggedFields());
  }

  /** v0-3 carry one coordinator at the top level, v4+ a list; an error leaves its empty address alone. */
  private FindCoordinatorResponse findCoordinator(FindCoordinatorResponse f) {
    boolean top = f.errorCode() == 0 && f.nodeId() >= 0 && f.host() != null && !f.host().isEmpty();
    List<Coordinator> coordinators = f.coordinators();
    if (coordinators != null) {
      coordinators = new ArrayList<>(coordinators.size());
      for (Coordinator c : f.coordinators()) {
        coordinators.add(c.errorCode() != 0 || c.nodeId() < 0 ? c
            : new Coordinator(c.key(), c.nodeId(), host, port, c.errorCode(), c.errorMessage(), c.unknownTaggedFields()));
      }
    }
    return new FindCoordinatorResponse(f.throttleTimeMs(), f.errorCode(), f.errorMessage(), f.nodeId(),
        top ? host : f.host(), top ? port : f.port(), coordinators, f.unknownTaggedFields());
  }

  private DescribeClusterResponse describeCluster(DescribeClusterResponse d) {
    List<DescribeClusterBroker> brokers = new ArrayList<>(d.brokers().size());
    for (DescribeClusterBroker b : d.brokers()) {
      brokers.add(new DescribeClusterBroker(b.brokerId(), host, port, b.rack(), b.isFenced(), b.unknownTaggedFields()));
    }
    return new DescribeClusterResponse(d.throttleTimeMs(), d.errorCode(), d.errorMessage(), d.endpointType(),
        d.clusterId(), d.controllerId(), brokers, d.clusterAuthorizedOperations(), d.unknownTaggedFields());
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

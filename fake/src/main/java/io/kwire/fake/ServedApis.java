package io.kwire.fake;

import io.kwire.fake.cluster.ClusterState;
import io.kwire.fake.cluster.ClusterThread;
import io.kwire.fake.groups.GroupCoordinator;
import io.kwire.fake.handlers.ApiVersionsHandler;
import io.kwire.fake.handlers.Authorization;
import io.kwire.fake.handlers.BrokerApis;
import io.kwire.fake.handlers.FakeApi;
import io.kwire.fake.handlers.QuotaThrottle;
import io.kwire.fake.handlers.SecurityApis;
import io.kwire.fake.security.SecurityState;
import io.kwire.messages.ApiVersionsRequestCodec;
import io.kwire.messages.ApiVersionsResponseCodec;
import io.kwire.net.sasl.SaslServerOptions;
import io.kwire.runtime.KwireRegistry;
import io.kwire.runtime.meta.VersionRange;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;

/**
 * What every broker serves: the cluster's APIs behind their gates (ACLs, quotas, an emulated
 * release), ApiVersions among them, at which versions, through which interception, with which codecs.
 *
 * @param apis the gated APIs, ApiVersions included
 * @param served the versions served of each
 * @param apiVersions ApiVersions' own versions when a release is emulated; null for kwire-net's
 * @param interception the controls and recording every request passes
 * @param registry only the served APIs' codecs
 */
record ServedApis(List<FakeApi<?, ?>> apis, ServedVersions served, VersionRange apiVersions,
    Interception interception, KwireRegistry registry) {

  static ServedApis of(ClusterState state, SecurityState security, KafkaRelease emulated, SaslServerOptions sasl,
      ClusterThread thread) {
    List<FakeApi<?, ?>> apis = new ArrayList<>(BrokerApis.of(state, new GroupCoordinator(state)));
    apis.addAll(SecurityApis.of(security));
    if (security.authorizer() != null) {
      apis = Authorization.enforce(apis, security.authorizer(), state);
    }
    apis = QuotaThrottle.enforce(apis, security.quotas(), state.clock());
    VersionRange apiVersions = null; // kwire-net's
    if (emulated != null) {
      apis = Emulation.restrict(apis, emulated);
      apiVersions = Emulation.apiVersions(emulated);
    }
    OldVersions oldVersions = new OldVersions(apis, thread::nowMs);
    ServedVersions served = new ServedVersions(oldVersions, emulated);
    apis = withApiVersions(apis, served, apiVersions, state, emulated, sasl);
    Interception interception = new Interception(apis);
    KwireRegistry registry = registry(apis);
    return new ServedApis(apis, served, apiVersions, interception, registry);
  }

  /**
   * The APIs with ApiVersions added, answered by the fake (so that controls and the recording see
   * it) at the versions kwire-net negotiates: what every broker serves, features and all.
   */
  private static List<FakeApi<?, ?>> withApiVersions(List<FakeApi<?, ?>> apis, ServedVersions served,
      VersionRange apiVersions, ClusterState state, KafkaRelease emulated, SaslServerOptions sasl) {
    VersionRange ownRange = apiVersions != null ? apiVersions : ApiVersionsHandler.VERSIONS;
    TreeMap<Short, VersionRange> advertised = new TreeMap<>();
    advertised.put(ApiVersionsHandler.API_KEY, ownRange);
    for (FakeApi<?, ?> api : apis) {
      advertised.put(api.requestCodec().apiKey(), served.of(api));
    }
    if (sasl != null) {
      advertised.putAll(sasl.authenticator().apiVersions());
    }
    List<FakeApi<?, ?>> all = new ArrayList<>(apis);
    all.add(new FakeApi<>(ApiVersionsRequestCodec.INSTANCE, ApiVersionsResponseCodec.INSTANCE, ownRange,
        new ApiVersionsHandler(advertised, emulated == null ? ApiVersionsHandler.FEATURES : emulated.features(),
            state.features())));
    return List.copyOf(all);
  }

  /** Only the served APIs' codecs: the standard registry would load every message's. */
  private static KwireRegistry registry(List<FakeApi<?, ?>> apis) {
    KwireRegistry.Builder registry = KwireRegistry.builder();
    for (FakeApi<?, ?> api : apis) {
      registry.add(api.requestCodec()).add(api.responseCodec());
    }
    return registry.build();
  }
}

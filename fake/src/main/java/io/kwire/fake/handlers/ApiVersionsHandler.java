package io.kwire.fake.handlers;

import io.kwire.fake.cluster.FeatureLevels;
import io.kwire.messages.ApiVersionsRequest;
import io.kwire.messages.ApiVersionsResponse;
import io.kwire.messages.ApiVersionsResponseBuilder;
import io.kwire.messages.ApiVersionsResponseBuilder.ApiVersionBuilder;
import io.kwire.messages.ApiVersionsResponseBuilder.FinalizedFeatureKeyBuilder;
import io.kwire.messages.ApiVersionsResponseBuilder.SupportedFeatureKeyBuilder;
import io.kwire.runtime.meta.VersionRange;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * ApiVersions at the versions kwire-net negotiated (it answers the others itself, before this
 * handler): the served APIs with their ranges, and from v3 the features of Kafka 4.4 the fake has,
 * each finalized at 4.4's default level: transaction.version 2 (KIP-890, so that clients run
 * transactions v2), group.version 1 (the KIP-848 consumer protocol) and metadata.version (4.4-IV2,
 * which Kafka always lists), share.version 2 (KIP-932 share groups, with renewing acknowledgements),
 * streams.version 1 (KIP-1071 streams groups). Left out, as the fake lacks what they gate: kraft.version,
 * eligible.leader.replicas.version. An emulated release advertises
 * its own ({@code KafkaRelease}): none for a ZooKeeper release.
 */
public final class ApiVersionsHandler implements ApiHandler<ApiVersionsRequest, ApiVersionsResponse> {
  /** A feature as a broker supports it ({@code min}-{@code max}) and finalizes it ({@code finalized}). */
  public record Feature(String name, short min, short max, short finalized) {}

  public static final short API_KEY = 18;
  /** kwire-net's ApiVersions versions: the fake answers them all. */
  public static final VersionRange VERSIONS = VersionRange.of(0, 5);

  /** Kafka 4.4's, as the fake advertises them when it emulates no release. */
  public static final List<Feature> FEATURES = List.of(
      new Feature("metadata.version", (short) 7, (short) 33, (short) 33),
      new Feature("group.version", (short) 0, (short) 1, (short) 1),
      new Feature("transaction.version", (short) 0, (short) 2, (short) 2),
      new Feature("share.version", (short) 0, (short) 2, (short) 2),
      new Feature("streams.version", (short) 0, (short) 1, (short) 1));
  private static final int FEATURES_SINCE = 3;

  private final List<ApiVersionsResponse.ApiVersion> apiKeys;
  private final FeatureLevels features;

  /**
   * @param apiKeys every api key served (ApiVersions and the authenticator's included), in key order
   * @param features what to advertise from v3: {@link #FEATURES}, an emulated release's, or none
   */
  public ApiVersionsHandler(Map<Short, VersionRange> apiKeys, List<Feature> features) {
    this(apiKeys, features, new FeatureLevels());
  }

  /**
   * As above, the features kept in {@code levels} (the cluster's, which UpdateFeatures changes):
   * {@code features} is what they start from.
   */
  public ApiVersionsHandler(Map<Short, VersionRange> apiKeys, List<Feature> features, FeatureLevels levels) {
    List<ApiVersionsResponse.ApiVersion> keys = new ArrayList<>();
    apiKeys.forEach((key, range) -> keys.add(new ApiVersionBuilder().apiKey(key).minVersion(range.lowest())
        .maxVersion(range.highest()).build()));
    this.apiKeys = List.copyOf(keys);
    levels.init(features.stream().map(f -> new FeatureLevels.Level(f.name(), f.min(), f.max(), f.finalized()))
        .toList());
    this.features = levels;
  }

  @Override
  public CompletionStage<ApiVersionsResponse> handle(ApiVersionsRequest request, RequestContext context) {
    ApiVersionsResponseBuilder out = new ApiVersionsResponseBuilder().apiKeys(apiKeys);
    List<FeatureLevels.Level> all = features.all();
    if (!all.isEmpty() && context.apiVersion() >= FEATURES_SINCE) {
      out.supportedFeatures(all.stream().map(f -> new SupportedFeatureKeyBuilder().name(f.name())
              .minVersion(f.min()).maxVersion(f.max()).build()).toList())
          .finalizedFeaturesEpoch(features.epoch())
          // a feature finalized at 0 is not listed, as KRaft lists none at 0
          .finalizedFeatures(all.stream().filter(f -> f.finalized() > 0).map(f -> new FinalizedFeatureKeyBuilder()
              .name(f.name()).minVersionLevel(f.finalized()).maxVersionLevel(f.finalized()).build()).toList());
    }
    return CompletableFuture.completedFuture(out.build());
  }
}

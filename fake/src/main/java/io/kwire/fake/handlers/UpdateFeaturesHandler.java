package io.kwire.fake.handlers;

import io.kwire.fake.cluster.ClusterState;
import io.kwire.fake.cluster.ErrorCode;
import io.kwire.fake.cluster.FeatureLevels;
import io.kwire.messages.UpdateFeaturesRequest;
import io.kwire.messages.UpdateFeaturesResponse;
import io.kwire.messages.UpdateFeaturesResponseBuilder;
import io.kwire.messages.UpdateFeaturesResponseBuilder.UpdatableFeatureResultBuilder;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * UpdateFeatures, as Kafka's KRaft controller applies it: every update or none (one error for the
 * request; v0-1 also give it per feature, v2 only at the top), INVALID_UPDATE_VERSION for a feature
 * the cluster does not support, a level outside its supported range or below 0, a downgrade without
 * a downgrade type (v1+; v0's allowDowngrade) and any downgrade of metadata.version; validateOnly
 * (v1+) checks only. The new levels are what ApiVersions (and so AdminClient.describeFeatures)
 * finalizes from then on, and clients act on them: transaction.version 1 makes 4.x producers run
 * transactions v1.
 */
public final class UpdateFeaturesHandler implements ApiHandler<UpdateFeaturesRequest, UpdateFeaturesResponse> {
  static final short INVALID_UPDATE_VERSION = 95;
  private static final byte UPGRADE = 1;
  private static final byte SAFE_DOWNGRADE = 2;
  private static final byte UNSAFE_DOWNGRADE = 3;

  private final ClusterState cluster;

  public UpdateFeaturesHandler(ClusterState cluster) {
    this.cluster = cluster;
  }

  @Override
  public CompletionStage<UpdateFeaturesResponse> handle(UpdateFeaturesRequest request, RequestContext context) {
    FeatureLevels features = cluster.features();
    Map<String, Short> changes = new LinkedHashMap<>();
    Rejection error = null;
    for (UpdateFeaturesRequest.FeatureUpdateKey update : request.featureUpdates()) {
      byte type = context.apiVersion() == 0 ? (update.allowDowngrade() ? SAFE_DOWNGRADE : UPGRADE) : update.upgradeType();
      error = check(features.get(update.feature()), update.feature(), update.maxVersionLevel(), type);
      if (error != null) {
        break;
      }
      changes.put(update.feature(), update.maxVersionLevel());
    }
    boolean validateOnly = context.apiVersion() >= 1 && request.validateOnly();
    if (error == null && !validateOnly && !changes.isEmpty()) {
      features.finalizeLevels(changes);
    }
    short code = error == null ? ErrorCode.NONE : error.code();
    String message = error == null ? null : error.message();
    List<UpdateFeaturesResponse.UpdatableFeatureResult> results = new ArrayList<>();
    if (context.apiVersion() < 2) {
      for (UpdateFeaturesRequest.FeatureUpdateKey update : request.featureUpdates()) {
        results.add(new UpdatableFeatureResultBuilder().feature(update.feature()).errorCode(code).errorMessage(message)
            .build());
      }
    }
    return CompletableFuture.completedFuture(new UpdateFeaturesResponseBuilder().errorCode(code).errorMessage(message)
        .results(results).build());
  }

  private static Rejection check(FeatureLevels.Level feature, String name, short level, byte type) {
    if (type != UPGRADE && type != SAFE_DOWNGRADE && type != UNSAFE_DOWNGRADE) {
      return invalid(name, level, "The controller does not support the given upgrade type.");
    }
    if (level < 0) {
      return invalid(name, level, "A feature version cannot be less than 0.");
    }
    if (feature == null) {
      return invalid(name, level, "The controller does not support the given feature.");
    }
    if (level != 0 && (level < feature.min() || level > feature.max()) || level == 0 && feature.min() > 0) {
      return invalid(name, level, "The controller does not support the given feature range.");
    }
    if (level < feature.finalized()) {
      if (type == UPGRADE) {
        return invalid(name, level, "Can't downgrade the version of this feature without setting the upgrade type"
            + " to either safe or unsafe downgrade.");
      }
      if (name.equals("metadata.version")) {
        return invalid(name, level, "Refusing to perform the requested downgrade because it might delete metadata"
            + " information.");
      }
    }
    return null;
  }

  private static Rejection invalid(String name, short level, String why) {
    return new Rejection(INVALID_UPDATE_VERSION, "Invalid update version " + level + " for feature " + name + ". "
        + why);
  }
}

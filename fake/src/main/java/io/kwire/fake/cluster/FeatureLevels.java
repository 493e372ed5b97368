package io.kwire.fake.cluster;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The cluster's features (ApiVersions v3+, DescribeFeatures): what the brokers support and the
 * level each is finalized at, which UpdateFeatures changes; each change moves the epoch on, as a
 * KRaft cluster's metadata offset does. Confined to the cluster thread.
 */
public final class FeatureLevels {
  /** A feature: supported from {@code min} to {@code max}, finalized at {@code finalized}. */
  public record Level(String name, short min, short max, short finalized) {}

  private final Map<String, Level> levels = new LinkedHashMap<>();
  private long epoch = 1;

  /** Starts from these features (replacing any), at epoch 1. */
  public void init(List<Level> features) {
    levels.clear();
    features.forEach(f -> levels.put(f.name(), f));
    epoch = 1;
  }

  public List<Level> all() {
    return new ArrayList<>(levels.values());
  }

  /** The feature of that name, or null when the cluster does not support it. */
  public Level get(String name) {
    return levels.get(name);
  }

  public long epoch() {
    return epoch;
  }

  /** Finalizes the features at the given levels together (validated by the caller), moving the epoch on. */
  public void finalizeLevels(Map<String, Short> changes) {
    changes.forEach((name, level) -> {
      Level f = levels.get(name);
      levels.put(name, new Level(name, f.min(), f.max(), level));
    });
    epoch++;
  }
}

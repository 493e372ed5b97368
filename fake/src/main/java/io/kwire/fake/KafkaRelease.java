package io.kwire.fake;

import io.kwire.fake.handlers.ApiVersionsHandler;
import io.kwire.runtime.meta.VersionRange;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Collections;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A Kafka release whose broker a {@link FakeCluster} can pass for ({@link FakeCluster.Builder#emulate}):
 * the API keys and version ranges its broker advertises, read from {@code kafka-releases.tsv}, a table
 * derived from that release's kafka-clients jar (fake's {@code KafkaReleasesFileTest} checks and
 * regenerates it). Releases before 3.3 are a ZooKeeper broker's APIs, later ones a KRaft broker's,
 * whose ApiVersions v3+ also carries the features of {@code kafka-release-features.tsv} (a new
 * cluster's defaults: e2e's EmulatedFeaturesTest checks them against Kafka 4.4's enums).
 */
public enum KafkaRelease {
  V2_8("2.8"), V3_0("3.0"), V3_1("3.1"), V3_2("3.2"), V3_3("3.3"), V3_4("3.4"), V3_5("3.5"), V3_6("3.6"),
  V3_7("3.7"), V3_8("3.8"), V3_9("3.9"), V4_0("4.0"), V4_1("4.1"), V4_2("4.2"), V4_3("4.3"), V4_4("4.4");

  static final String TABLE = "kafka-releases.tsv";
  static final String FEATURES = "kafka-release-features.tsv";

  private final String version;

  KafkaRelease(String version) {
    this.version = version;
  }

  /** The release's number, "2.8". */
  public String version() {
    return version;
  }

  /** The release named by its number ("2.8", "3.9", "4.0"). */
  public static KafkaRelease of(String version) {
    for (KafkaRelease release : values()) {
      if (release.version.equals(version)) {
        return release;
      }
    }
    StringBuilder known = new StringBuilder();
    for (KafkaRelease release : values()) {
      known.append(known.length() == 0 ? "" : ", ").append(release.version);
    }
    throw new IllegalArgumentException("no Kafka release " + version + " to emulate (known: " + known + ")");
  }

  /** What this release's broker advertises: the version range of each API key it serves. */
  Map<Short, VersionRange> brokerApis() {
    return Tables.ALL.get(this);
  }

  /** The features its broker advertises from ApiVersions v3: none for a ZooKeeper release. */
  List<ApiVersionsHandler.Feature> features() {
    return Tables.FEATURES_BY_RELEASE.getOrDefault(this, List.of());
  }

  /** The tables, read once. */
  private static final class Tables {
    static final Map<KafkaRelease, Map<Short, VersionRange>> ALL = read();
    static final Map<KafkaRelease, List<ApiVersionsHandler.Feature>> FEATURES_BY_RELEASE = readFeatures();

    private static Map<KafkaRelease, List<ApiVersionsHandler.Feature>> readFeatures() {
      Map<KafkaRelease, List<ApiVersionsHandler.Feature>> byRelease = new EnumMap<>(KafkaRelease.class);
      // release, feature, supported min, supported max, finalized
      for (String[] f : rows(FEATURES)) {
        byRelease.computeIfAbsent(of(f[0]), r -> new ArrayList<>()).add(new ApiVersionsHandler.Feature(f[1],
            Short.parseShort(f[2]), Short.parseShort(f[3]), Short.parseShort(f[4])));
      }
      byRelease.replaceAll((release, features) -> List.copyOf(features));
      return byRelease;
    }

    /** The tab-separated rows of one of kwire-fake's resources, blank lines and # comments left out. */
    private static List<String[]> rows(String resource) {
      List<String[]> rows = new ArrayList<>();
      try (InputStream in = KafkaRelease.class.getResourceAsStream(resource)) {
        if (in == null) {
          throw new IllegalStateException(resource + " is missing from kwire-fake's resources");
        }
        BufferedReader lines = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
        for (String line = lines.readLine(); line != null; line = lines.readLine()) {
          if (!line.isBlank() && !line.startsWith("#")) {
            rows.add(line.split("\t"));
          }
        }
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
      return rows;
    }

    private static Map<KafkaRelease, Map<Short, VersionRange>> read() {
      Map<KafkaRelease, Map<Short, VersionRange>> byRelease = new EnumMap<>(KafkaRelease.class);
      // release, kafka-clients jar, listener, api key, api name, lowest, highest
      for (String[] f : rows(TABLE)) {
        byRelease.computeIfAbsent(of(f[0]), r -> new TreeMap<>())
            .put(Short.parseShort(f[3]), VersionRange.of(Integer.parseInt(f[5]), Integer.parseInt(f[6])));
      }
      for (KafkaRelease release : values()) {
        Map<Short, VersionRange> apis = byRelease.get(release);
        if (apis == null) {
          throw new IllegalStateException(TABLE + " has no rows for Kafka " + release.version);
        }
        byRelease.put(release, Collections.unmodifiableMap(apis));
      }
      return byRelease;
    }
  }
}

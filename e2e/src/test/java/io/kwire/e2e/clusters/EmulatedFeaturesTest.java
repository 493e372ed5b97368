package io.kwire.e2e.clusters;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.kwire.fake.FakeCluster;
import io.kwire.fake.KafkaRelease;
import io.kwire.messages.ApiVersionsRequestBuilder;
import io.kwire.messages.ApiVersionsRequestCodec;
import io.kwire.messages.ApiVersionsResponse;
import io.kwire.messages.ApiVersionsResponseCodec;
import io.kwire.net.KwireClient;
import java.net.InetSocketAddress;
import java.util.Comparator;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.kafka.server.common.Feature;
import org.apache.kafka.server.common.MetadataVersion;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The features an emulated release advertises in ApiVersions v3, against Kafka 4.4.0's
 * MetadataVersion and Feature enums: for a release R whose metadata versions 4.4 still has (the
 * KRaft releases 3.3+), metadata.version finalized at R's latest metadata version, and each other
 * feature of the fake at the level a new cluster of that version finalizes by default
 * ({@code Feature.defaultLevel}), left out at level 0; for the older releases (ZooKeeper brokers in
 * the fake's table) none. The supported ranges are the fake's conservative claim, which the enums
 * bound but do not give: from 4.4's lowest level up to the finalized one (docs/fake.md).
 */
class EmulatedFeaturesTest {
  private static final String METADATA_VERSION = MetadataVersion.FEATURE_NAME;
  /** The features the fake has: those it advertises when it emulates no release (as Kafka 4.4). */
  private static Set<String> fakeFeatures;

  @BeforeAll
  static void theFakesOwnFeatures() {
    try (FakeCluster fake = FakeCluster.builder().start()) {
      fakeFeatures = apiVersions(fake).supportedFeatures().stream().map(ApiVersionsResponse.SupportedFeatureKey::name)
          .collect(Collectors.toCollection(TreeSet::new));
    }
  }

  static Stream<KafkaRelease> releases() {
    return Stream.of(KafkaRelease.values());
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("releases")
  void advertisesTheFeaturesANewClusterOfTheReleaseFinalizesByDefault(KafkaRelease release) {
    Optional<MetadataVersion> latest = Stream.of(MetadataVersion.VERSIONS)
        .filter(v -> v.shortVersion().equals(release.version())).max(Comparator.comparing(MetadataVersion::featureLevel));
    Set<String> expected = new TreeSet<>();
    latest.ifPresent(mv -> {
      expected.add(supported(METADATA_VERSION, MetadataVersion.MINIMUM_VERSION.featureLevel(), mv.featureLevel()));
      expected.add(finalized(METADATA_VERSION, mv.featureLevel()));
      for (String name : fakeFeatures) {
        if (name.equals(METADATA_VERSION)) {
          continue;
        }
        Feature feature = Feature.featureFromName(name);
        short level = feature.defaultLevel(mv);
        if (level > 0) {
          expected.add(supported(name, feature.supportedVersionRange().min(), level));
          expected.add(finalized(name, level));
        }
      }
    });
    try (FakeCluster fake = FakeCluster.builder().emulate(release).start()) {
      assertEquals(expected, advertised(apiVersions(fake)),
          "Kafka " + release.version() + (latest.isPresent() ? " (" + latest.get() + ")" : " (no metadata version in 4.4)"));
    }
  }

  /** An emulated 4.4 advertises what the fake does unemulated, which FakeMatchesKafkaTest compares with the real broker's. */
  @Test
  void anEmulated44AdvertisesTheFeaturesOfTheUnemulatedFake() {
    try (FakeCluster emulated = FakeCluster.builder().emulate(KafkaRelease.V4_4).start();
        FakeCluster own = FakeCluster.builder().start()) {
      assertEquals(advertised(apiVersions(own)), advertised(apiVersions(emulated)));
    }
  }

  private static Set<String> advertised(ApiVersionsResponse response) {
    Set<String> features = new TreeSet<>();
    response.supportedFeatures().forEach(f -> features.add(supported(f.name(), f.minVersion(), f.maxVersion())));
    response.finalizedFeatures().forEach(f -> {
      assertEquals(f.minVersionLevel(), f.maxVersionLevel(), f.name() + ": one finalized level");
      features.add(finalized(f.name(), f.maxVersionLevel()));
    });
    return features;
  }

  private static String supported(String name, short min, short max) {
    return name + " supported " + min + "-" + max;
  }

  private static String finalized(String name, short level) {
    return name + " finalized " + level;
  }

  private static ApiVersionsResponse apiVersions(FakeCluster fake) {
    String[] hostAndPort = fake.bootstrapServers().split(",")[0].split(":");
    try (KwireClient client = KwireClient.builder().clientId("kwire-e2e")
        .connect(new InetSocketAddress(hostAndPort[0], Integer.parseInt(hostAndPort[1])))) {
      return client.send(ApiVersionsRequestCodec.INSTANCE, new ApiVersionsRequestBuilder()
          .clientSoftwareName("kwire-e2e").clientSoftwareVersion("0.1.0").build(), ApiVersionsResponseCodec.INSTANCE,
          (short) 3).join();
    }
  }
}

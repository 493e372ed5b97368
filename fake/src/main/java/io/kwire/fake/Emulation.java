package io.kwire.fake;

import io.kwire.fake.handlers.FakeApi;
import io.kwire.runtime.meta.VersionRange;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Narrows the fake's APIs to what a {@link KafkaRelease}'s broker serves. */
final class Emulation {
  private static final short API_VERSIONS = 18;

  private Emulation() {}

  /** The APIs both serve, each at the versions both have; the others are left out. */
  static List<FakeApi<?, ?>> restrict(List<FakeApi<?, ?>> apis, KafkaRelease release) {
    Map<Short, VersionRange> theirs = release.brokerApis();
    List<FakeApi<?, ?>> kept = new ArrayList<>();
    for (FakeApi<?, ?> api : apis) {
      VersionRange range = theirs.get(api.requestCodec().apiKey());
      if (range != null && api.versions().overlaps(range)) {
        kept.add(narrowed(api, api.versions().intersect(range)));
      }
    }
    return List.copyOf(kept);
  }

  /** The ApiVersions versions the release's broker answers. */
  static VersionRange apiVersions(KafkaRelease release) {
    VersionRange range = release.brokerApis().get(API_VERSIONS);
    if (range == null) {
      throw new IllegalStateException("Kafka " + release.version() + " has no ApiVersions in " + KafkaRelease.TABLE);
    }
    return range;
  }

  private static <Q, R> FakeApi<Q, R> narrowed(FakeApi<Q, R> api, VersionRange range) {
    return new FakeApi<>(api.requestCodec(), api.responseCodec(), range, api.handler());
  }
}

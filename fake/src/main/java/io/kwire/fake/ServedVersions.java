package io.kwire.fake;

import io.kwire.fake.handlers.FakeApi;
import io.kwire.runtime.meta.VersionRange;

/**
 * The versions a broker of the fake serves of an API: its handler's, widened down to the versions
 * Kafka 4.0 removed where the bridge translates them ({@link OldVersions}), then, when a release is
 * emulated, cut to that release's (a 2.8 broker served Produce 0-9, a 4.0 broker no longer 0-2).
 */
record ServedVersions(OldVersions oldVersions, KafkaRelease emulated) {

  VersionRange of(FakeApi<?, ?> api) {
    VersionRange widened = oldVersions.served(api);
    if (emulated == null) {
      return widened;
    }
    VersionRange theirs = emulated.brokerApis().get(api.requestCodec().apiKey());
    return theirs == null ? VersionRange.NONE : widened.intersect(theirs);
  }
}

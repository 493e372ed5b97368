package io.kwire.e2e.clusters;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kwire.e2e.EmbeddedKafka;
import io.kwire.fake.FakeCluster;
import io.kwire.messages.ApiVersionsRequestBuilder;
import io.kwire.messages.ApiVersionsRequestCodec;
import io.kwire.messages.ApiVersionsResponse;
import io.kwire.messages.ApiVersionsResponseCodec;
import io.kwire.net.KwireClient;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * Issue 27's count: the API keys a real Kafka 4.4.0 broker advertises on its client listener (its
 * ApiVersions), how many of them the fake serves, and that docs/fake.md says so. Of each key both
 * serve, the fake's highest version is the broker's. The fake also serves client telemetry, which
 * the broker advertises only with a telemetry receiver configured (the embedded one has none).
 */
class ServedApiKeysTest {
  private static final Set<Short> TELEMETRY = Set.of((short) 71, (short) 72);

  @Test
  void theFakeServesTheKeysDocsFakeMdCounts() throws Exception {
    Map<Short, ApiVersionsResponse.ApiVersion> kafka = apiVersions(EmbeddedKafka.shared().address());
    Map<Short, ApiVersionsResponse.ApiVersion> fake;
    try (FakeCluster cluster = FakeCluster.start()) {
      String[] at = cluster.bootstrapServers().split(":");
      fake = apiVersions(new InetSocketAddress(at[0], Integer.parseInt(at[1])));
    }
    Set<Short> served = new TreeSet<>(fake.keySet());
    served.retainAll(kafka.keySet());
    Set<Short> extra = new TreeSet<>(fake.keySet());
    extra.removeAll(kafka.keySet());
    assertEquals(TELEMETRY, extra, "the fake serves only keys the broker advertises, and telemetry");
    for (short key : served) {
      assertEquals(kafka.get(key).maxVersion(), fake.get(key).maxVersion(), "the highest version of key " + key);
      assertTrue(fake.get(key).minVersion() <= kafka.get(key).minVersion(), "the lowest version of key " + key);
    }
    Set<Short> missing = new TreeSet<>(kafka.keySet());
    missing.removeAll(fake.keySet());
    String count = "**" + served.size() + " of the " + kafka.size() + " API keys**";
    String docs = Files.readString(Path.of("..", "docs", "fake.md"));
    assertTrue(docs.contains(count), "docs/fake.md should say " + count + "; not served: " + missing);
  }

  private static Map<Short, ApiVersionsResponse.ApiVersion> apiVersions(InetSocketAddress address) {
    try (KwireClient client = KwireClient.builder().clientId("served-keys").connect(address)) {
      ApiVersionsResponse response = client.send(ApiVersionsRequestCodec.INSTANCE, new ApiVersionsRequestBuilder()
          .clientSoftwareName("kwire-e2e").clientSoftwareVersion("1").build(), ApiVersionsResponseCodec.INSTANCE,
          (short) 3).join();
      Map<Short, ApiVersionsResponse.ApiVersion> keys = new TreeMap<>();
      response.apiKeys().forEach(k -> keys.put(k.apiKey(), k));
      return keys;
    }
  }
}

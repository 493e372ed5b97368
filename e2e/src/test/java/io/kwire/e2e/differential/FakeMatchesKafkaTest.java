package io.kwire.e2e.differential;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.kwire.e2e.EmbeddedKafka;
import io.kwire.fake.FakeCluster;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Issue 20's differential proof (and issue 26's, for share and streams groups): each scenario's
 * exact requests are sent through a recording {@code kwire proxy} to the real 4.4.0 broker and to
 * the fake; the sequence of API keys and versions must be the same, and every request and
 * response, as Kafka's JSON, field for field, once {@link Masks#RULES} have hidden what two
 * clusters legitimately choose differently.
 */
class FakeMatchesKafkaTest {
  private static final int SHOWN = 25;

  private static FakeCluster fake;

  @BeforeAll
  static void startFake() {
    // The fake as users get it: it also serves the versions 4.0 removed (for 0.9-2.x clients), whose
    // lower bounds Masks.VERSION_GAPS hides (an emulated 4.4 would not; its features are the same: EmulatedFeaturesTest).
    fake = FakeCluster.builder().brokers(1).defaultPartitions(1).seed(20).start();
  }

  @AfterAll
  static void stopFake() {
    fake.close();
  }

  static Stream<String> scenarios() {
    return Scenarios.ALL.keySet().stream().sorted();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("scenarios")
  void theFakeAnswersAsKafkaDoes(String name) {
    Scenario scenario = Scenarios.ALL.get(name);
    String names = "diff-" + name.replaceAll("[^A-Za-z0-9]+", "-") + "-" + Long.toHexString(System.nanoTime() & 0xffffff);
    List<Exchange> kafka = record("Kafka", EmbeddedKafka.shared().address(), scenario, names);
    String[] fakeAddress = fake.bootstrapServers().split(",")[0].split(":");
    List<Exchange> fakes = record("the fake", new InetSocketAddress(fakeAddress[0], Integer.parseInt(fakeAddress[1])), scenario, names);

    assertEquals(steps(kafka), steps(fakes), "the API keys and versions exchanged, in order");
    Set<String> apisUsed = kafka.stream().map(e -> String.valueOf(e.apiKey())).collect(Collectors.toSet());
    List<String> differences = new ArrayList<>();
    for (int i = 0; i < kafka.size(); i++) {
      Exchange k = kafka.get(i), f = fakes.get(i);
      List<String> here = new ArrayList<>();
      TreeDiff.differences("", Masks.apply(k.api(), k.direction(), k.message(), apisUsed, names),
          Masks.apply(f.api(), f.direction(), f.message(), apisUsed, names), here);
      String where = "#" + i + " " + k.step() + ": ";
      here.forEach(d -> differences.add(where + d));
    }
    assertEquals(List.of(), differences.subList(0, Math.min(SHOWN, differences.size())),
        differences.size() + " differences after masking (the first " + SHOWN + " shown)");
  }

  private static List<Exchange> record(String which, InetSocketAddress target, Scenario scenario, String names) {
    try (Recording recording = new Recording(target)) {
      scenario.run(recording, names);
      return recording.exchanges();
    } catch (RuntimeException | AssertionError e) {
      throw new AssertionError("against " + which + ": " + e, e);
    }
  }

  private static String steps(List<Exchange> exchanges) {
    return exchanges.stream().map(Exchange::step).collect(Collectors.joining("\n"));
  }
}

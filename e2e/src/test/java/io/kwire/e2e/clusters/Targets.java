package io.kwire.e2e.clusters;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.kwire.e2e.EmbeddedKafka;
import io.kwire.fake.FakeCluster;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * The two targets of a test class: the real broker shared by the run, and a fake started for the
 * class on first use and closed after it. The fake is set up as the embedded broker is: topics
 * auto-created by Metadata ({@code auto.create.topics.enable} is Kafka's default), one partition by
 * default ({@code num.partitions=1}), no initial rebalance delay (the fake has none).
 *
 * <pre>{@code
 * @RegisterExtension static final Targets TARGETS = new Targets();
 * static Stream<Target> targets() { return TARGETS.both(); }
 * }</pre>
 */
public final class Targets implements AfterAllCallback {
  private FakeCluster fake;

  /** The real broker, then the fake. */
  public Stream<Target> both() {
    return Stream.of(new Target("kafka-4.4.0", false, () -> EmbeddedKafka.shared().bootstrapServers()),
        new Target("fake", true, () -> fake().bootstrapServers()));
  }

  /** A transcript of what one target answered, a line per step, for {@code names} (ids the run may use). */
  @FunctionalInterface
  public interface Transcript {
    List<String> of(Target target, String names) throws Exception;
  }

  /** Runs {@code transcript} against the broker, then the fake, with the same {@code names}: the lines must be equal. */
  public void assertSameTranscript(String names, Transcript transcript) throws Exception {
    List<Target> targets = both().toList();
    List<String> kafka = transcript.of(targets.get(0), names);
    List<String> fake = transcript.of(targets.get(1), names);
    assertEquals(String.join("\n", kafka), String.join("\n", fake));
  }

  private synchronized FakeCluster fake() {
    if (fake == null) {
      fake = FakeCluster.builder().autoCreateTopics(true).defaultPartitions(1).start();
    }
    return fake;
  }

  @Override
  public synchronized void afterAll(ExtensionContext context) {
    if (fake != null) {
      fake.close();
      fake = null;
    }
  }
}

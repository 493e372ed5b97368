package io.kwire.e2e.clusters;

import java.util.function.Supplier;

/**
 * A cluster a scenario runs against: the real Kafka 4.4.0 broker of the run ({@code EmbeddedKafka})
 * or the test class's fake ({@code FakeCluster}). The scenarios take it as their parameter and
 * assert the same on both; {@link Targets} makes them.
 */
public final class Target {
  private final String name;
  private final boolean fake;
  private final Supplier<String> bootstrapServers;

  Target(String name, boolean fake, Supplier<String> bootstrapServers) {
    this.name = name;
    this.fake = fake;
    this.bootstrapServers = bootstrapServers;
  }

  /** {@code bootstrap.servers} for kafka-clients. */
  public String bootstrapServers() {
    return bootstrapServers.get();
  }

  /** Whether this is the fake (for messages only: the assertions are the same on both). */
  public boolean isFake() {
    return fake;
  }

  /** The name in the test's display name: "kafka-4.4.0" or "fake". */
  @Override
  public String toString() {
    return name;
  }
}

/**
 * A Kafka cluster in the JVM for tests: {@link io.kwire.fake.FakeCluster}, and its JUnit 5 extension
 * ({@code io.kwire.fake.junit}, which needs junit-jupiter-api). The cluster's model, its handlers,
 * groups and transactions are implementation: their packages are not exported.
 */
@SuppressWarnings("requires-automatic") // re2j has no module descriptor
module io.kwire.fake {
  requires transitive io.kwire.runtime;
  requires transitive io.kwire.messages;
  requires transitive io.kwire.net;
  requires io.kwire.bridge;
  requires io.kwire.json;
  requires io.netty.handler;
  // re2j 1.8 declares no Automatic-Module-Name: "re2j" is derived from its jar's name.
  requires re2j;
  // Optional: only io.kwire.fake.junit uses JUnit, and its API shows JUnit's extension types.
  requires static transitive org.junit.jupiter.api;
  requires static org.junit.platform.commons;

  exports io.kwire.fake;
  exports io.kwire.fake.junit;
}

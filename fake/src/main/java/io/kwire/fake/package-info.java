/**
 * kwire fake: a Kafka cluster in the JVM for tests, that Kafka clients talk to as to real brokers.
 * Start at {@link io.kwire.fake.FakeCluster}; {@link io.kwire.fake.junit.FakeKafka} starts one per
 * JUnit 5 test class. docs/fake.md lists what is supported. The packages below this one are the
 * implementation, not API: they may change in any release.
 */
package io.kwire.fake;

package io.kwire.e2e.differential;

/**
 * Exact requests, one at a time, on {@link Recording#recorded}; setup and waiting on
 * {@link Recording#direct}. {@code names} is one prefix for both targets, so that topic, group and
 * transactional ids are the same against Kafka and the fake (and no other test's on the shared broker).
 */
@FunctionalInterface
interface Scenario {
  void run(Recording target, String names);
}

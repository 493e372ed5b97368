/**
 * JUnit 5 support: {@link io.kwire.fake.junit.FakeKafka} starts a fake cluster per test class and
 * injects it. Needs junit-jupiter-api on the test class path (an optional dependency of kwire-fake).
 */
package io.kwire.fake.junit;

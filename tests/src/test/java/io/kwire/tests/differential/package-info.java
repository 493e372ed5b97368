/**
 * Differential tests: kwire against Apache Kafka's own message classes.
 *
 * <p>{@link io.kwire.tests.differential.DifferentialTest} checks every codec on the class path at
 * every version it declares. {@link io.kwire.tests.differential.MessageFactory} builds random and
 * minimal messages from a codec's descriptor; {@link io.kwire.tests.differential.DeepEquals}
 * compares them. Narrow a local run with {@code -Dkwire.differential.messages=FetchRequest,FetchResponse}
 * and {@code -Dkwire.differential.count=200} (or the environment variables
 * {@code KWIRE_DIFFERENTIAL_MESSAGES} and {@code KWIRE_DIFFERENTIAL_COUNT}).
 */
package io.kwire.tests.differential;

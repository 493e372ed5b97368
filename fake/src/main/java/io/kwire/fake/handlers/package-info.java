/**
 * One handler per Kafka API the fake serves (implementation, not API), run on the cluster thread;
 * {@link io.kwire.fake.handlers.BrokerApis} lists them with their versions.
 */
package io.kwire.fake.handlers;

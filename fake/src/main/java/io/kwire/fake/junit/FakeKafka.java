package io.kwire.fake.junit;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Starts a {@link io.kwire.fake.FakeCluster} for the annotated test class (shared by its tests and
 * nested classes, closed after them) and injects it, or its bootstrap address, into parameters:
 *
 * <pre>{@code
 * @FakeKafka(brokers = 3)
 * class OrdersTest {
 *   @Test
 *   void ships(FakeCluster kafka, @BootstrapServers String bootstrap) { ... }
 * }
 * }</pre>
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Documented
@Inherited
@ExtendWith(FakeKafkaExtension.class)
public @interface FakeKafka {
  /** How many brokers. */
  int brokers() default 1;

  /** Whether Metadata creates unknown topics when the client allows it: on, as Kafka's default. */
  boolean autoCreateTopics() default true;

  /** Partitions of a topic created without a count. */
  int defaultPartitions() default 1;
}

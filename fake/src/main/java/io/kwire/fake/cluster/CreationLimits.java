package io.kwire.fake.cluster;

/**
 * How much one request may create, as Kafka's controller bounds it (checked against Kafka 4.4.0 in
 * e2e's LargeCreateTopicsAgainstKafkaTest): more than 10,000 partitions asked for in all, or more
 * than 10,000 metadata records to write (one per topic, one per partition, one per configuration),
 * and every topic of the request is refused with POLICY_VIOLATION, nothing created. It also keeps
 * one request from holding the cluster thread for long.
 */
public final class CreationLimits {
  /** The most partitions one request may ask for. */
  public static final int MAX_PARTITIONS_PER_REQUEST = 10_000;
  /** The most records one request may make the controller write. */
  public static final int MAX_RECORDS_PER_REQUEST = 10_000;
  public static final String TOO_MANY_PARTITIONS = "Excessively large number of partitions per request.";
  public static final String TOO_MANY_RECORDS = "Unable to perform excessively large batch operation.";

  private CreationLimits() {}

  /** The records creating a topic writes: the topic, each partition, each configuration. */
  public static long records(int partitions, int configs) {
    return 1L + partitions + configs;
  }
}

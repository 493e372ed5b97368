/**
 * The fake cluster's model (implementation, not API): brokers, topics, partitions and their
 * bounded logs, the cluster thread that owns them, and the clock every timer goes through.
 */
package io.kwire.fake.cluster;

/**
 * The hand-written reference codec of issue 11: MetadataResponse v13 and CreateTopicsRequest v7 only,
 * written as an expert would write them by hand (immutable records, {@code int[]} for int lists, one
 * pass into a reused {@code byte[]} with big-endian {@code VarHandle}s, bounds checked per run of
 * fixed-width fields on decode). It is the bar for the generated code: the benchmarks time it in the
 * same JMH runs as kwire and Kafka, and its bytes are checked against kwire's (and so Kafka's) first.
 */
package io.kwire.bench.handwritten;

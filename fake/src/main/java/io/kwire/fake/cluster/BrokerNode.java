package io.kwire.fake.cluster;

/** One broker of the cluster as clients see it. */
public record BrokerNode(int nodeId, String host, int port, String rack) {}

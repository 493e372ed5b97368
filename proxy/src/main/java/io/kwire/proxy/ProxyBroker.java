package io.kwire.proxy;

import java.net.InetSocketAddress;

/**
 * One broker a proxy with a port per broker serves, as it is now.
 *
 * @param nodeId the broker's node id
 * @param listen the proxy's port for it, or null when it has none (clients are then told the bootstrap address)
 * @param upstream the broker's own address, as the last response naming it said; new connections go there
 * @param connections how many client connections its port has accepted
 */
public record ProxyBroker(int nodeId, InetSocketAddress listen, InetSocketAddress upstream, long connections) {}

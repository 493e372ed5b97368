package io.kwire.fake;

import java.util.UUID;

/**
 * One PushTelemetry (KIP-714) a broker of the fake received ({@link FakeCluster#telemetryPushes()}).
 *
 * @param clientInstanceId the client instance's id, as {@code clientInstanceId(Duration)} gives it
 * @param clientId the request header's client id
 * @param subscriptionId the subscription it pushed for
 * @param terminating whether it was the client's last, sent as it closed
 * @param receivedAtMs when it arrived, by the cluster's clock
 * @param metrics the metrics as the client serialised them: OTLP {@code MetricsData}, uncompressed
 */
public record PushedTelemetry(UUID clientInstanceId, String clientId, int subscriptionId, boolean terminating,
    long receivedAtMs, byte[] metrics) {}

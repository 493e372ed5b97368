package io.kwire.capture;

import io.kwire.runtime.KwireRegistry;
import java.util.Set;
import java.util.function.Consumer;

/**
 * How a capture is read.
 *
 * @param registry the codecs to decode with ({@link KwireRegistry#standard()}, or one with your own)
 * @param brokerPorts the ports brokers listen on; empty: every TCP connection is looked at, and those
 *     whose first frame decodes as a request are followed
 * @param limits what the capture may make kwire hold
 * @param issues told of everything that could not be read, as reading goes on
 */
public record CaptureOptions(KwireRegistry registry, Set<Integer> brokerPorts, CaptureLimits limits,
    Consumer<CaptureIssue> issues) {
  public CaptureOptions {
    brokerPorts = Set.copyOf(brokerPorts);
  }

  /** Kafka's codecs, connections found by content, default limits, issues ignored. */
  public static CaptureOptions defaults() {
    return new CaptureOptions(KwireRegistry.standard(), Set.of(), CaptureLimits.DEFAULT, issue -> { });
  }

  public CaptureOptions withRegistry(KwireRegistry codecs) {
    return new CaptureOptions(codecs, brokerPorts, limits, issues);
  }

  public CaptureOptions withBrokerPorts(Set<Integer> ports) {
    return new CaptureOptions(registry, ports, limits, issues);
  }

  public CaptureOptions withLimits(CaptureLimits to) {
    return new CaptureOptions(registry, brokerPorts, to, issues);
  }

  public CaptureOptions withIssues(Consumer<CaptureIssue> to) {
    return new CaptureOptions(registry, brokerPorts, limits, to);
  }
}

package io.kwire.capture;

import io.kwire.runtime.KwireRegistry;
import java.util.ArrayDeque;
import java.util.Set;

/** What every connection of one capture shares: options, the byte budget, and the exchanges ready to hand out. */
final class CaptureContext {
  final KwireRegistry registry;
  final Set<Integer> brokerPorts;
  final CaptureLimits limits;
  final IssueSink issues;
  final Budget budget;
  final ArrayDeque<Exchange> ready = new ArrayDeque<>();

  CaptureContext(CaptureOptions options, IssueSink issues) {
    this.registry = options.registry();
    this.brokerPorts = options.brokerPorts();
    this.limits = options.limits();
    this.issues = issues;
    this.budget = new Budget(options.limits());
  }

  /** Whether connections are chosen by port ({@code --port}) rather than by what they carry. */
  boolean byPort() {
    return !brokerPorts.isEmpty();
  }
}

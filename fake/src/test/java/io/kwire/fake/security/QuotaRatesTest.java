package io.kwire.fake.security;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Kafka's quota arithmetic: the rate over at least ten one-second windows, throttle (rate - quota) / quota * span. */
class QuotaRatesTest {
  private static final List<String> KEY = List.of("alice");

  @Test
  void aBurstIsAveragedOverTenSecondsAndThrottledInProportion() {
    QuotaRates rates = new QuotaRates();
    assertEquals(0, rates.recordAndThrottleMs(KEY, 5_000, 1_000, 0), "500 B/s over 10 s: within 1,000 B/s");
    assertEquals(5_000, rates.recordAndThrottleMs(KEY, 10_000, 1_000, 0), "1,500 B/s: half over, 10 s * 0.5");
    // 10,999 ms on: 15,000 B over the 10,999 ms the samples span, 1,363.76 B/s
    assertEquals(15_000 - 10_999, rates.recordAndThrottleMs(KEY, 0, 1_000, 10_999));
    // 12 s on: the windows of 0 s have left the 11-sample span
    assertEquals(0, rates.recordAndThrottleMs(KEY, 0, 1_000, 12_000));
    assertEquals(0, rates.recordAndThrottleMs(List.of("bob"), 10_000, 1_000, 12_000), "each key its own rate");
    assertEquals(10_000, rates.recordAndThrottleMs(List.of("bob"), 10_000, 1_000, 12_000));
  }
}

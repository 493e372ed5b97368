package io.kwire.proxy;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.kwire.runtime.KwireRegistry;
import org.junit.jupiter.api.Test;

class ApiNamesTest {
  private final ApiNames names = new ApiNames(KwireRegistry.standard());

  @Test
  void everyApiKeyAClientCanSendMakesAtMostAFewHundredCounters() {
    Counters counters = new Counters();
    for (int key = Short.MIN_VALUE; key <= Short.MAX_VALUE; key++) {
      counters.raw(names.request((short) key));
      counters.raw(names.response((short) key));
    }
    ProxyStats stats = counters.snapshot();
    assertEquals(2 * (ApiNames.NAMED_KEYS + 1), stats.raw().size(), stats.raw().keySet().toString());
    assertEquals(Short.MAX_VALUE + 1 - ApiNames.NAMED_KEYS - Short.MIN_VALUE, stats.raw().get("request unknown api"));
    assertEquals(1L, stats.raw().get("request api 200"));
  }

  @Test
  void knownApisKeepTheirNamesAndOthersAreNamedByKey() {
    assertEquals("Metadata", names.name((short) 3));
    assertEquals("request Metadata", names.request((short) 3));
    assertEquals("response Produce", names.response((short) 0));
    assertEquals("api 200", names.name((short) 200));
    assertEquals("unknown api", names.name((short) 4000));
    assertEquals("unknown api", names.name((short) -1));
  }
}

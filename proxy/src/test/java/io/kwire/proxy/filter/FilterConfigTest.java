package io.kwire.proxy.filter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.kwire.proxy.filters.RequireHeaderFilterFactory;
import io.kwire.proxy.filters.TenantFilterFactory;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Filter configurations: key=value pairs, and the keys a filter takes. */
class FilterConfigTest {
  @Test
  void pairsComeInTheirOrderAndBlankTextHasNone() {
    assertEquals(Map.of(), FilterConfig.parse(" "));
    assertEquals(java.util.List.of("header", "error"),
        java.util.List.copyOf(FilterConfig.parse("header=trace-id, error=policy-violation").keySet()));
    assertEquals("filter configuration 'a=1,a=2': 'a' is given twice",
        assertThrows(IllegalArgumentException.class, () -> FilterConfig.parse("a=1,a=2")).getMessage());
  }

  @Test
  void aKeyTheFilterDoesNotTakeIsNamedWithTheOnesItTakes() {
    assertEquals(Map.of("header", "x"), FilterConfig.parse("header=x", "require-header", "header", "error"));
    assertEquals("require-header takes header=, error=, not [eror]", assertThrows(IllegalArgumentException.class,
        () -> new RequireHeaderFilterFactory().create("header=x,eror=policy-violation")).getMessage());
    assertEquals("tenant takes separator=, not [sep]", assertThrows(IllegalArgumentException.class,
        () -> new TenantFilterFactory().create("sep=_")).getMessage());
  }
}

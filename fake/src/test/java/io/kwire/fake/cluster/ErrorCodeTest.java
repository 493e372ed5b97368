package io.kwire.fake.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import org.apache.kafka.common.protocol.Errors;
import org.junit.jupiter.api.Test;

/** Every error code the fake names has Kafka's number for that name. */
class ErrorCodeTest {
  @Test
  void codesAreKafkas() throws Exception {
    int checked = 0;
    for (Field f : ErrorCode.class.getDeclaredFields()) {
      if (Modifier.isStatic(f.getModifiers()) && f.getType() == short.class) {
        assertEquals(Errors.valueOf(f.getName()).code(), f.getShort(null), f.getName());
        checked++;
      }
    }
    assertTrue(checked > 30, "checked " + checked);
  }
}

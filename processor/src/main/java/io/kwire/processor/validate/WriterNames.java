package io.kwire.processor.validate;

import com.palantir.javapoet.ClassName;

/** Runtime classes that validated defaults refer to. */
final class WriterNames {
  static final ClassName WIRE_DEFAULTS = ClassName.get("io.kwire.runtime.generated", "WireDefaults");

  private WriterNames() {}
}

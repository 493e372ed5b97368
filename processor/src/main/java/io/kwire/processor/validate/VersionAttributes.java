package io.kwire.processor.validate;

import io.kwire.processor.diag.Diagnostic;
import io.kwire.processor.diag.Reporter;
import io.kwire.processor.scan.Attributes;
import io.kwire.runtime.meta.VersionRange;
import java.util.Optional;
import javax.lang.model.element.Element;

/** Reads version-range attributes, reporting a syntax error on the offending value. */
final class VersionAttributes {
  private VersionAttributes() {}

  static Optional<VersionRange> parse(Reporter reporter, Attributes a, String attribute, Element element) {
    String text = a.string(attribute);
    try {
      return Optional.of(VersionRange.parse(text));
    } catch (IllegalArgumentException e) {
      reporter.error(Diagnostic.VERSION_SYNTAX, attribute + " is \"" + text + "\".", element, a.mirror(), a.valueOf(attribute));
      return Optional.empty();
    }
  }
}

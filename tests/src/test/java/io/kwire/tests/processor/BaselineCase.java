package io.kwire.tests.processor;

import io.kwire.processor.diag.Diagnostic;

/**
 * One baseline case: the current source of {@link BaselineCases#BASE}'s message, and the one
 * diagnostic the check reports against the base: its detail (what is wrong), line (within {@code body}, as in
 * {@link DiagnosticCase}) and column.
 */
record BaselineCase(Diagnostic diagnostic, String body, int line, int column, String detail) {
  static BaselineCase of(Diagnostic diagnostic, int line, int column, String detail, String body) {
    return new BaselineCase(diagnostic, body, line, column, detail);
  }

  @Override
  public String toString() {
    return diagnostic.id();
  }
}

package io.kwire.tests.processor;

import io.kwire.processor.diag.Diagnostic;
import javax.tools.JavaFileObject;
import com.google.testing.compile.JavaFileObjects;

/**
 * One negative case: a record that breaks exactly one rule, and where javac must point.
 *
 * @param line the expected line within {@code body} (1 = its first line); the file's line is
 *     {@code line + HEADER_LINES}
 * @param column the expected column (1-based, as javac counts)
 * @param problem what the message must say is wrong, before the catalogue's rule and hint
 */
record DiagnosticCase(Diagnostic diagnostic, String body, int line, int column, String problem) {
  /** Every case's compilation unit starts with these lines, so bodies stay short. */
  static final String HEADER = """
      package demo;
      import io.kwire.annotations.*;
      import io.kwire.runtime.wire.*;
      import io.kwire.runtime.records.Records;
      import java.util.*;
      """;
  static final int HEADER_LINES = 5;

  static DiagnosticCase of(Diagnostic diagnostic, int line, int column, String problem, String body) {
    return new DiagnosticCase(diagnostic, body, line, column, problem);
  }

  /** The public record's name is the first one declared; the source file is named after it. */
  JavaFileObject source() {
    java.util.regex.Matcher m = java.util.regex.Pattern.compile("public (?:final )?(?:record|class|interface) (\\w+)").matcher(body);
    if (!m.find()) {
      throw new IllegalStateException("case " + diagnostic + " declares no public type");
    }
    return JavaFileObjects.forSourceString("demo." + m.group(1), HEADER + body);
  }

  int fileLine() {
    return line + HEADER_LINES;
  }

  @Override
  public String toString() {
    return diagnostic.id();
  }
}

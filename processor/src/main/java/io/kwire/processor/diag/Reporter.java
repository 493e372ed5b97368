package io.kwire.processor.diag;

import io.kwire.processor.scan.SourcePositions;
import javax.annotation.processing.Messager;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.Element;
import javax.tools.Diagnostic.Kind;

/**
 * Reports diagnostics at the most exact position javac can show ({@link SourcePositions}).
 */
public final class Reporter {
  private final Messager messager;
  private int errors;

  public Reporter(Messager messager) {
    this.messager = messager;
  }

  public int errorCount() {
    return errors;
  }

  public void error(Diagnostic d, String detail, Element element) {
    error(d, detail, element, null, null);
  }

  public void error(Diagnostic d, String detail, Element element, AnnotationMirror mirror) {
    error(d, detail, element, mirror, null);
  }

  public void error(Diagnostic d, String detail, Element element, AnnotationMirror mirror, AnnotationValue value) {
    errors++;
    print(Kind.ERROR, d, detail, element, mirror, value);
  }

  /** A compatible finding worth telling (e.g. a rename against the baseline); not counted as an error. */
  public void note(Diagnostic d, String detail, Element element, AnnotationMirror mirror, AnnotationValue value) {
    print(Kind.NOTE, d, detail, element, mirror, value);
  }

  private void print(Kind kind, Diagnostic d, String detail, Element element, AnnotationMirror mirror,
      AnnotationValue value) {
    Element at = SourcePositions.reportable(element);
    String text = d.format(detail);
    if (mirror != null && value != null) {
      messager.printMessage(kind, text, at, mirror, value);
    } else if (mirror != null) {
      messager.printMessage(kind, text, at, mirror);
    } else {
      messager.printMessage(kind, text, at);
    }
  }

}

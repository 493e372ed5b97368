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
    Element at = SourcePositions.reportable(element);
    String text = d.format(detail);
    if (mirror != null && value != null) {
      messager.printMessage(Kind.ERROR, text, at, mirror, value);
    } else if (mirror != null) {
      messager.printMessage(Kind.ERROR, text, at, mirror);
    } else {
      messager.printMessage(Kind.ERROR, text, at);
    }
  }

}

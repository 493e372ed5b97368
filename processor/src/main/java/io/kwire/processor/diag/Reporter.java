package io.kwire.processor.diag;

import javax.annotation.processing.Messager;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.RecordComponentElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.util.ElementFilter;
import javax.tools.Diagnostic.Kind;

/**
 * Reports diagnostics at the most exact position javac can show. On JDK 17 a record component has no
 * source position (JDK-8295184), so a component is reported on the record's private field of the
 * same name, where @Field also sits.
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
    Element at = positioned(element);
    String text = d.format(detail);
    if (mirror != null && value != null) {
      messager.printMessage(Kind.ERROR, text, at, mirror, value);
    } else if (mirror != null) {
      messager.printMessage(Kind.ERROR, text, at, mirror);
    } else {
      messager.printMessage(Kind.ERROR, text, at);
    }
  }

  /** The element javac can place: a component's backing field, otherwise the element itself. */
  public static Element positioned(Element element) {
    if (element instanceof RecordComponentElement component) {
      return backingField(component);
    }
    return element;
  }

  public static VariableElement backingField(RecordComponentElement component) {
    for (VariableElement field : ElementFilter.fieldsIn(component.getEnclosingElement().getEnclosedElements())) {
      if (field.getKind() == ElementKind.FIELD && field.getSimpleName().equals(component.getSimpleName())) {
        return field;
      }
    }
    throw new IllegalStateException("record component without a field: " + component);
  }
}

package io.kwire.processor.scan;

import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.RecordComponentElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.util.ElementFilter;

/**
 * The one place that knows JDK 17's gap: a record component has no source position
 * (JDK-8295184), so anything about a component is reported on the record's private field of the
 * same name, where javac also copies {@code @Field} (it targets FIELD too).
 */
public final class SourcePositions {
  private SourcePositions() {}

  /** The element javac can place: a component's backing field, otherwise the element itself. */
  public static Element reportable(Element element) {
    if (element instanceof RecordComponentElement component) {
      VariableElement field = backingField(component);
      return field != null ? field : component;
    }
    return element;
  }

  /** The private field javac generates for {@code component}, or null. */
  public static VariableElement backingField(RecordComponentElement component) {
    for (VariableElement field : ElementFilter.fieldsIn(component.getEnclosingElement().getEnclosedElements())) {
      if (field.getKind() == ElementKind.FIELD && field.getSimpleName().equals(component.getSimpleName())) {
        return field;
      }
    }
    return null;
  }
}

package io.kwire.processor.scan;

import java.util.ArrayList;
import java.util.List;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.RecordComponentElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.util.Elements;

/**
 * Stage one: reads what the developer wrote on a record (its message annotation and each
 * component's @Field) into plain declarations, without judging any of it.
 */
public final class ElementScanner {
  /** One record component: where it is, its type, and its @Field attributes (null when missing). */
  public record ComponentDecl(RecordComponentElement component, VariableElement field, Attributes attributes) {}

  private final Elements elements;

  public ElementScanner(Elements elements) {
    this.elements = elements;
  }

  /** The attributes of the annotation named {@code annotation} on {@code type}, or null. */
  public Attributes annotation(TypeElement type, String annotation) {
    AnnotationMirror mirror = find(type.getAnnotationMirrors(), annotation);
    return mirror == null ? null : new Attributes(mirror, elements);
  }

  /** The components of a record, in declaration order. */
  public List<ComponentDecl> components(TypeElement record) {
    List<ComponentDecl> components = new ArrayList<>();
    for (RecordComponentElement component : record.getRecordComponents()) {
      VariableElement field = backingField(record, component);
      // @Field targets FIELD too, so javac copies it onto the private field, whose position is known.
      AnnotationMirror mirror = find(field != null ? field.getAnnotationMirrors() : component.getAnnotationMirrors(), Names.FIELD);
      if (mirror == null) {
        mirror = find(component.getAnnotationMirrors(), Names.FIELD);
      }
      components.add(new ComponentDecl(component, field, mirror == null ? null : new Attributes(mirror, elements)));
    }
    return components;
  }

  private static VariableElement backingField(TypeElement record, RecordComponentElement component) {
    for (var e : record.getEnclosedElements()) {
      if (e.getKind() == ElementKind.FIELD && e.getSimpleName().equals(component.getSimpleName())) {
        return (VariableElement) e;
      }
    }
    return null;
  }

  private static AnnotationMirror find(List<? extends AnnotationMirror> mirrors, String name) {
    for (AnnotationMirror m : mirrors) {
      TypeElement type = (TypeElement) m.getAnnotationType().asElement();
      if (type.getQualifiedName().contentEquals(name)) {
        return m;
      }
    }
    return null;
  }
}

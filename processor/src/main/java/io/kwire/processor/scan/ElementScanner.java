package io.kwire.processor.scan;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.RecordComponentElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.Elements;

/**
 * Stage one: reads what the developer wrote on a message type and on every record its components
 * lead to (annotation values, their positions, components), without judging any of it.
 */
public final class ElementScanner {
  private final Elements elements;

  public ElementScanner(Elements elements) {
    this.elements = elements;
  }

  public ScannedMessage scan(TypeElement type) {
    Map<String, ScannedRecord> records = new HashMap<>();
    if (type.getKind() == ElementKind.RECORD) {
      scanRecord(type, records);
    }
    return new ScannedMessage(type, annotation(type, Names.API_KEY), annotation(type, Names.DATA_MESSAGE), records);
  }

  /** The attributes of the annotation named {@code annotation} on {@code element}, if present. */
  public Optional<Attributes> annotation(Element element, String annotation) {
    return find(element.getAnnotationMirrors(), annotation).map(m -> new Attributes(m, elements));
  }

  private void scanRecord(TypeElement record, Map<String, ScannedRecord> records) {
    String key = record.getQualifiedName().toString();
    if (records.containsKey(key)) {
      return;
    }
    List<ScannedComponent> components = new ArrayList<>();
    records.put(key, new ScannedRecord(record, components));
    for (RecordComponentElement component : record.getRecordComponents()) {
      Element reportOn = SourcePositions.reportable(component);
      // @Field targets FIELD too, so javac copies it onto the private field; the component keeps it as well.
      Optional<Attributes> field = annotation(reportOn, Names.FIELD).or(() -> annotation(component, Names.FIELD));
      components.add(new ScannedComponent(component, reportOn, field));
      TypeElement nested = nestedRecord(component.asType());
      if (nested != null) {
        scanRecord(nested, records);
      }
    }
    records.put(key, new ScannedRecord(record, components));
  }

  /** The record a component's type (or its List element type) names, if any. */
  private static TypeElement nestedRecord(TypeMirror type) {
    if (type.getKind() != TypeKind.DECLARED) {
      return null;
    }
    DeclaredType declared = (DeclaredType) type;
    TypeElement element = (TypeElement) declared.asElement();
    if (element.getQualifiedName().contentEquals(Names.LIST) && declared.getTypeArguments().size() == 1) {
      return nestedRecord(declared.getTypeArguments().get(0));
    }
    return element.getKind() == ElementKind.RECORD ? element : null;
  }

  private static Optional<AnnotationMirror> find(List<? extends AnnotationMirror> mirrors, String name) {
    for (AnnotationMirror m : mirrors) {
      TypeElement type = (TypeElement) m.getAnnotationType().asElement();
      if (type.getQualifiedName().contentEquals(name)) {
        return Optional.of(m);
      }
    }
    return Optional.empty();
  }
}

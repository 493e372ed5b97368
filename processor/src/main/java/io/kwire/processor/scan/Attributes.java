package io.kwire.processor.scan;

import java.util.List;
import java.util.Map;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.util.Elements;

/**
 * The attributes of one annotation as written: values with defaults filled in, whether each was
 * written explicitly, and the {@link AnnotationValue} that diagnostics point at.
 */
public final class Attributes {
  private final AnnotationMirror mirror;
  private final Map<? extends ExecutableElement, ? extends AnnotationValue> explicit;
  private final Map<? extends ExecutableElement, ? extends AnnotationValue> withDefaults;

  public Attributes(AnnotationMirror mirror, Elements elements) {
    this.mirror = mirror;
    this.explicit = mirror.getElementValues();
    this.withDefaults = elements.getElementValuesWithDefaults(mirror);
  }

  public AnnotationMirror mirror() {
    return mirror;
  }

  /** The value to point a diagnostic at: the explicit one, or null (then the whole annotation is shown). */
  public AnnotationValue valueOf(String name) {
    for (Map.Entry<? extends ExecutableElement, ? extends AnnotationValue> e : explicit.entrySet()) {
      if (e.getKey().getSimpleName().contentEquals(name)) {
        return e.getValue();
      }
    }
    return null;
  }

  public boolean isExplicit(String name) {
    return valueOf(name) != null;
  }

  private Object raw(String name) {
    for (Map.Entry<? extends ExecutableElement, ? extends AnnotationValue> e : withDefaults.entrySet()) {
      if (e.getKey().getSimpleName().contentEquals(name)) {
        return e.getValue().getValue();
      }
    }
    throw new IllegalArgumentException("no attribute " + name + " on " + mirror);
  }

  public String string(String name) {
    return (String) raw(name);
  }

  public int integer(String name) {
    return (Integer) raw(name);
  }

  public boolean bool(String name) {
    return (Boolean) raw(name);
  }

  /** The constant name of an enum-valued attribute. */
  public String enumConstant(String name) {
    return ((VariableElement) raw(name)).getSimpleName().toString();
  }

  /** The constant names of an enum-array attribute. */
  public List<String> enumConstants(String name) {
    @SuppressWarnings("unchecked")
    List<? extends AnnotationValue> values = (List<? extends AnnotationValue>) raw(name);
    return values.stream().map(v -> ((VariableElement) v.getValue()).getSimpleName().toString()).toList();
  }
}

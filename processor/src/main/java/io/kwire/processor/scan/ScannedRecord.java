package io.kwire.processor.scan;

import java.util.List;
import javax.lang.model.element.TypeElement;

/** A record as written: the type and its components in declaration order. */
public record ScannedRecord(TypeElement type, List<ScannedComponent> components) {
  public ScannedRecord {
    components = List.copyOf(components);
  }
}

package io.kwire.processor.scan;

import java.util.Optional;
import javax.lang.model.element.Element;
import javax.lang.model.element.RecordComponentElement;

/**
 * One record component as written.
 *
 * @param reportOn where diagnostics about it are placed (see {@link SourcePositions})
 * @param field its {@code @Field}, when annotated
 */
public record ScannedComponent(RecordComponentElement component, Element reportOn, Optional<Attributes> field) {
  public String name() {
    return component.getSimpleName().toString();
  }
}

package io.kwire.processor.scan;

import java.util.Map;
import java.util.Optional;
import javax.lang.model.element.TypeElement;

/**
 * Stage one's result for one annotated type: its message annotations, its own components (when it
 * is a record) and every record reachable through its components' types, keyed by qualified name.
 */
public record ScannedMessage(
    TypeElement type,
    Optional<Attributes> apiKey,
    Optional<Attributes> dataMessage,
    Map<String, ScannedRecord> records) {
  public ScannedMessage {
    records = Map.copyOf(records);
  }

  /**
   * Whether a component's type is one javac could not resolve (yet): another processor may generate
   * it in a later round, and if none does, javac reports it; kwire says nothing about it either way.
   */
  public boolean hasUnresolvedTypes() {
    return records.values().stream().flatMap(r -> r.components().stream())
        .anyMatch(c -> UnresolvedTypes.in(c.component().asType()));
  }

  /** The scanned record of {@code type}; every record reachable from the message was scanned. */
  public ScannedRecord record(TypeElement type) {
    ScannedRecord r = records.get(type.getQualifiedName().toString());
    if (r == null) {
      throw new IllegalStateException("not scanned: " + type);
    }
    return r;
  }
}

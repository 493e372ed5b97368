package io.kwire.processor.model;

import com.palantir.javapoet.ClassName;
import io.kwire.annotations.Listener;
import io.kwire.annotations.MessageType;
import io.kwire.runtime.meta.VersionRange;
import java.util.List;
import java.util.OptionalInt;

/**
 * A validated message: everything the writers need, and nothing of javac's element model.
 *
 * @param apiKey the API key; empty for data messages
 * @param structs every struct reachable from the body, children before parents
 * @param commonStructs the structs a Kafka spec of the message lists under {@code commonStructs}
 *     rather than inline: those several fields share, and those the source declares apart from the
 *     first field holding them ({@code validate/CommonStructs}); in the spec's order
 */
public record MessageModel(
    ClassName recordClass,
    String name,
    MessageType type,
    OptionalInt apiKey,
    VersionRange validVersions,
    VersionRange flexibleVersions,
    VersionRange deprecatedVersions,
    boolean latestVersionUnstable,
    List<Listener> listeners,
    StructModel body,
    List<StructModel> structs,
    List<ClassName> commonStructs) {

  public MessageModel {
    listeners = List.copyOf(listeners);
    structs = List.copyOf(structs);
    commonStructs = List.copyOf(commonStructs);
  }

  /** A message whose spec has no common structs. */
  public MessageModel(ClassName recordClass, String name, MessageType type, OptionalInt apiKey,
      VersionRange validVersions, VersionRange flexibleVersions, VersionRange deprecatedVersions,
      boolean latestVersionUnstable, List<Listener> listeners, StructModel body, List<StructModel> structs) {
    this(recordClass, name, type, apiKey, validVersions, flexibleVersions, deprecatedVersions, latestVersionUnstable,
        listeners, body, structs, List.of());
  }

  public boolean hasApiKey() {
    return apiKey.isPresent();
  }

  /** The body and every struct, body first. */
  public List<StructModel> allStructs() {
    return java.util.stream.Stream.concat(java.util.stream.Stream.of(body), structs.stream()).toList();
  }

  public StructModel struct(ClassName record) {
    for (StructModel s : allStructs()) {
      if (s.className().equals(record)) {
        return s;
      }
    }
    throw new IllegalArgumentException("no struct " + record + " in " + name);
  }

  /** {@code <Record>Codec}, top level in the record's package; a nested {@code Outer.Inner} gives {@code Outer_InnerCodec}. */
  public ClassName codecClass() {
    return generatedClass("Codec");
  }

  /** {@code <Record>Builder}, named like {@link #codecClass()}. */
  public ClassName builderClass() {
    return generatedClass("Builder");
  }

  private ClassName generatedClass(String suffix) {
    return ClassName.get(recordClass.packageName(), String.join("_", recordClass.simpleNames()) + suffix);
  }
}

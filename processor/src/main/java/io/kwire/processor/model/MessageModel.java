package io.kwire.processor.model;

import com.palantir.javapoet.ClassName;
import io.kwire.annotations.Listener;
import io.kwire.annotations.MessageType;
import io.kwire.runtime.meta.VersionRange;
import java.util.List;
import java.util.Map;

/**
 * A validated message: everything the writers need, and nothing of javac's element model.
 *
 * @param apiKey the API key, or -1 for data messages
 * @param structs every struct reachable from the body, keyed by record class, children before parents
 */
public record MessageModel(
    ClassName recordClass,
    String name,
    MessageType type,
    int apiKey,
    VersionRange validVersions,
    VersionRange flexibleVersions,
    VersionRange deprecatedVersions,
    boolean latestVersionUnstable,
    List<Listener> listeners,
    StructModel body,
    Map<ClassName, StructModel> structs) {

  public MessageModel {
    listeners = List.copyOf(listeners);
  }

  public boolean hasApiKey() {
    return apiKey >= 0;
  }

  public StructModel struct(ClassName record) {
    return record.equals(body.className()) ? body : structs.get(record);
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

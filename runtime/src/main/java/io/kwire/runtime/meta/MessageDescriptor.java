package io.kwire.runtime.meta;

import io.kwire.annotations.Listener;
import io.kwire.annotations.MessageType;
import java.util.List;

/**
 * A message as Kafka's spec states it, generated beside each codec.
 *
 * @param apiKey the API key, or -1 for messages without one
 */
public record MessageDescriptor(
    String name,
    MessageType type,
    short apiKey,
    VersionRange validVersions,
    VersionRange flexibleVersions,
    VersionRange deprecatedVersions,
    boolean latestVersionUnstable,
    List<Listener> listeners,
    StructDescriptor body) {

  public MessageDescriptor {
    listeners = List.copyOf(listeners);
  }

  public boolean isFlexible(int version) {
    return flexibleVersions.contains(version);
  }

  public boolean hasApiKey() {
    return apiKey >= 0;
  }
}

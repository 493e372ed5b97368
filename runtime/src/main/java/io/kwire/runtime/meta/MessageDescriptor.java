package io.kwire.runtime.meta;

import io.kwire.annotations.Listener;
import io.kwire.annotations.MessageType;
import java.util.List;

/**
 * A message as Kafka's spec states it, generated beside each codec.
 *
 * <p>Generated code builds it with {@link #of} and one {@code with*} call per attribute that
 * differs from its default, so a new attribute (with a default) leaves compiled codecs working.
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

  /**
   * A message with no deprecated versions, a stable latest version and no listeners.
   *
   * @param apiKey the API key, or -1 for messages without one
   */
  public static MessageDescriptor of(String name, MessageType type, int apiKey, VersionRange validVersions,
      VersionRange flexibleVersions, StructDescriptor body) {
    if (apiKey < -1 || apiKey > Short.MAX_VALUE) {
      throw new IllegalArgumentException("api key " + apiKey + " is not -1 or an int16 >= 0");
    }
    return new MessageDescriptor(name, type, (short) apiKey, validVersions, flexibleVersions, VersionRange.NONE,
        false, List.of(), body);
  }

  public MessageDescriptor withDeprecatedVersions(VersionRange deprecated) {
    return new MessageDescriptor(name, type, apiKey, validVersions, flexibleVersions, deprecated,
        latestVersionUnstable, listeners, body);
  }

  public MessageDescriptor withLatestVersionUnstable() {
    return new MessageDescriptor(name, type, apiKey, validVersions, flexibleVersions, deprecatedVersions,
        true, listeners, body);
  }

  public MessageDescriptor withListeners(Listener... of) {
    return new MessageDescriptor(name, type, apiKey, validVersions, flexibleVersions, deprecatedVersions,
        latestVersionUnstable, List.of(of), body);
  }

  public boolean isFlexible(int version) {
    return flexibleVersions.contains(version);
  }

  public boolean hasApiKey() {
    return apiKey >= 0;
  }
}

package io.kwire.fake.cluster;

import java.util.Optional;

/** Kafka's rules for topic names: what makes one legal, and when two would collide in metrics names. */
public final class TopicNames {
  public static final int MAX_LENGTH = 249;

  private TopicNames() {}

  /** Why {@code name} is not a legal topic name, or empty when it is. */
  public static Optional<String> invalidReason(String name) {
    if (name == null || name.isEmpty()) {
      return Optional.of("Topic name is illegal, it can't be empty");
    }
    if (name.equals(".") || name.equals("..")) {
      return Optional.of("Topic name cannot be \".\" or \"..\"");
    }
    if (name.length() > MAX_LENGTH) {
      return Optional.of("Topic name is illegal, it can't be longer than " + MAX_LENGTH + " characters, topic name: "
          + name);
    }
    for (int i = 0; i < name.length(); i++) {
      char c = name.charAt(i);
      boolean legal = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')
          || c == '.' || c == '_' || c == '-';
      if (!legal) {
        return Optional.of("Topic name \"" + name + "\" is illegal, it contains a character other than ASCII "
            + "alphanumerics, '.', '_' and '-'");
      }
    }
    return Optional.empty();
  }

  /** The name with '.' read as '_': two topics whose forms are equal would share metric names. */
  public static String collisionForm(String name) {
    return name.replace('.', '_');
  }
}

package io.kwire.fake.groups;

import java.util.Collection;
import java.util.List;

/**
 * The server-side assignors of KIP-848 consumer groups, as Kafka 4.4's default
 * {@code group.consumer.assignors} lists them: "uniform" (the default) and "range". A group uses the
 * one its members name most (a member names one in its heartbeat's ServerAssignor); ties go to the
 * first in this list, and a group whose members name none uses "uniform".
 */
public final class ServerAssignors {
  public static final String UNIFORM = "uniform";
  public static final String RANGE = "range";
  /** In Kafka's order: the first is the default. */
  public static final List<String> SUPPORTED = List.of(UNIFORM, RANGE);

  private ServerAssignors() {}

  public static boolean isSupported(String name) {
    return SUPPORTED.contains(name);
  }

  /** Kafka's UNSUPPORTED_ASSIGNOR message. */
  public static String unsupportedMessage(String name) {
    return "ServerAssignor " + name + " is not supported. Supported assignors: " + String.join(", ", SUPPORTED) + ".";
  }

  /** The assignor named by the most members (null entries: members naming none). */
  public static String preferred(Collection<String> named) {
    String best = UNIFORM;
    long bestCount = 0;
    for (String candidate : SUPPORTED) {
      long count = named.stream().filter(candidate::equals).count();
      if (count > bestCount) {
        best = candidate;
        bestCount = count;
      }
    }
    return best;
  }
}

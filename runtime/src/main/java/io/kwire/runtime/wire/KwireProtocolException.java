package io.kwire.runtime.wire;

import java.util.ArrayDeque;
import java.util.Deque;

/**
 * The one exception a decoder raises for malformed input: truncated data, a length or count that
 * exceeds the bytes remaining, a null where the version forbids it, a bad tagged-field section,
 * trailing bytes, and so on. It says where ({@link #offset()}: the byte offset from the start of the
 * decoded input; {@link #fieldPath()}: for example {@code CreatePartitionsRequest.topics[0].name})
 * and why ({@link #reason()}).
 */
public final class KwireProtocolException extends KwireException {
  private static final long serialVersionUID = 1L;

  private final int offset;
  private final String reason;
  private final transient Deque<String> path = new ArrayDeque<>();

  public KwireProtocolException(int offset, String reason) {
    super(reason);
    this.offset = offset;
    this.reason = reason;
  }

  /** Byte offset, from the start of the input given to the reader, at which the problem was found. */
  public int offset() {
    return offset;
  }

  /** Why the input is malformed. */
  public String reason() {
    return reason;
  }

  /** Dotted path of the field being read, outermost first; empty when outside any field. */
  public String fieldPath() {
    StringBuilder sb = new StringBuilder();
    for (String segment : path) {
      if (sb.length() > 0 && !segment.startsWith("[")) {
        sb.append('.');
      }
      sb.append(segment);
    }
    return sb.toString();
  }

  /** Called by generated readers while the exception travels out: prepends a field name. */
  public KwireProtocolException inField(String name) {
    path.addFirst(name);
    return this;
  }

  /** Called by generated readers while the exception travels out: prepends an array index. */
  public KwireProtocolException atIndex(int index) {
    path.addFirst("[" + index + "]");
    return this;
  }

  @Override
  public String getMessage() {
    String where = fieldPath();
    return "malformed input at offset " + offset + (where.isEmpty() ? "" : " (" + where + ")") + ": " + reason;
  }
}

package io.kwire.json;

/**
 * The one exception {@link KwireJson} raises for JSON it cannot read as the message: not JSON at
 * all, a missing mandatory field, a value of the wrong type or out of range, a null where the
 * version forbids it, a bad base64 or uuid. It says where ({@link #fieldPath()}, in JSON names,
 * e.g. {@code CreateTopicsRequest.topics[1].numPartitions}) and why ({@link #reason()}).
 *
 * <p>It is not a {@code KwireException}: that hierarchy is sealed to the runtime, whose errors are
 * about bytes (with offsets); this one is about JSON text. Rendering a message as JSON raises the
 * codec's own exceptions ({@code KwireEncodeException}), and rendering bytes raises
 * {@code KwireProtocolException}.
 */
public final class KwireJsonException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  private final String fieldPath;
  private final String reason;

  public KwireJsonException(String fieldPath, String reason) {
    this(fieldPath, reason, null);
  }

  public KwireJsonException(String fieldPath, String reason, Throwable cause) {
    super((fieldPath.isEmpty() ? "" : fieldPath + ": ") + reason, cause);
    this.fieldPath = fieldPath;
    this.reason = reason;
  }

  /** Dotted path of the offending field, message name first; empty when the text is not JSON. */
  public String fieldPath() {
    return fieldPath;
  }

  /** What is wrong with the value. */
  public String reason() {
    return reason;
  }
}

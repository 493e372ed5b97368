package io.kwire.runtime.wire;

/**
 * Raised when a message cannot be written at the requested version: the version is not valid, a
 * field absent from the version holds a non-default value and is not ignorable, a null sits in a
 * version where the field is not nullable, or a value exceeds what the wire can carry. Encoding
 * entry points roll the output back, so nothing is written half-way.
 */
public final class KwireEncodeException extends KwireException {
  private static final long serialVersionUID = 1L;

  public KwireEncodeException(String message) {
    super(message);
  }

  public static KwireEncodeException unsupportedVersion(String message, int version, String validVersions) {
    return new KwireEncodeException(
        message + " has no version " + version + " (valid versions: " + validVersions + ")");
  }

  public static KwireEncodeException notInVersion(String field, int version) {
    return new KwireEncodeException(
        field + " is not in version " + version + " and holds a non-default value; "
            + "clear it or choose a version that has it");
  }

  public static KwireEncodeException nullNotAllowed(String field, int version) {
    return new KwireEncodeException(field + " is null, but is not nullable in version " + version);
  }

  public static KwireEncodeException nullElement(String field, int index) {
    return new KwireEncodeException(field + "[" + index + "] is null; array elements cannot be null");
  }

  public static KwireEncodeException notFlexible(String struct, int version) {
    return new KwireEncodeException(struct + " holds unknown tagged fields, but version " + version + " has no tagged fields");
  }

  public static KwireEncodeException tooLong(String what, long length, long max) {
    return new KwireEncodeException(what + " of " + length + " bytes exceeds the maximum of " + max);
  }
}

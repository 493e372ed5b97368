package io.kwire.runtime.wire;

import java.util.List;

/**
 * Two codecs of different classes claim the same API key and type, or the same record class, so a
 * {@link io.kwire.runtime.KwireRegistry} cannot choose between them. Typically a user's record repeats a key that
 * kwire-messages already defines; keep one of the two, or build a registry that says which one wins
 * with {@link io.kwire.runtime.KwireRegistry.Builder#replace}.
 */
public final class CodecClashException extends KwireException {
  private static final long serialVersionUID = 1L;

  private final String claim;
  // two Strings rather than a List: the fields of an exception must be serializable
  private final String firstCodec;
  private final String secondCodec;

  /** Public because the registry raising it sits a layer above the package kwire's sealed exceptions share. */
  public CodecClashException(String claim, String firstCodec, String secondCodec) {
    super("two codecs claim " + claim + ": " + firstCodec + " and " + secondCodec
        + "; remove one from the class path, or build the registry with KwireRegistry.builder()"
        + " and replace(...) the one to drop with the one to keep");
    this.claim = claim;
    this.firstCodec = firstCodec;
    this.secondCodec = secondCodec;
  }

  /** What both codecs claim, for example {@code API key 18 REQUEST} or {@code record com.example.Ping}. */
  public String claim() {
    return claim;
  }

  /** The binary names of the two codec classes, in the registry's order (API key, type, then message name). */
  public List<String> codecClasses() {
    return List.of(firstCodec, secondCodec);
  }
}

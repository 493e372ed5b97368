package io.kwire.bridge;

import io.kwire.runtime.RequestHeader;
import java.util.List;

/**
 * An API whose removed versions have the same fields, with the same meaning, as the first version
 * kept: the decoded request is sent as it is at the newer version (fields the old version lacks
 * hold their defaults, which keep the old meaning), and the response is written back at the old
 * version (what it lacks is ignorable, and dropped). docs/bridge.md lists each API and why its
 * defaults are faithful.
 */
final class SameShapeTranslation implements ApiTranslation {
  private final short apiKey;
  private final short lastTranslatedVersion;
  private final String why;

  SameShapeTranslation(int apiKey, int lastTranslatedVersion, String why) {
    this.apiKey = (short) apiKey;
    this.lastTranslatedVersion = (short) lastTranslatedVersion;
    this.why = why;
  }

  @Override
  public short apiKey() {
    return apiKey;
  }

  @Override
  public short lastTranslatedVersion() {
    return lastTranslatedVersion;
  }

  /** Only the next version has the same shape. */
  @Override
  public short maxUpstreamVersion() {
    return (short) (lastTranslatedVersion + 1);
  }

  /** Why the old and new versions mean the same, for docs and tests. */
  String why() {
    return why;
  }

  @Override
  public RequestTranslation translate(RequestHeader client, Object request, short upstreamVersion) {
    return new RequestTranslation.Translated(client, upstreamVersion, request, true, List.of(),
        ResponseTranslation::of);
  }
}

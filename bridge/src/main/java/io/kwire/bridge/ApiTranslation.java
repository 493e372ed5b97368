package io.kwire.bridge;

import io.kwire.runtime.RequestHeader;

/** The translation of one API's removed versions: one small class per API. */
interface ApiTranslation {
  short apiKey();

  /** Client versions 0 to this one can be translated. */
  short lastTranslatedVersion();

  /**
   * The highest upstream version this translation's mapping is faithful at (beyond it, new
   * non-optional fields, such as topic ids, would be needed); the bridge uses the broker's lowest.
   */
  short maxUpstreamVersion();

  /** The request, translated to {@code upstreamVersion}, or answered locally. */
  RequestTranslation translate(RequestHeader client, Object request, short upstreamVersion);
}

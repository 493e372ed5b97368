package io.kwire.net;

import io.kwire.runtime.KwireRegistry;
import io.kwire.runtime.wire.DecodeOptions;
import java.time.Duration;

/** What one {@link KwireClient} was built with and its parts share. */
record ClientSettings(KwireRegistry registry, String clientId, Duration requestTimeout, DecodeOptions options) {}

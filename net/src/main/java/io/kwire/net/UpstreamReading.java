package io.kwire.net;

/**
 * Told down a paired upstream's pipeline when the proxy stops or resumes reading it because its
 * client is not reading: the time paused is the client's, not the broker's, so the upstream's
 * request timeouts do not count it ({@link ResponseMatcher}).
 */
enum UpstreamReading {
  PAUSED,
  RESUMED
}

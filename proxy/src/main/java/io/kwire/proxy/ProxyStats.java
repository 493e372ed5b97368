package io.kwire.proxy;

import java.util.Map;
import java.util.stream.Collectors;

/**
 * A snapshot of a proxy's counters. Map keys are {@code "request Metadata"} or {@code "response
 * Metadata"} (an API kwire does not know is {@code "api 68"}, and every key of 256 and over, or
 * negative, is {@code "unknown api"}, so that the counters stay a few hundred); {@link #raw} also counts frames too
 * short to carry a header ({@code "request unreadable"}, {@code "response unreadable"}) and responses
 * whose correlation id matches no request ({@code "response unmatched"}).
 *
 * @param recoded frames decoded (for a filter, the log and the check among them), by direction and API
 * @param raw frames passed through undecoded: kwire has no codec for their API or version, or no
 *     filter reads them (the log and the check read every API)
 * @param decodeFailures frames of an API and version kwire has that did not decode (passed through raw)
 * @param differences re-encoded frames that differ from the original bytes, or that did not re-encode
 *     (only counted with check on)
 * @param connections client connections accepted
 * @param refusedFrames frames refused by their size prefix (the connection was closed)
 * @param upstreamFailures client connections closed because the upstream refused or dropped them
 * @param translated bridge mode only: requests translated or answered by the bridge, by API and
 *     version, e.g. {@code "Produce v2 -> v3"} or {@code "ApiVersions v9 local"}
 * @param logDropped message log lines dropped because the log fell behind (its queue was full) or
 *     could not be written
 */
public record ProxyStats(
    Map<String, Long> recoded,
    Map<String, Long> raw,
    long decodeFailures,
    long differences,
    long connections,
    long refusedFrames,
    long upstreamFailures,
    Map<String, Long> translated,
    long logDropped) {

  public ProxyStats {
    recoded = Map.copyOf(recoded);
    raw = Map.copyOf(raw);
    translated = Map.copyOf(translated);
  }

  /** Frames recoded in both directions. */
  public long recodedTotal() {
    return recoded.values().stream().mapToLong(Long::longValue).sum();
  }

  /** Requests the bridge translated or answered itself. */
  public long translatedTotal() {
    return translated.values().stream().mapToLong(Long::longValue).sum();
  }

  /** Frames passed raw in both directions. */
  public long rawTotal() {
    return raw.values().stream().mapToLong(Long::longValue).sum();
  }

  /** A few lines for people: totals, then the count of each API in name order. */
  public String summary() {
    return "connections " + connections + ", frames recoded " + recodedTotal() + ", passed raw " + rawTotal()
        + ", decode failures " + decodeFailures + ", check differences " + differences + ", refused frames "
        + refusedFrames + ", upstream failures " + upstreamFailures
        + (translated.isEmpty() ? "" : ", requests translated " + translatedTotal())
        + (logDropped == 0 ? "" : ", log lines dropped " + logDropped) + "\n"
        + lines("recoded", recoded) + lines("raw", raw) + lines("translated", translated);
  }

  private static String lines(String label, Map<String, Long> counts) {
    return counts.entrySet().stream()
        .sorted(Map.Entry.comparingByKey())
        .map(e -> "  " + label + " " + e.getKey() + ": " + e.getValue() + "\n")
        .collect(Collectors.joining());
  }
}

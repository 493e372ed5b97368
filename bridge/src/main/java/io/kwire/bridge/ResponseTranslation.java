package io.kwire.bridge;

import java.util.List;

/**
 * A response in the client's version, and what its translation dropped or changed (headers
 * dropped, aborted batches removed, ...), one line each for the log.
 *
 * <p>{@code fetchAgain} is non-null only for a Fetch whose whole answer was filtered out
 * (aborted transactions and markers only): an old consumer given that empty answer would ask for
 * the same offset forever, so the proxy sends {@code fetchAgain} upstream instead (the same fetch
 * from the offset after the filtered data; the client's correlation id) and answers the client
 * with its translated response. Each such request allows fewer further ones, so the chain is
 * bounded ({@link FetchTranslation#FETCH_AGAIN_LIMIT}); at the end, {@code response} (empty) is
 * the answer.
 */
public record ResponseTranslation(Object response, List<String> notes, RequestTranslation.Translated fetchAgain) {
  public ResponseTranslation {
    notes = List.copyOf(notes);
  }

  public ResponseTranslation(Object response, List<String> notes) {
    this(response, notes, null);
  }

  static ResponseTranslation of(Object response) {
    return new ResponseTranslation(response, List.of());
  }
}

package io.kwire.bridge;

import java.util.List;

/**
 * A response in the client's version, and what its translation dropped or changed (headers
 * dropped, aborted batches removed, ...), one line each for the log.
 */
public record ResponseTranslation(Object response, List<String> notes) {
  public ResponseTranslation {
    notes = List.copyOf(notes);
  }

  static ResponseTranslation of(Object response) {
    return new ResponseTranslation(response, List.of());
  }
}

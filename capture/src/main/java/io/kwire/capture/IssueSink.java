package io.kwire.capture;

/** Where the parts of the reader report what they could not read. */
@FunctionalInterface
interface IssueSink {
  void report(CaptureIssue issue);
}

package io.kwire.e2e.differential;

import java.util.Map;

/**
 * One message the recording proxy saw: its direction ({@code request} or {@code response}), API,
 * version, and the message as Kafka's JSON, read into a tree.
 */
record Exchange(String direction, String api, int apiKey, int version, Object message) {

  /** What the sequence comparison looks at: direction, API and version, not the content. */
  String step() {
    return direction + " " + api + " v" + version;
  }

  /** A line of the proxy's log (io.kwire.proxy.MessageLog's format). */
  @SuppressWarnings("unchecked")
  static Exchange ofLogLine(String line) {
    Map<String, Object> fields = (Map<String, Object>) JsonValues.parse(line);
    Object message = fields.get("message");
    if (message == null) {
      throw new AssertionError("the proxy logged no message (omitted or bridge line): " + line);
    }
    return new Exchange((String) fields.get("direction"), (String) fields.get("api"),
        ((Long) fields.get("apiKey")).intValue(), ((Long) fields.get("version")).intValue(), message);
  }
}

package io.kwire.runtime.explain;

/** Which part of a frame a byte belongs to; the HTML view colours bytes by it. */
public enum Region {
  FRAME("frame"),
  HEADER("rpc header"),
  REQUEST_BODY("request body"),
  RESPONSE_BODY("response body"),
  RECORD_BATCH("RecordBatch"),
  RECORD("Record"),
  TAGGED_FIELDS("tagged_fields");

  private final String label;

  Region(String label) {
    this.label = label;
  }

  /** The seed pages' legend text. */
  public String label() {
    return label;
  }
}

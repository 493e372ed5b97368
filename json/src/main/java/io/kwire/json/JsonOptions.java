package io.kwire.json;

/**
 * How {@link KwireJson} renders a message.
 *
 * @param redactSecrets whether secrets are written as {@value #REDACTED} instead of their value: what
 *     {@link io.kwire.runtime.meta.Redaction} hides, the rule every kwire tool shares (fields declared
 *     {@code @Field(sensitive = true)}, and every config value whose name is not a known Kafka config
 *     of a type other than PASSWORD). Off in {@link #DEFAULT}, so that the JSON is Kafka's and reads
 *     back; redacted JSON does not read back.
 * @param recordData whether a {@code records} field (Produce, Fetch, ...) is written as the base64 of
 *     its record batches. Off in {@link #DEFAULT}: Kafka's converters write every non-null records
 *     field as {@code ""} (empty base64), to keep record data out of request logs, so Kafka's JSON
 *     of a Produce request does not read back to the same bytes. Turn it on for exact round trips;
 *     either form reads back (the records are the base64's bytes).
 */
public record JsonOptions(boolean redactSecrets, boolean recordData) {
  /** What a secret is written as when {@link #redactSecrets} is on. */
  public static final String REDACTED = "<redacted>";

  /** Kafka's format exactly: nothing redacted. */
  public static final JsonOptions DEFAULT = new JsonOptions(false, false);

  /** This with secrets redacted (for logs and screens) or not. */
  public JsonOptions withRedactedSecrets(boolean redact) {
    return new JsonOptions(redact, recordData);
  }

  /** This with record data written as base64 (for exact round trips) or as Kafka's {@code ""}. */
  public JsonOptions withRecordData(boolean data) {
    return new JsonOptions(redactSecrets, data);
  }
}

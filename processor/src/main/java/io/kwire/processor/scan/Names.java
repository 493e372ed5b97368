package io.kwire.processor.scan;

/** Fully qualified names the processor recognises, kept as strings so no class needs loading. */
public final class Names {
  public static final String API_KEY = "io.kwire.annotations.ApiKey";
  public static final String DATA_MESSAGE = "io.kwire.annotations.DataMessage";
  public static final String FIELD = "io.kwire.annotations.Field";
  public static final String GENERATED = "javax.annotation.processing.Generated";
  public static final String UNKNOWN_TAGGED_FIELDS = "io.kwire.runtime.wire.UnknownTaggedFields";
  public static final String RECORDS = "io.kwire.runtime.records.Records";
  public static final String STRING = "java.lang.String";
  public static final String UUID = "java.util.UUID";
  public static final String BYTE_BUFFER = "java.nio.ByteBuffer";
  public static final String LIST = "java.util.List";

  private Names() {}
}

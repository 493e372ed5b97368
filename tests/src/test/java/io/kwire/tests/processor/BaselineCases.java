package io.kwire.tests.processor;

import static io.kwire.tests.processor.BaselineCase.of;

import io.kwire.processor.diag.Diagnostic;
import java.util.List;

/**
 * The baseline check's cases: one message as an earlier release had it ({@link #BASE}) and, per rule,
 * the same message changed in one way, with the detail of the diagnostic that change gets (the
 * catalogue's rule and hint around it come from {@link Diagnostic#format}).
 */
final class BaselineCases {
  private BaselineCases() {}

  static final String BASE = """
      @ApiKey(value = 10000, type = MessageType.REQUEST, validVersions = "0-2", flexibleVersions = "1+")
      public record Greet(
          @Field(versions = "0+") String name,
          @Field(versions = "0+", defaultValue = "1") int count,
          @Field(versions = "1+", nullableVersions = "1+") String note,
          @Field(versions = "2+", tag = 0, taggedVersions = "2+") int hint,
          UnknownTaggedFields unknownTaggedFields) {}
      """;

  static List<BaselineCase> all() {
    return List.of(
        of(Diagnostic.BASELINE_MESSAGE_CHANGED, 1, 17,
            "Greet is API key 10001 request; the baseline's is API key 10000 request.",
            change("value = 10000", "value = 10001")),
        of(Diagnostic.BASELINE_VERSIONS_REMOVED, 1, 68, "Greet has versions 0-1; the baseline has 0-2.",
            change("validVersions = \"0-2\"", "validVersions = \"0-1\"")
                .replace("    @Field(versions = \"2+\", tag = 0, taggedVersions = \"2+\") int hint,\n", "")),
        of(Diagnostic.BASELINE_DROPPED_VERSIONS, 1, 68,
            "Greet drops version 0 of the baseline's 0-2; droppedVersions is \"none\".",
            change("validVersions = \"0-2\"", "validVersions = \"1-3\"")),
        of(Diagnostic.BASELINE_DROPPED_OLDEST, 2, 23, "Greet drops version 0 of the baseline's 0-2.",
            change("validVersions = \"0-2\", flexibleVersions = \"1+\")",
                "validVersions = \"1-3\", flexibleVersions = \"1+\",\n    droppedVersions = \"0\")")),
        of(Diagnostic.BASELINE_FLEXIBLE_MOVED, 1, 94,
            "Greet is classic in version 1, where the baseline's flexibleVersions are \"1+\".",
            change("flexibleVersions = \"1+\"", "flexibleVersions = \"2+\"")),
        of(Diagnostic.BASELINE_FIELD_ADDED, 6, 23, "Greet.Extra is new in versions 1-2, which the baseline has.",
            change(" String note,\n", " String note,\n    @Field(versions = \"1+\") int extra,\n")),
        of(Diagnostic.BASELINE_FIELD_REMOVED, 2, 8, "Greet.Count of the baseline is missing from versions 0-2.",
            change("    @Field(versions = \"0+\", defaultValue = \"1\") int count,\n", "")),
        of(Diagnostic.BASELINE_FIELD_RETYPED, 4, 5, "Greet.Count is int64 in versions 0-2; the baseline's is int32.",
            change("int count", "long count")),
        of(Diagnostic.BASELINE_NULLABILITY, 5, 48,
            "Greet.Note is not nullable in version 1; in the baseline it is nullable.",
            change("nullableVersions = \"1+\"", "nullableVersions = \"2+\"")),
        of(Diagnostic.BASELINE_TAG_CHANGED, 6, 35, "Greet.Other takes tag 0 in version 2, the baseline's tag of Hint.",
            change("tag = 0, taggedVersions = \"2+\") int hint",
                "tag = 0, taggedVersions = \"2+\") int other,\n    @Field(versions = \"2+\", tag = 1, taggedVersions = \"2+\") int hint")),
        of(Diagnostic.BASELINE_DEFAULT_CHANGED, 4, 44,
            "Greet.Count defaults to \"2\" in versions 0-2; the baseline's default is \"1\".",
            change("defaultValue = \"1\"", "defaultValue = \"2\"")),
        of(Diagnostic.BASELINE_FIELD_ORDER, 3, 5, "Greet.Count is field 1 in versions 0-2, where the baseline has Name.",
            change("    @Field(versions = \"0+\") String name,\n    @Field(versions = \"0+\", defaultValue = \"1\") int count,\n",
                "    @Field(versions = \"0+\", defaultValue = \"1\") int count,\n    @Field(versions = \"0+\") String name,\n")),
        of(Diagnostic.BASELINE_RENAMED, 4, 5, "Greet.Total was Count in the baseline (versions 0-2).",
            change("int count", "int total")));
  }

  /** {@link #BASE} with the one text {@code from} (which it holds once) replaced by {@code to}. */
  private static String change(String from, String to) {
    int at = BASE.indexOf(from);
    if (at < 0 || BASE.indexOf(from, at + 1) >= 0) {
      throw new IllegalArgumentException("BASE holds " + from + " not exactly once");
    }
    return BASE.replace(from, to);
  }
}

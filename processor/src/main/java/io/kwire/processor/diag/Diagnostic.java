package io.kwire.processor.diag;

/**
 * The catalogue of kwire's compile-time diagnostics. Each has a stable id (printed as
 * {@code [kwire/Id]}), a one-sentence rule and a hint; a report says first what is wrong (given
 * where it is found), then the rule, then the hint. Tests and docs/diagnostics.md refer to these ids; never
 * rename one.
 */
public enum Diagnostic {
  // ---- message level ----
  NOT_A_RECORD("NotARecord",
      "@ApiKey and @DataMessage must be on a record.",
      "Declare the message as `public record Name(...)`."),
  TWO_MESSAGE_ANNOTATIONS("TwoMessageAnnotations",
      "A record must be either an API message (@ApiKey) or a data message (@DataMessage), not both.",
      "Keep one of the two annotations."),
  API_KEY_RANGE("ApiKeyRange",
      "An API key must lie between 0 and 32767.",
      "Kafka's keys are 0-94; pick an unused key of 10000 or more for your own APIs."),
  MESSAGE_TYPE("MessageType",
      "@ApiKey must have type REQUEST or RESPONSE, @DataMessage type HEADER, DATA or METADATA.",
      "Use @ApiKey for requests and responses, @DataMessage for everything else."),
  DUPLICATE_API_KEY("DuplicateApiKey",
      "Only one record may be the request (or the response) of an API key.",
      "Give one of the records another key or type."),
  VERSION_SYNTAX("VersionSyntax",
      "A version range must be \"N\", \"A-B\", \"A+\" or \"none\", with versions 0 to 32767.",
      "Write for example \"0-3\" or \"2+\"."),
  VALID_VERSIONS_UNBOUNDED("ValidVersionsUnbounded",
      "validVersions must be bounded.",
      "Name the highest version, e.g. \"0-3\" instead of \"0+\"."),
  FLEXIBLE_NOT_OPEN_ENDED("FlexibleNotOpenEnded",
      "flexibleVersions must be \"none\" or open-ended (\"N+\").",
      "Once a message is flexible, every later version is flexible too: write \"N+\"."),
  REQUEST_ONLY_ATTRIBUTE("RequestOnlyAttribute",
      "listeners and latestVersionUnstable may be set on requests only.",
      "Remove the attribute from the response."),
  RECURSIVE_STRUCT("RecursiveStruct",
      "A struct may not contain itself, directly or through other structs.",
      "Kafka messages are trees; break the cycle."),
  GENERATED_NAME_CLASH("GeneratedNameClash",
      "Two messages may not generate classes of the same name.",
      "Rename one of the records; a nested record Outer.Inner generates Outer_InnerCodec and Outer_InnerBuilder."),
  STRUCT_NAMED_LIKE_MESSAGE("StructNamedLikeMessage",
      "A struct's record may not share its simple name with the message's record.",
      "Rename the struct record; its codec methods and builder would clash with the message's."),
  GENERIC_RECORD("GenericRecord",
      "A message or struct record must not have type parameters.",
      "Remove the type parameters: the wire knows no generics."),
  DUPLICATE_STRUCT_NAME("DuplicateStructName",
      "Struct names must be unique within a message.",
      "Rename one of the records."),

  // ---- components ----
  FIELD_OUTSIDE_RECORD("FieldOutsideRecord",
      "@Field may be used only on the components of records.",
      "Move @Field to a record component, or remove it."),
  MISSING_FIELD("MissingField",
      "Every component of a message or struct record must carry @Field, except one UnknownTaggedFields.",
      "Annotate the component with @Field(versions = \"...\")."),
  DUPLICATE_UNKNOWN_TAGS("DuplicateUnknownTags",
      "A record may have at most one UnknownTaggedFields component.",
      "Remove the extra component."),
  UNKNOWN_TAGS_NEVER_FLEXIBLE("UnknownTagsNeverFlexible",
      "An UnknownTaggedFields component requires a message with flexible versions.",
      "Remove the component, or make the message flexible."),
  UNSUPPORTED_JAVA_TYPE("UnsupportedJavaType",
      "A field's Java type must be boolean, byte, short, int, long, double, String, UUID, byte[], ByteBuffer, Records, a record, or a List of one of those (List<Byte>, List<Short>, List<Integer> and List<Long> for arrays of integers).",
      "Change the component's type; boxed types such as Integer are not fields, since the wire has no null integer."),
  WIRE_TYPE_MISMATCH("WireTypeMismatch",
      "The declared wire type must fit the Java type.",
      "uint16 goes in an int, uint32 in a long, records in Records; otherwise leave type at AUTO."),
  ARRAY_OF_ARRAYS("ArrayOfArrays",
      "kwire does not support arrays of arrays.",
      "Use an array of structs that each hold an array."),

  // ---- field attributes ----
  FIELD_NAME("FieldName",
      "A field's Kafka name must match [A-Za-z][A-Za-z0-9]*.",
      "Set @Field(name = ...) to a valid name."),
  DUPLICATE_FIELD_NAME("DuplicateFieldName",
      "Field names must be unique within a struct.",
      "Rename one of the fields."),
  VERSIONS_REQUIRED("VersionsRequired",
      "A field must state its versions, unless it is tagged (then they default to taggedVersions).",
      "Add versions = \"0+\" (or the range the field exists in)."),
  FIELD_NEVER_PRESENT("FieldNeverPresent",
      "A field's versions must overlap the versions of what contains it.",
      "Check the range against the message's validVersions (or the enclosing field's versions)."),
  NULLABLE_TYPE("NullableType",
      "Only string, bytes, records, struct and array fields can be nullable.",
      "Remove nullableVersions, or change the type."),
  TAG_NEGATIVE("TagNegative",
      "A tag must be 0 or more.",
      "Number tags 0, 1, 2, ... within each struct."),
  TAG_WITHOUT_TAGGED_VERSIONS("TagWithoutTaggedVersions",
      "A tagged field must state taggedVersions.",
      "Add taggedVersions = \"N+\"."),
  TAGGED_VERSIONS_WITHOUT_TAG("TaggedVersionsWithoutTag",
      "taggedVersions must come with a tag.",
      "Add tag = N, or remove taggedVersions."),
  TAGGED_VERSIONS_NOT_OPEN_ENDED("TaggedVersionsNotOpenEnded",
      "taggedVersions must be open-ended (\"N+\").",
      "Write taggedVersions = \"N+\"."),
  TAGGED_OUTSIDE_VERSIONS("TaggedOutsideVersions",
      "taggedVersions must lie within the field's versions.",
      "Narrow taggedVersions or widen versions."),
  TAG_OUTSIDE_FLEXIBLE("TagOutsideFlexible",
      "taggedVersions must lie within the flexible versions.",
      "Start taggedVersions at or after the first flexible version."),
  DUPLICATE_TAG("DuplicateTag",
      "Tags must be unique within a struct.",
      "Give each tagged field its own tag."),
  TAGS_NOT_CONTIGUOUS("TagsNotContiguous",
      "The tags of a struct must be contiguous from 0.",
      "Use the lowest unused tag."),
  TAGGED_NULLABILITY("TaggedNullability",
      "A tagged field must be nullable in all of its tagged versions or in none.",
      "Make nullableVersions cover all of taggedVersions, or none of them."),
  TAGGED_RECORDS("TaggedRecords",
      "A records field cannot be tagged.",
      "Remove tag and taggedVersions."),
  MAP_KEY_TAGGED("MapKeyTagged",
      "A tagged field cannot be a map key.",
      "Remove mapKey, or do not tag the field."),
  MAP_KEY_TOP_LEVEL("MapKeyTopLevel",
      "mapKey may be set only on fields of structs inside arrays, not on top-level fields.",
      "Remove mapKey."),
  FIELD_FLEXIBLE_TYPE("FieldFlexibleType",
      "A field-level flexibleVersions may be set on string and bytes fields only.",
      "Remove flexibleVersions from the field."),
  FIELD_FLEXIBLE_SUBSET("FieldFlexibleSubset",
      "A field-level flexibleVersions must be \"none\" or open-ended, within the message's flexible versions.",
      "Use \"none\" (always classic encoding) or a later \"N+\"."),
  ZERO_COPY_TYPE("ZeroCopyType",
      "zeroCopy = true must go with a java.nio.ByteBuffer bytes field, and a ByteBuffer field needs zeroCopy = true.",
      "Use byte[] for copied bytes, ByteBuffer with zeroCopy = true for views of the input."),
  ENTITY_TYPE_MISMATCH("EntityTypeMismatch",
      "An entity type must fit the field's type: topic names, group and transactional ids are strings, producer ids int64, broker ids int32.",
      "Fix entityType or remove it."),

  // ---- defaults ----
  DEFAULT_UNPARSABLE("DefaultUnparsable",
      "A default must parse as a value of the field's type.",
      "Write e.g. \"-1\", \"0x7f\", \"true\", \"1.5\", a base64url UUID, or \"null\"."),
  DEFAULT_OUT_OF_RANGE("DefaultOutOfRange",
      "A default must fit in the field's type.",
      "Pick a value inside the type's range."),
  DEFAULT_NOT_ALLOWED("DefaultNotAllowed",
      "bytes, struct and array fields may take only an empty or null default, and records fields only null.",
      "Remove the default, or use \"null\"."),
  NULL_DEFAULT_NOT_NULLABLE("NullDefaultNotNullable",
      "A null default requires the field to be nullable in every version it exists in.",
      "Widen nullableVersions to cover versions, or choose another default."),

  // ---- evolution: against a baseline (-Akwire.baseline=PATH) ----
  BASELINE_UNREADABLE("BaselineUnreadable",
      "The baseline given with -Akwire.baseline must be a directory of specs or a jar of an earlier build.",
      "Point -Akwire.baseline at the previous release's jar, or a directory of its META-INF/kwire/specs/*.json."),
  BASELINE_MESSAGE_CHANGED("BaselineMessageChanged",
      "A message must keep the API key and message type its baseline has.",
      "Give the new API its own record and name; keep the old one as it was."),
  BASELINE_VERSIONS_REMOVED("BaselineVersionsRemoved",
      "A message must keep the highest version its baseline has; only the oldest versions may be dropped.",
      "Restore validVersions up to the baseline's highest version."),
  BASELINE_DROPPED_VERSIONS("BaselineDroppedVersions",
      "Dropping the oldest versions of the baseline must be declared with droppedVersions.",
      "Add droppedVersions = \"...\" to the message annotation if the versions are meant to go (Kafka 4.0 did so)."),
  BASELINE_FLEXIBLE_MOVED("BaselineFlexibleMoved",
      "A version the baseline has must keep its encoding (flexible or classic).",
      "Keep flexibleVersions (the message's, or the field's) as the baseline has them; change encodings only in a new version."),
  BASELINE_FIELD_ADDED("BaselineFieldAdded",
      "A new field may appear only in versions its baseline does not have, or as a tagged field with a fresh tag.",
      "Start the field's versions at a new version, or make it a tagged field with an unused tag."),
  BASELINE_FIELD_REMOVED("BaselineFieldRemoved",
      "A field of the baseline must stay in every version the baseline has it in.",
      "Keep the field in those versions; end it with versions = \"A-B\" before a new version instead."),
  BASELINE_FIELD_RETYPED("BaselineFieldRetyped",
      "A field must keep its baseline's type in the versions the baseline has.",
      "Add a field of the new type in a new version, and end the old one."),
  BASELINE_NULLABILITY("BaselineNullability",
      "A field must keep its baseline's nullability in the versions the baseline has.",
      "Keep nullableVersions as the baseline has them for those versions."),
  BASELINE_TAG_CHANGED("BaselineTagChanged",
      "A tagged field must keep its baseline's tag, and no field may take a tag the baseline gave another.",
      "Keep the tag; give a new tagged field the lowest tag the baseline never used."),
  BASELINE_DEFAULT_CHANGED("BaselineDefaultChanged",
      "A field must keep its baseline's default in the versions the baseline has.",
      "Keep defaultValue; a different default means a different value for every reader of those versions."),
  BASELINE_FIELD_ORDER("BaselineFieldOrder",
      "Fields must keep their baseline's order in the versions the baseline has.",
      "Move the component back; the wire order is the order of the record's components."),
  // notes: compatible, but worth knowing
  BASELINE_DROPPED_OLDEST("BaselineDroppedOldest",
      "The oldest versions of the baseline may be dropped when declared, as they are here.",
      "Clients still using them are refused by this build."),
  BASELINE_RENAMED("BaselineRenamed",
      "A field or struct may be renamed: the bytes stay, the JSON spec and the generated names change.",
      "Clients generated from the old spec keep working; code using the old name needs the new one."),

  // ---- the module declaration ----
  MODULE_PROVIDES("ModuleProvides",
      "A named module must provide io.kwire.runtime.MessageCodec with every codec generated in it: on the module path, ServiceLoader (and so KwireRegistry.standard()) reads a module's provides directives, never its META-INF/services.",
      "Use the line given in module-info.java; code on the class path (the unnamed module) needs nothing."),

  // ---- the processor itself ----
  INTERNAL_ERROR("InternalError",
      "This is a fault of the kwire processor, not of the source.",
      "Please report it, with the stack trace in this message.");

  private final String id;
  private final String rule;
  private final String hint;

  Diagnostic(String id, String rule, String hint) {
    this.id = id;
    this.rule = rule;
    this.hint = hint;
  }

  public String id() {
    return id;
  }

  public String rule() {
    return rule;
  }

  public String hint() {
    return hint;
  }

  /**
   * The full text: {@code [kwire/Id] What is wrong. Rule. Hint: ...}. {@code problem} says what is
   * wrong in the source at hand (the value found, the element it is on); the rule and hint follow.
   */
  public String format(String problem) {
    String body = problem == null || problem.isEmpty() ? rule : problem + " " + rule;
    return "[kwire/" + id + "] " + body + " Hint: " + hint;
  }
}

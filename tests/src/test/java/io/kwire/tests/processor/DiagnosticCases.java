package io.kwire.tests.processor;

import static io.kwire.tests.processor.DiagnosticCase.of;

import io.kwire.processor.diag.Diagnostic;
import java.util.List;

/**
 * One minimal source per diagnostic of {@link Diagnostic}, each breaking exactly one rule. Lines
 * count from the first line of the body; columns are javac's (1-based). Where the rule is about an
 * attribute, javac points at that attribute's value; otherwise at the annotation, or at the
 * component (its backing field's name). For an enum constant such as {@code MessageType.REQUEST}
 * javac's position is the dot of the qualified name.
 */
final class DiagnosticCases {
  private DiagnosticCases() {}

  static List<DiagnosticCase> all() {
    return List.of(
        // ---- message level ----
        of(Diagnostic.NOT_A_RECORD, 1, 1,
            "Bad is a class, not a record.", """
            @ApiKey(value = 10000, type = MessageType.REQUEST, validVersions = "0", flexibleVersions = "none")
            public final class Bad {}
            """),
        of(Diagnostic.TWO_MESSAGE_ANNOTATIONS, 2, 1,
            "Bad has both @ApiKey and @DataMessage.", """
            @ApiKey(value = 10000, type = MessageType.REQUEST, validVersions = "0", flexibleVersions = "none")
            @DataMessage(validVersions = "0", flexibleVersions = "none")
            public record Bad(@Field(versions = "0+") int a) {}
            """),
        of(Diagnostic.API_KEY_RANGE, 1, 17,
            "The API key is 40000.", """
            @ApiKey(value = 40000, type = MessageType.REQUEST, validVersions = "0", flexibleVersions = "none")
            public record Bad(@Field(versions = "0+") int a) {}
            """),
        of(Diagnostic.MESSAGE_TYPE, 1, 32,
            "@DataMessage has type REQUEST.", """
            @DataMessage(type = MessageType.REQUEST, validVersions = "0", flexibleVersions = "none")
            public record Bad(@Field(versions = "0+") int a) {}
            """),
        of(Diagnostic.DUPLICATE_API_KEY, 4, 17,
            "demo.First is already the REQUEST of API key 10000.", """
            @ApiKey(value = 10000, type = MessageType.REQUEST, validVersions = "0", flexibleVersions = "none")
            public record First(@Field(versions = "0+") int a) {}

            @ApiKey(value = 10000, type = MessageType.REQUEST, validVersions = "0", flexibleVersions = "none")
            record Second(@Field(versions = "0+") int a) {}
            """),
        of(Diagnostic.VERSION_SYNTAX, 1, 68,
            "validVersions is \"0-x\".", """
            @ApiKey(value = 10000, type = MessageType.REQUEST, validVersions = "0-x", flexibleVersions = "none")
            public record Bad(@Field(versions = "0+") int a) {}
            """),
        of(Diagnostic.VALID_VERSIONS_UNBOUNDED, 1, 68,
            "validVersions is \"0+\", which has no highest version.", """
            @ApiKey(value = 10000, type = MessageType.REQUEST, validVersions = "0+", flexibleVersions = "none")
            public record Bad(@Field(versions = "0+") int a) {}
            """),
        of(Diagnostic.FLEXIBLE_NOT_OPEN_ENDED, 1, 94,
            "flexibleVersions is \"1-2\", which ends at version 2.", """
            @ApiKey(value = 10000, type = MessageType.REQUEST, validVersions = "0-3", flexibleVersions = "1-2")
            public record Bad(@Field(versions = "0+") int a) {}
            """),
        of(Diagnostic.REQUEST_ONLY_ATTRIBUTE, 2, 29,
            "latestVersionUnstable is set on a response.", """
            @ApiKey(value = 10000, type = MessageType.RESPONSE, validVersions = "0", flexibleVersions = "none",
                latestVersionUnstable = true)
            public record Bad(@Field(versions = "0+") int a) {}
            """),
        of(Diagnostic.RECURSIVE_STRUCT, 4, 42,
            "Node contains itself.", """
            @ApiKey(value = 10000, type = MessageType.REQUEST, validVersions = "0", flexibleVersions = "none")
            public record Bad(@Field(versions = "0+") List<Node> nodes) {
              public record Node(
                  @Field(versions = "0+") List<Node> children) {}
            }
            """),
        of(Diagnostic.GENERATED_NAME_CLASH, 6, 1,
            "demo.Outer.Bad and demo.Outer_Bad would both generate demo.Outer_BadCodec.", """
            public interface Outer {
              @ApiKey(value = 10000, type = MessageType.REQUEST, validVersions = "0", flexibleVersions = "none")
              record Bad(@Field(versions = "0+") int a) {}
            }
            @ApiKey(value = 10001, type = MessageType.REQUEST, validVersions = "0", flexibleVersions = "none")
            record Outer_Bad(@Field(versions = "0+") int a) {}
            """),
        of(Diagnostic.STRUCT_NAMED_LIKE_MESSAGE, 3, 45,
            "demo.Other.Bad and the message demo.Bad are both Bad.", """
            @ApiKey(value = 10000, type = MessageType.REQUEST, validVersions = "0", flexibleVersions = "none")
            public record Bad(
                @Field(versions = "0+") List<Other.Bad> items) {}

            interface Other { record Bad(@Field(versions = "0+") int a) {} }
            """),
        of(Diagnostic.GENERIC_RECORD, 2, 8,
            "Bad declares type parameters T.", """
            @ApiKey(value = 10000, type = MessageType.REQUEST, validVersions = "0", flexibleVersions = "none")
            public record Bad<T>(@Field(versions = "0+") int a) {}
            """),
        of(Diagnostic.DUPLICATE_STRUCT_NAME, 4, 40,
            "demo.Bad.Right.Item and demo.Bad.Left.Item are both Item.", """
            @ApiKey(value = 10000, type = MessageType.REQUEST, validVersions = "0", flexibleVersions = "none")
            public record Bad(
                @Field(versions = "0+") Left.Item first,
                @Field(versions = "0+") Right.Item second) {
              public interface Left { record Item(@Field(versions = "0+") int a) {} }
              public interface Right { record Item(@Field(versions = "0+") int b) {} }
            }
            """),

        // ---- components ----
        of(Diagnostic.FIELD_OUTSIDE_RECORD, 2, 31,
            "a carries @Field but is a field of a class.", """
            public class Bad {
              @Field(versions = "0+") int a;
            }
            """),
        of(Diagnostic.MISSING_FIELD, 2, 54,
            "Component b has no @Field.", """
            @ApiKey(value = 10000, type = MessageType.REQUEST, validVersions = "0", flexibleVersions = "none")
            public record Bad(@Field(versions = "0+") int a, int b) {}
            """),
        of(Diagnostic.DUPLICATE_UNKNOWN_TAGS, 5, 25,
            "Component moreUnknownTaggedFields is a second UnknownTaggedFields, after unknownTaggedFields.", """
            @ApiKey(value = 10000, type = MessageType.REQUEST, validVersions = "0", flexibleVersions = "0+")
            public record Bad(
                @Field(versions = "0+") int a,
                UnknownTaggedFields unknownTaggedFields,
                UnknownTaggedFields moreUnknownTaggedFields) {}
            """),
        of(Diagnostic.UNKNOWN_TAGS_NEVER_FLEXIBLE, 4, 25,
            "Component unknownTaggedFields is UnknownTaggedFields, but the message has no flexible versions.", """
            @ApiKey(value = 10000, type = MessageType.REQUEST, validVersions = "0", flexibleVersions = "none")
            public record Bad(
                @Field(versions = "0+") int a,
                UnknownTaggedFields unknownTaggedFields) {}
            """),
        of(Diagnostic.UNSUPPORTED_JAVA_TYPE, 3, 5,
            "The component is float.", """
            @ApiKey(value = 10000, type = MessageType.REQUEST, validVersions = "0", flexibleVersions = "none")
            public record Bad(
                @Field(versions = "0+") float a) {}
            """),
        of(Diagnostic.WIRE_TYPE_MISMATCH, 3, 44,
            "The wire type UINT16 cannot be held in short.", """
            @ApiKey(value = 10000, type = MessageType.REQUEST, validVersions = "0", flexibleVersions = "none")
            public record Bad(
                @Field(versions = "0+", type = WireType.UINT16) short a) {}
            """),
        of(Diagnostic.ARRAY_OF_ARRAYS, 3, 5,
            "The component is java.util.List<java.util.List<java.lang.Integer>>.", """
            @ApiKey(value = 10000, type = MessageType.REQUEST, validVersions = "0", flexibleVersions = "none")
            public record Bad(
                @Field(versions = "0+") List<List<Integer>> a) {}
            """),

        // ---- field attributes ----
        of(Diagnostic.FIELD_NAME, 3, 36,
            "The field's name is \"Not-A-Name\".", """
            @ApiKey(value = 10000, type = MessageType.REQUEST, validVersions = "0", flexibleVersions = "none")
            public record Bad(
                @Field(versions = "0+", name = "Not-A-Name") int a) {}
            """),
        of(Diagnostic.DUPLICATE_FIELD_NAME, 4, 36,
            "\"A\" is already the name of another field of Bad.", """
            @ApiKey(value = 10000, type = MessageType.REQUEST, validVersions = "0", flexibleVersions = "none")
            public record Bad(
                @Field(versions = "0+") int a,
                @Field(versions = "0+", name = "A") int b) {}
            """),
        of(Diagnostic.VERSIONS_REQUIRED, 3, 5,
            "Component a states no versions and is not tagged.", """
            @ApiKey(value = 10000, type = MessageType.REQUEST, validVersions = "0", flexibleVersions = "none")
            public record Bad(
                @Field(ignorable = true) int a) {}
            """),
        of(Diagnostic.FIELD_NEVER_PRESENT, 3, 23,
            "The field's versions \"2+\" share no version with validVersions \"0-1\", so it is never on the wire.", """
            @ApiKey(value = 10000, type = MessageType.REQUEST, validVersions = "0-1", flexibleVersions = "none")
            public record Bad(
                @Field(versions = "2+") int a) {}
            """),
        of(Diagnostic.NULLABLE_TYPE, 3, 48,
            "The field is int32 and sets nullableVersions.", """
            @ApiKey(value = 10000, type = MessageType.REQUEST, validVersions = "0", flexibleVersions = "none")
            public record Bad(
                @Field(versions = "0+", nullableVersions = "0+") int a) {}
            """),
        of(Diagnostic.TAG_NEGATIVE, 3, 18,
            "The tag is -2.", """
            @ApiKey(value = 10000, type = MessageType.REQUEST, validVersions = "0", flexibleVersions = "0+")
            public record Bad(
                @Field(tag = -2, taggedVersions = "0+") int a) {}
            """),
        of(Diagnostic.TAG_WITHOUT_TAGGED_VERSIONS, 3, 35,
            "The field has tag 0 but no taggedVersions.", """
            @ApiKey(value = 10000, type = MessageType.REQUEST, validVersions = "0", flexibleVersions = "0+")
            public record Bad(
                @Field(versions = "0+", tag = 0) int a) {}
            """),
        of(Diagnostic.TAGGED_VERSIONS_WITHOUT_TAG, 3, 46,
            "The field has taggedVersions \"0+\" but no tag.", """
            @ApiKey(value = 10000, type = MessageType.REQUEST, validVersions = "0", flexibleVersions = "0+")
            public record Bad(
                @Field(versions = "0+", taggedVersions = "0+") int a) {}
            """),
        of(Diagnostic.TAGGED_VERSIONS_NOT_OPEN_ENDED, 3, 55,
            "taggedVersions is \"1-2\", which ends at version 2.", """
            @ApiKey(value = 10000, type = MessageType.REQUEST, validVersions = "0-3", flexibleVersions = "1+")
            public record Bad(
                @Field(versions = "1+", tag = 0, taggedVersions = "1-2") int a) {}
            """),
        of(Diagnostic.TAGGED_OUTSIDE_VERSIONS, 3, 56,
            "taggedVersions \"1+\" includes versions the field does not exist in (its versions are \"1-2\").", """
            @ApiKey(value = 10000, type = MessageType.REQUEST, validVersions = "0-3", flexibleVersions = "1+")
            public record Bad(
                @Field(versions = "1-2", tag = 0, taggedVersions = "1+") int a) {}
            """),
        of(Diagnostic.TAG_OUTSIDE_FLEXIBLE, 3, 55,
            "taggedVersions \"1+\" includes versions that are not flexible (flexibleVersions is \"2+\").", """
            @ApiKey(value = 10000, type = MessageType.REQUEST, validVersions = "0-3", flexibleVersions = "2+")
            public record Bad(
                @Field(versions = "1+", tag = 0, taggedVersions = "1+") int a) {}
            """),
        of(Diagnostic.DUPLICATE_TAG, 4, 18,
            "Tag 0 is already used by another field of Bad.", """
            @ApiKey(value = 10000, type = MessageType.REQUEST, validVersions = "0", flexibleVersions = "0+")
            public record Bad(
                @Field(tag = 0, taggedVersions = "0+") int a,
                @Field(tag = 0, taggedVersions = "0+") int b) {}
            """),
        of(Diagnostic.TAGS_NOT_CONTIGUOUS, 4, 18,
            "Tag 1 is missing in Bad, whose tags are [0, 2].", """
            @ApiKey(value = 10000, type = MessageType.REQUEST, validVersions = "0", flexibleVersions = "0+")
            public record Bad(
                @Field(tag = 0, taggedVersions = "0+") int a,
                @Field(tag = 2, taggedVersions = "0+") int b) {}
            """),
        of(Diagnostic.TAGGED_NULLABILITY, 3, 63,
            "nullableVersions \"2+\" covers only some of taggedVersions \"1+\".", """
            @ApiKey(value = 10000, type = MessageType.REQUEST, validVersions = "0-3", flexibleVersions = "0+")
            public record Bad(
                @Field(tag = 0, taggedVersions = "1+", nullableVersions = "2+") String a) {}
            """),
        of(Diagnostic.TAGGED_RECORDS, 3, 18,
            "The field is records and has a tag.", """
            @ApiKey(value = 10000, type = MessageType.REQUEST, validVersions = "0", flexibleVersions = "0+")
            public record Bad(
                @Field(tag = 0, taggedVersions = "0+", nullableVersions = "0+") Records a) {}
            """),
        of(Diagnostic.MAP_KEY_TAGGED, 4, 55,
            "The field is tagged and sets mapKey.", """
            @ApiKey(value = 10000, type = MessageType.REQUEST, validVersions = "0", flexibleVersions = "0+")
            public record Bad(@Field(versions = "0+") List<Item> items) {
              public record Item(
                  @Field(tag = 0, taggedVersions = "0+", mapKey = true) int id) {}
            }
            """),
        of(Diagnostic.MAP_KEY_TOP_LEVEL, 3, 38,
            "mapKey is set on a top-level field of the message.", """
            @ApiKey(value = 10000, type = MessageType.REQUEST, validVersions = "0", flexibleVersions = "none")
            public record Bad(
                @Field(versions = "0+", mapKey = true) int a) {}
            """),
        of(Diagnostic.FIELD_FLEXIBLE_TYPE, 3, 48,
            "The field is int32 and sets flexibleVersions.", """
            @ApiKey(value = 10000, type = MessageType.REQUEST, validVersions = "0-1", flexibleVersions = "1+")
            public record Bad(
                @Field(versions = "0+", flexibleVersions = "none") int a) {}
            """),
        of(Diagnostic.FIELD_FLEXIBLE_SUBSET, 3, 48,
            "The field's flexibleVersions is \"0+\", in a message whose flexibleVersions is \"1+\".", """
            @ApiKey(value = 10000, type = MessageType.REQUEST, validVersions = "0-1", flexibleVersions = "1+")
            public record Bad(
                @Field(versions = "0+", flexibleVersions = "0+") String a) {}
            """),
        of(Diagnostic.ZERO_COPY_TYPE, 3, 40,
            "The component is byte[], with zeroCopy = true.", """
            @ApiKey(value = 10000, type = MessageType.REQUEST, validVersions = "0", flexibleVersions = "none")
            public record Bad(
                @Field(versions = "0+", zeroCopy = true) byte[] a) {}
            """),
        of(Diagnostic.ENTITY_TYPE_MISMATCH, 3, 52,
            "entityType TOPIC_NAME is set on a field of type int32.", """
            @ApiKey(value = 10000, type = MessageType.REQUEST, validVersions = "0", flexibleVersions = "none")
            public record Bad(
                @Field(versions = "0+", entityType = EntityType.TOPIC_NAME) int a) {}
            """),

        // ---- defaults ----
        of(Diagnostic.DEFAULT_UNPARSABLE, 3, 44,
            "The default \"twelve\" is not a decimal or 0x-hexadecimal int32.", """
            @ApiKey(value = 10000, type = MessageType.REQUEST, validVersions = "0", flexibleVersions = "none")
            public record Bad(
                @Field(versions = "0+", defaultValue = "twelve") int a) {}
            """),
        of(Diagnostic.DEFAULT_OUT_OF_RANGE, 3, 44,
            "The default 40000 is outside int16's range -32768 to 32767.", """
            @ApiKey(value = 10000, type = MessageType.REQUEST, validVersions = "0", flexibleVersions = "none")
            public record Bad(
                @Field(versions = "0+", defaultValue = "40000") short a) {}
            """),
        of(Diagnostic.DEFAULT_NOT_ALLOWED, 3, 44,
            "The default is \"AAEC\", on a bytes field.", """
            @ApiKey(value = 10000, type = MessageType.REQUEST, validVersions = "0", flexibleVersions = "none")
            public record Bad(
                @Field(versions = "0+", defaultValue = "AAEC") byte[] a) {}
            """),
        of(Diagnostic.NULL_DEFAULT_NOT_NULLABLE, 3, 69,
            "The default is null, but the field exists in versions \"0+\" and is nullable only in \"1+\".", """
            @ApiKey(value = 10000, type = MessageType.REQUEST, validVersions = "0-1", flexibleVersions = "none")
            public record Bad(
                @Field(versions = "0+", nullableVersions = "1+", defaultValue = "null") String a) {}
            """));
  }
}

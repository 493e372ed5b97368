package io.kwire.tests.conformance;

import java.util.Optional;
import java.util.OptionalInt;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kwire.annotations.Listener;
import io.kwire.annotations.MessageType;
import io.kwire.runtime.meta.FieldDescriptor;
import io.kwire.runtime.meta.MessageDescriptor;
import io.kwire.runtime.meta.StructDescriptor;
import io.kwire.runtime.meta.VersionRange;
import io.kwire.tests.conformance.SpecCheck.Release;
import io.kwire.tests.conformance.SpecModel.MessageSpec;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/**
 * The comparison itself: a hand-written spec against hand-built kwire descriptors, right and
 * deliberately wrong, so the conformance test is known to be able to fail and to say why.
 */
class SpecCheckTest {
  private static final String SPEC = """
      // A made-up request using each feature the comparison looks at.
      {
        "apiKey": 99,
        "type": "request",
        "name": "SampleRequest",
        "validVersions": "0-3",
        "flexibleVersions": "2+",
        "listeners": ["broker", "controller"],
        "fields": [
          { "name": "TimeoutMs", "type": "int32", "versions": "0+", "default": "0x7fffffff",
            "about": "hex default" },
          { "name": "Topics", "type": "[]SampleTopic", "versions": "0+", "nullableVersions": "1+",
            "fields": [
              { "name": "Name", "type": "string", "versions": "0+", "mapKey": true, "entityType": "topicName" },
              { "name": "Partitions", "type": "[]int32", "versions": "1+" }
          ]},
          { "name": "Validate", "type": "bool", "versions": "1+", "default": false, "ignorable": true },
          { "name": "Owner", "type": "Owner", "versions": "3+" },
          { "name": "ClusterId", "type": "string", "versions": "2+", "nullableVersions": "2+",
            "default": "null", "taggedVersions": "2+", "tag": 0 }
        ],
        "commonStructs": [
          { "name": "Owner", "versions": "0+", "fields": [
            { "name": "Id", "type": "int64", "versions": "0+", "default": -1 }
          ]}
        ]
      }
      """;

  /** A kwire model of {@link #SPEC}, mutable so each test can break one thing. */
  private static final class Sample {
    String validVersions = "0-3";
    String flexibleVersions = "2+";
    List<Listener> listeners = List.of(Listener.CONTROLLER, Listener.BROKER);
    /** By path; children follow their parent's path. Re-inserting an entry moves it last. */
    final Map<String, F> fields = new LinkedHashMap<>();

    Sample() {
      // Same meaning as the spec, some of it spelled differently on purpose.
      fields.put("TimeoutMs", new F("int32").defaultValue("2147483647"));
      fields.put("Topics", new F("[]SampleTopic").nullable("1+"));
      fields.put("Topics.Name", new F("string").mapKey().entityType("topicName"));
      fields.put("Topics.Partitions", new F("[]int32").versions("1+"));
      fields.put("Validate", new F("bool").versions("1+").ignorable().defaultValue("FALSE"));
      fields.put("Owner", new F("Owner").versions("3+"));
      fields.put("Owner.Id", new F("int64").defaultValue("-1"));
      fields.put("ClusterId", new F("string").versions("2+").nullable("2+").tagged(0, "2+").defaultValue("null"));
    }

    MessageDescriptor build() {
      return new MessageDescriptor("SampleRequest", MessageType.REQUEST, (short) 99,
          VersionRange.parse(validVersions), VersionRange.parse(flexibleVersions), VersionRange.NONE, false,
          listeners, new StructDescriptor("SampleRequest", children("")));
    }

    private List<FieldDescriptor> children(String parent) {
      List<FieldDescriptor> list = new ArrayList<>();
      for (Map.Entry<String, F> e : fields.entrySet()) {
        String path = e.getKey();
        String name = path.substring(path.lastIndexOf('.') + 1);
        String prefix = path.contains(".") ? path.substring(0, path.lastIndexOf('.')) : "";
        if (prefix.equals(parent)) {
          List<FieldDescriptor> kids = children(path);
          String structName = e.getValue().type.replace("[]", "");
          StructDescriptor struct = kids.isEmpty() ? null : new StructDescriptor(structName, kids);
          list.add(e.getValue().build(name, struct));
        }
      }
      return list;
    }
  }

  /** A field descriptor under construction, with the descriptor's defaults for everything. */
  private static final class F {
    String type;
    String versions = "0+";
    String nullable = "none";
    int tag = -1;
    String tagged = "none";
    boolean ignorable;
    String defaultValue = "";
    boolean mapKey;
    String flexible;
    boolean zeroCopy;
    String entityType = "unknown";

    F(String type) {
      this.type = type;
    }

    F versions(String v) {
      versions = v;
      return this;
    }

    F nullable(String v) {
      nullable = v;
      return this;
    }

    F tagged(int t, String v) {
      tag = t;
      tagged = v;
      return this;
    }

    F ignorable() {
      ignorable = true;
      return this;
    }

    F defaultValue(String d) {
      defaultValue = d;
      return this;
    }

    F mapKey() {
      mapKey = true;
      return this;
    }

    F entityType(String e) {
      entityType = e;
      return this;
    }

    FieldDescriptor build(String name, StructDescriptor struct) {
      String javaName = Character.toLowerCase(name.charAt(0)) + name.substring(1);
      return new FieldDescriptor(name, javaName, type, VersionRange.parse(versions), VersionRange.parse(nullable),
          tag < 0 ? OptionalInt.empty() : OptionalInt.of(tag), VersionRange.parse(tagged), ignorable, defaultValue, mapKey,
          Optional.ofNullable(flexible).map(VersionRange::parse), zeroCopy, entityType, struct, false);
    }
  }

  private static List<String> differences(Consumer<Sample> breakIt) {
    Sample sample = new Sample();
    breakIt.accept(sample);
    return run(sample.build()).differences().stream().map(Difference::toString).toList();
  }

  private static SpecCheck.Result run(MessageDescriptor model) {
    MessageSpec spec = SpecModel.parse(SPEC);
    return SpecCheck.run(spec, Release.NEWEST, null, new KwireModels(List.of(model)));
  }

  @Test
  void matchingModelHasNoDifferences() {
    SpecCheck.Result result = run(new Sample().build());
    assertEquals(List.of(), result.differences());
    assertEquals(4, result.versionsChecked());
    // v0: TimeoutMs, Topics, Name; v1: + Partitions, Validate; v2: + ClusterId; v3: + Owner, Id
    assertEquals(3 + 5 + 6 + 8, result.fieldsCompared());
  }

  @Test
  void wrongTypeIsReportedAtEveryVersion() {
    assertEquals(List.of(
            "v0 SampleRequest.TimeoutMs: type: Kafka=int32, kwire=int64",
            "v1 SampleRequest.TimeoutMs: type: Kafka=int32, kwire=int64",
            "v2 SampleRequest.TimeoutMs: type: Kafka=int32, kwire=int64",
            "v3 SampleRequest.TimeoutMs: type: Kafka=int32, kwire=int64"),
        differences(s -> s.fields.get("TimeoutMs").type = "int64"));
  }

  @Test
  void missingFieldIsReportedWhereKafkaHasIt() {
    assertEquals(List.of(
            "v1 SampleRequest.Validate: field: Kafka=present, kwire=missing",
            "v2 SampleRequest.Validate: field: Kafka=present, kwire=missing",
            "v3 SampleRequest.Validate: field: Kafka=present, kwire=missing"),
        differences(s -> s.fields.remove("Validate")));
  }

  @Test
  void extraFieldIsReported() {
    assertEquals(List.of("v3 SampleRequest.Owner.Extra: field: Kafka=absent, kwire=present"),
        differences(s -> s.fields.put("Owner.Extra", new F("int8"))));
  }

  @Test
  void fieldPresentInWrongVersionIsReported() {
    assertEquals(List.of("v0 SampleRequest.Topics.Partitions: field: Kafka=absent, kwire=present"),
        differences(s -> s.fields.get("Topics.Partitions").versions("0+")));
  }

  @Test
  void wrongNullableVersionIsReportedAtThatVersionOnly() {
    assertEquals(List.of("v1 SampleRequest.Topics: nullable: Kafka=true, kwire=false"),
        differences(s -> s.fields.get("Topics").nullable("2+")));
  }

  @Test
  void wrongTagIsReported() {
    assertEquals(List.of(
            "v2 SampleRequest.ClusterId: tag: Kafka=0, kwire=1",
            "v3 SampleRequest.ClusterId: tag: Kafka=0, kwire=1"),
        differences(s -> s.fields.get("ClusterId").tag = 1));
  }

  @Test
  void untaggedFieldIsReported() {
    assertEquals(List.of(
            "v2 SampleRequest.ClusterId: tagged: Kafka=true, kwire=false",
            "v2 SampleRequest.ClusterId: tag: Kafka=0, kwire=-",
            "v3 SampleRequest.ClusterId: tagged: Kafka=true, kwire=false",
            "v3 SampleRequest.ClusterId: tag: Kafka=0, kwire=-"),
        differences(s -> s.fields.get("ClusterId").tagged(-1, "none")));
  }

  @Test
  void wrongDefaultsAreReported() {
    assertEquals(List.of("v3 SampleRequest.Owner.Id: default: Kafka=-1, kwire=0"),
        differences(s -> s.fields.get("Owner.Id").defaultValue("")));
    assertEquals(List.of(
            "v2 SampleRequest.ClusterId: default: Kafka=null, kwire=\"\"",
            "v3 SampleRequest.ClusterId: default: Kafka=null, kwire=\"\""),
        differences(s -> s.fields.get("ClusterId").defaultValue("")));
    assertEquals(List.of(
            "v1 SampleRequest.Validate: default: Kafka=false, kwire=true",
            "v2 SampleRequest.Validate: default: Kafka=false, kwire=true",
            "v3 SampleRequest.Validate: default: Kafka=false, kwire=true"),
        differences(s -> s.fields.get("Validate").defaultValue("true")));
  }

  @Test
  void nestedAttributesAreReportedWithTheirPath() {
    assertEquals(List.of(
            "v0 SampleRequest.Topics.Name: mapKey: Kafka=true, kwire=false",
            "v0 SampleRequest.Topics.Name: entityType: Kafka=topicName, kwire=unknown",
            "v1 SampleRequest.Topics.Name: mapKey: Kafka=true, kwire=false",
            "v1 SampleRequest.Topics.Name: entityType: Kafka=topicName, kwire=unknown",
            "v2 SampleRequest.Topics.Name: mapKey: Kafka=true, kwire=false",
            "v2 SampleRequest.Topics.Name: entityType: Kafka=topicName, kwire=unknown",
            "v3 SampleRequest.Topics.Name: mapKey: Kafka=true, kwire=false",
            "v3 SampleRequest.Topics.Name: entityType: Kafka=topicName, kwire=unknown"),
        differences(s -> s.fields.put("Topics.Name", new F("string"))));
  }

  @Test
  void fieldOrderIsReported() {
    List<String> found = differences(s -> s.fields.put("TimeoutMs", s.fields.remove("TimeoutMs")));
    assertEquals(4, found.size(), found::toString);
    assertEquals("v0 SampleRequest: field order: Kafka=[TimeoutMs, Topics], kwire=[Topics, TimeoutMs]", found.get(0));
  }

  @Test
  void fieldLevelFlexibleVersionsAreReported() {
    assertEquals(List.of(
            "v2 SampleRequest.ClusterId: flexible (compact encoding): Kafka=true, kwire=false",
            "v3 SampleRequest.ClusterId: flexible (compact encoding): Kafka=true, kwire=false"),
        differences(s -> s.fields.get("ClusterId").flexible = "none"));
  }

  @Test
  void wrongMessageFlexibleVersionsIsReportedOncePerVersion() {
    assertEquals(List.of("v2 SampleRequest: flexible: Kafka=true, kwire=false"),
        differences(s -> s.flexibleVersions = "3+"));
  }

  @Test
  void missingVersionIsReportedWithoutFieldNoise() {
    assertEquals(List.of("v3 SampleRequest: validVersions contains version: Kafka=true, kwire=false"),
        differences(s -> s.validVersions = "0-2"));
  }

  @Test
  void versionNeitherReleaseDefinesIsReported() {
    assertEquals(List.of("v4 SampleRequest: version: Kafka=not defined by either release, kwire=declared"),
        differences(s -> s.validVersions = "0-4"));
  }

  @Test
  void listenersAreComparedAsASet() {
    assertEquals(List.of("all versions SampleRequest: listeners: Kafka=[broker, controller], kwire=[broker, zkBroker]"),
        differences(s -> s.listeners = List.of(Listener.ZK_BROKER, Listener.BROKER)));
  }

  @Test
  void missingRecordIsReported() {
    MessageDescriptor other = new MessageDescriptor("OtherRequest", MessageType.REQUEST, (short) 99,
        VersionRange.parse("0-3"), VersionRange.NONE, VersionRange.NONE, false, List.of(),
        new StructDescriptor("OtherRequest", List.of()));
    SpecCheck.Result result = SpecCheck.run(SpecModel.parse(SPEC), Release.NEWEST, null,
        new KwireModels(List.of(other)));
    assertEquals(List.of("all versions SampleRequest: kwire record: Kafka=defined, "
            + "kwire=no kwire record; the kwire request with apiKey 99 is named OtherRequest"),
        result.differences().stream().map(Difference::toString).toList());
  }

  @Test
  void olderReleaseIsCheckedOnlyWhereTheNewerLacksTheVersion() {
    MessageSpec newer = SpecModel.parse(SPEC.replace("\"0-3\"", "\"2-4\""));
    MessageSpec older = SpecModel.parse(SPEC);
    assertEquals(List.of(0, 1), SpecCheck.versionsToCheck(older, Release.LEGACY, newer));
    assertEquals(List.of(0, 1, 2, 3), SpecCheck.versionsToCheck(older, Release.LEGACY, null));
    assertEquals(List.of(2, 3, 4), SpecCheck.versionsToCheck(newer, Release.NEWEST, older));
  }

  @Test
  void olderReleaseDefersDeclarationOnlyAttributesToTheNewerOne() {
    // The newer release dropped v0-1 and made Topics.Name ignorable; a merged kwire record says so.
    MessageSpec newer = SpecModel.parse(SPEC.replace("\"0-3\"", "\"2-3\"")
        .replace("\"mapKey\": true,", "\"mapKey\": true, \"ignorable\": true,"));
    MessageSpec older = SpecModel.parse(SPEC);
    Sample sample = new Sample();
    sample.fields.get("Topics.Name").ignorable();
    KwireModels models = new KwireModels(List.of(sample.build()));
    assertEquals(List.of(), SpecCheck.run(older, Release.LEGACY, newer, models).differences());
    assertEquals(List.of(), SpecCheck.run(newer, Release.NEWEST, older, models).differences());
    // Where the newer release lacks the message, the older one's value is checked.
    assertEquals(List.of(
            "v0 SampleRequest.Topics.Name: ignorable: Kafka=false, kwire=true",
            "v1 SampleRequest.Topics.Name: ignorable: Kafka=false, kwire=true",
            "v2 SampleRequest.Topics.Name: ignorable: Kafka=false, kwire=true",
            "v3 SampleRequest.Topics.Name: ignorable: Kafka=false, kwire=true"),
        SpecCheck.run(older, Release.LEGACY, null, models).differences().stream()
            .map(Difference::toString).toList());
  }

  @Test
  void defaultsCompareByMeaning() {
    assertEquals(Defaults.normalize("int32", "0x7fffffff"), Defaults.normalize("int32", "2147483647"));
    assertEquals(Defaults.normalize("int16", null), Defaults.normalize("int16", "0"));
    assertEquals(Defaults.normalize("bool", "False"), Defaults.normalize("bool", ""));
    assertEquals(Defaults.normalize("string", ""), Defaults.normalize("string", null));
    assertEquals("null", Defaults.normalize("records", "whatever"));
    assertEquals(Defaults.normalize("uuid", "AAAAAAAAAAAAAAAAAAAAAA"), Defaults.normalize("uuid", null));
    assertTrue(!Defaults.normalize("string", "null").equals(Defaults.normalize("string", "")));
    assertTrue(!Defaults.normalize("[]int32", "null").equals(Defaults.normalize("[]int32", "")));
  }

  @Test
  void specReaderRejectsUnknownAttributes() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> SpecModel.parse(SPEC.replace("\"ignorable\": true", "\"ignorable\": true, \"colour\": 1")));
    assertTrue(e.getMessage().contains("colour"), e.getMessage());
  }
}

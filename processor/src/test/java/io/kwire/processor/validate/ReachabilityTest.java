package io.kwire.processor.validate;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.palantir.javapoet.ClassName;
import io.kwire.processor.model.DefaultValue;
import io.kwire.processor.model.FieldModel;
import io.kwire.processor.model.FieldType;
import io.kwire.processor.model.Kind;
import io.kwire.processor.model.StructModel;
import io.kwire.runtime.meta.VersionRange;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** A struct can be on the wire only in the versions of the fields that lead to it, narrowed along the way. */
class ReachabilityTest {
  private static FieldModel field(String name, FieldType type, String versions) {
    return new FieldModel(name, name, type, ClassName.OBJECT, VersionRange.parse(versions), VersionRange.NONE,
        Optional.empty(), false, DefaultValue.EMPTY, "", false, Optional.empty(), false, "unknown", false);
  }

  private static StructModel struct(String name, FieldModel... fields) {
    return new StructModel(ClassName.get("demo", name), name, List.of(fields), Optional.empty(), VersionRange.NONE);
  }

  private static FieldType of(StructModel s) {
    return new FieldType.Struct(s.className());
  }

  @Test
  void narrowsAlongEveryPathAndTakesTheHullOverPaths() {
    StructModel leaf = struct("Leaf", field("x", FieldType.scalar(Kind.INT32), "0+"));
    StructModel other = struct("Other", field("x", FieldType.scalar(Kind.INT32), "0+"));
    // Mid from v3 on; Leaf through Mid in 0-4 (so 3-4), and directly from the body in v7
    StructModel mid = struct("Mid", field("leaf", new FieldType.Array(of(leaf)), "0-4"));
    StructModel body = struct("Body",
        field("mid", of(mid), "3+"),
        field("leaf", of(leaf), "7"),
        field("other", of(other), "10+"));
    Reachability r = Reachability.compute(body, List.of(leaf, mid, other), VersionRange.parse("0-8"));
    assertEquals(VersionRange.parse("0-8"), r.body().reachableVersions());
    assertEquals(VersionRange.parse("3-7"), r.structs().get(0).reachableVersions()); // hull of 3-4 and 7
    assertEquals(VersionRange.parse("3-8"), r.structs().get(1).reachableVersions());
    assertEquals(VersionRange.NONE, r.structs().get(2).reachableVersions()); // 10+ misses 0-8
  }
}

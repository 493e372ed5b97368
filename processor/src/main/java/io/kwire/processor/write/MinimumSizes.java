package io.kwire.processor.write;

import io.kwire.processor.model.FieldModel;
import io.kwire.processor.model.FieldType;
import io.kwire.processor.model.MessageModel;
import io.kwire.processor.model.StructModel;
import io.kwire.runtime.meta.VersionRange;
import java.util.HashMap;
import java.util.Map;

/**
 * The fewest bytes an array element can take in the versions where the array is read. Readers
 * multiply an array's count by it and compare with the bytes remaining before allocating, so a
 * forged count cannot make them allocate more than the input justifies.
 */
final class MinimumSizes {
  private final MessageModel message;
  private final Map<String, Integer> memo = new HashMap<>();

  MinimumSizes(MessageModel message) {
    this.message = message;
  }

  /** At least 1, so a count is never multiplied by zero. */
  int ofElement(FieldType element, VersionRange versions) {
    if (element instanceof FieldType.Struct s) {
      int min = Integer.MAX_VALUE;
      for (int v = versions.lowest(); v <= versions.highest(); v++) {
        min = Math.min(min, ofStruct(message.struct(s.record()), v));
      }
      return min == Integer.MAX_VALUE ? 1 : Math.max(1, min);
    }
    return Math.max(1, element.kindOrNull().minimumSize(true));
  }

  private int ofStruct(StructModel struct, int version) {
    String key = struct.name() + "@" + version;
    Integer known = memo.get(key);
    if (known != null) {
      return known;
    }
    int size = message.flexibleVersions().contains(version) ? 1 : 0;
    for (FieldModel f : struct.fields()) {
      if (f.inlineVersions().contains(version)) {
        size += ofField(f, version);
      }
    }
    memo.put(key, size);
    return size;
  }

  private int ofField(FieldModel f, int version) {
    boolean compact = f.flexibleVersions().orElse(message.flexibleVersions()).contains(version);
    if (f.type() instanceof FieldType.Struct s) {
      return f.nullableVersions().contains(version) ? 1 : ofStruct(message.struct(s.record()), version);
    }
    if (f.type() instanceof FieldType.Array) {
      return compact ? 1 : 4;
    }
    return f.type().kindOrNull().minimumSize(compact);
  }
}

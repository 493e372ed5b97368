package io.kwire.processor.write;

import io.kwire.processor.model.FieldModel;
import io.kwire.processor.model.FieldType;
import io.kwire.processor.model.Kind;
import io.kwire.processor.model.MessageModel;
import io.kwire.processor.model.StructModel;
import java.util.HashMap;
import java.util.Map;

/**
 * The fewest bytes an array element can take in any valid version. Readers multiply an array's
 * count by it and compare with the bytes remaining before allocating, so a forged count cannot make
 * them allocate more than the input justifies.
 */
final class MinimumSizes {
  private final MessageModel message;
  private final Map<String, Integer> memo = new HashMap<>();

  MinimumSizes(MessageModel message) {
    this.message = message;
  }

  int ofElement(FieldType element) {
    return switch (element.kind()) {
      case STRUCT -> {
        int min = Integer.MAX_VALUE;
        for (int v = message.validVersions().lowest(); v <= message.validVersions().highest(); v++) {
          min = Math.min(min, ofStruct(message.struct(element.struct()), v));
        }
        yield Math.max(1, min);
      }
      case STRING -> 1;
      default -> Math.max(1, element.kind().fixedWidth());
    };
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
    Kind kind = f.type().kind();
    if (kind.isFixedWidth()) {
      return kind.fixedWidth();
    }
    boolean compact = (f.flexibleVersions() != null ? f.flexibleVersions() : message.flexibleVersions()).contains(version);
    return switch (kind) {
      case STRING -> compact ? 1 : 2;
      case STRUCT -> f.nullableVersions().contains(version) ? 1 : ofStruct(message.struct(f.type().struct()), version);
      default -> compact ? 1 : 4;
    };
  }
}

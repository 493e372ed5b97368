#!/usr/bin/env bash
# Size of what the processor generates, to compare generators: the version tests in the codecs, the
# lines of codecs and builders, and their bytecode (class-file bytes and bytes of method code).
# Usage: tools/generated-metrics.sh [SOURCES_DIR [CLASSES_DIR]]
#   defaults: messages/target/generated-sources/annotations and messages/target/classes (build first:
#   mvn -B -q -o -pl messages -am compile).
# A version test is a comparison of `version` with a number, or a use of a `flexible` local (which
# stands for one); the public methods' checks against LOWEST/HIGHEST_SUPPORTED_VERSION are counted
# apart, as they are not decided by any context.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
sources="${1:-$root/messages/target/generated-sources/annotations}"
classes="${2:-$root/messages/target/classes}"
for dir in "$sources" "$classes"; do
  if [[ ! -d "$dir" ]]; then
    echo "no directory $dir (build messages first)" >&2
    exit 1
  fi
done

files() { # pattern under a directory, sorted, one per line
  find "$1" -type f -name "$2" | LC_ALL=C sort
}
count_matches() { # extended regex, files on stdin
  xargs -r cat | { grep -oE "$1" || true; } | wc -l
}
lines_of() {
  xargs -r cat | wc -l
}

codecs="$(files "$sources" '*Codec.java')"
builders="$(files "$sources" '*Builder.java')"
if [[ -z "$codecs" ]]; then
  echo "no *Codec.java under $sources" >&2
  exit 1
fi

comparisons=$(count_matches '(^|[^.[:alnum:]_])version[[:space:]]*(>=|<=|==|!=|<|>)[[:space:]]*-?[0-9]' <<<"$codecs")
flexible_all=$(count_matches '(^|[^.[:alnum:]_])flexible([^[:alnum:]_]|$)' <<<"$codecs")
flexible_decl=$(count_matches 'boolean[[:space:]]+flexible[[:space:]]*=' <<<"$codecs")
range_checks=$(count_matches 'version[[:space:]]*(<|>)[[:space:]]*(LOWEST|HIGHEST)_SUPPORTED_VERSION' <<<"$codecs")

# Bytes of the Code attributes of every method, read from the class files (javap does not print it).
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cat >"$work/CodeBytes.java" <<'JAVA'
import java.io.DataInputStream;
import java.io.FileInputStream;
import java.io.IOException;

/** Prints the total class-file bytes and method-code bytes of the class files given as arguments. */
public class CodeBytes {
  public static void main(String[] args) throws IOException {
    long fileBytes = 0;
    long codeBytes = 0;
    for (String path : args) {
      fileBytes += new java.io.File(path).length();
      try (DataInputStream in = new DataInputStream(new FileInputStream(path))) {
        codeBytes += codeBytes(in);
      }
    }
    System.out.println(fileBytes + " " + codeBytes);
  }

  private static long codeBytes(DataInputStream in) throws IOException {
    in.skipNBytes(8);
    int count = in.readUnsignedShort();
    String[] utf8 = new String[count];
    for (int i = 1; i < count; i++) {
      int tag = in.readUnsignedByte();
      switch (tag) {
        case 1 -> utf8[i] = in.readUTF();
        case 3, 4, 9, 10, 11, 12, 17, 18 -> in.skipNBytes(4);
        case 5, 6 -> { in.skipNBytes(8); i++; }
        case 7, 8, 16, 19, 20 -> in.skipNBytes(2);
        case 15 -> in.skipNBytes(3);
        default -> throw new IOException("constant pool tag " + tag);
      }
    }
    in.skipNBytes(6);
    in.skipNBytes(2L * in.readUnsignedShort());
    members(in, utf8, false);
    return members(in, utf8, true);
  }

  private static long members(DataInputStream in, String[] utf8, boolean countCode) throws IOException {
    long code = 0;
    int members = in.readUnsignedShort();
    for (int m = 0; m < members; m++) {
      in.skipNBytes(6);
      int attributes = in.readUnsignedShort();
      for (int a = 0; a < attributes; a++) {
        String name = utf8[in.readUnsignedShort()];
        int length = in.readInt();
        if (countCode && "Code".equals(name)) {
          in.skipNBytes(4);
          int codeLength = in.readInt();
          code += codeLength;
          in.skipNBytes(length - 8L);
        } else {
          in.skipNBytes(length);
        }
      }
    }
    return code;
  }
}
JAVA
bytecode() { # class-file pattern
  local list
  mapfile -t list < <(files "$classes" "$1")
  if [[ ${#list[@]} -eq 0 ]]; then
    echo "0 0"
  else
    java "$work/CodeBytes.java" "${list[@]}"
  fi
}
read -r codec_file_bytes codec_code_bytes < <(bytecode '*Codec.class')
read -r builder_file_bytes builder_code_bytes < <(bytecode '*Builder*.class')

echo "generated sources: $sources"
echo "version tests in codecs: $((comparisons + flexible_all - flexible_decl))" \
  "= $comparisons comparisons of version with a number ($flexible_decl of them declaring flexible)" \
  "+ $((flexible_all - flexible_decl)) uses of flexible; not counted: $range_checks supported-range checks"
echo "codecs:   $(wc -l <<<"$codecs") files, $(lines_of <<<"$codecs") lines;" \
  "class files $codec_file_bytes bytes, method code $codec_code_bytes bytes"
echo "builders: $(wc -l <<<"$builders") files, $(lines_of <<<"$builders") lines;" \
  "class files $builder_file_bytes bytes, method code $builder_code_bytes bytes"

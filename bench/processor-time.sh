#!/usr/bin/env bash
# How long kwire's annotation processor adds to compiling messages/ (201 records -> 402 generated files).
# messages/ cannot compile without the processor (the records' codecs and builders are generated), so
# this times plain javac, the way Maven's compiler plugin runs it, over the same inputs two ways:
#   with:    the records, processed by kwire's processor (scan, validate, write 402 files, compile them)
#   without: the records plus the already generated sources, -proc:none (compiling the same code)
# The difference is the processor's own cost. Needs a built reactor (run.sh builds one).
set -euo pipefail
cd "$(dirname "$0")/.."
RUNS="${RUNS:-3}"
M2="${HOME}/.m2/repository"
JAVAPOET="$M2/com/palantir/javapoet/javapoet/0.22.0/javapoet-0.22.0.jar"
CP="annotations/target/classes:runtime/target/classes"
PROC="processor/target/classes:$JAVAPOET:annotations/target/classes:runtime/target/classes"
GEN=messages/target/generated-sources/annotations
[ -d "$GEN" ] || { echo "build messages/ first" >&2; exit 1; }
TMP="$(mktemp -d)"
trap 'rm -rf "$TMP"' EXIT
find messages/src/main/java -name '*.java' > "$TMP/records.txt"
{ cat "$TMP/records.txt"; find "$GEN" -name '*.java'; } > "$TMP/all.txt"

time_ms() {
  local start end
  start=$(date +%s%N)
  "$@" > /dev/null
  end=$(date +%s%N)
  echo $(( (end - start) / 1000000 ))
}

for i in $(seq "$RUNS"); do
  rm -rf "$TMP/a" "$TMP/b" "$TMP/s" && mkdir -p "$TMP/a" "$TMP/b" "$TMP/s"
  with=$(time_ms javac --release 17 -Xlint:all -Werror -cp "$CP" --processor-path "$PROC" \
    -d "$TMP/a" -s "$TMP/s" @"$TMP/records.txt")
  without=$(time_ms javac --release 17 -Xlint:all,-processing -Werror -proc:none -cp "$CP" \
    -d "$TMP/b" @"$TMP/all.txt")
  echo "run $i: with the processor ${with} ms, generated sources compiled without it ${without} ms, processor adds $((with - without)) ms"
done

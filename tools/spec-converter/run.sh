#!/usr/bin/env bash
# Regenerates messages/src/main/java/io/kwire/messages/ and tools/spec-converter/DIFFERENCES.md
# from the message specs inside the kafka-clients 4.4.0 and 3.9.1 jars, then self-checks them.
# Usage (from anywhere): tools/spec-converter/run.sh [--check]
#   --check  only verify the checked-in records against the specs; write nothing.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
m2="${M2_REPO:-$HOME/.m2/repository}/org/apache/kafka/kafka-clients"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

for version in 4.4.0 3.9.1; do
  jar="$m2/$version/kafka-clients-$version.jar"
  if [[ ! -f "$jar" ]]; then
    echo "missing $jar (resolve it first, e.g. mvn -B -q -pl tests -am test-compile)" >&2
    exit 1
  fi
  mkdir -p "$work/specs-$version"
  (cd "$work/specs-$version" && jar xf "$jar" common/message)
done

# The spec reader and the record writer live in the kwire-spec module (spec/), shared with `kwire records`.
javac -Xlint:all -Werror -d "$work/classes" $(find "$here/src" "$root/spec/src/main/java" -name '*.java')
mode=()
if [[ "${1:-}" == "--check" ]]; then
  mode=(--check)
fi
cd "$root"
java -cp "$work/classes" io.kwire.tools.specconverter.SpecConverter "${mode[@]}" \
  "$work/specs-4.4.0" "$work/specs-3.9.1" \
  messages/src/main/java/io/kwire/messages tools/spec-converter/DIFFERENCES.md

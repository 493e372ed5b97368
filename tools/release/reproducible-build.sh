#!/usr/bin/env bash
# Builds the shipped modules twice from clean (`mvn clean package -Prelease -DskipTests`, so that
# kwire-messages' javadoc jar is built too) and compares every jar byte for byte: with
# project.build.outputTimestamp set (root pom), two builds of one commit must be identical. Takes
# two full builds (about 10 minutes on two cores); CI runs the cheap half, artifact:check-buildplan.
# Extra arguments go to Maven (e.g. -o). Exit 1 and the names of the jars that differ otherwise.
set -euo pipefail
cd "$(dirname "$0")/../.."

modules=annotations,runtime,spec,processor,messages,json,bridge,net,fake,proxy,cli
out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT

for run in 1 2; do
  mvn -B -q -Prelease clean package -DskipTests -pl "$modules" "$@"
  mkdir -p "$out/$run"
  for jar in */target/*.jar; do
    cp "$jar" "$out/$run/$(dirname "$(dirname "$jar")")--$(basename "$jar")"
  done
done

differ=0
count=0
for first in "$out"/1/*.jar; do
  name="$(basename "$first")"
  count=$((count + 1))
  if ! cmp -s "$first" "$out/2/$name"; then
    echo "DIFFERS: $name"
    differ=$((differ + 1))
  fi
done
if [ "$differ" -ne 0 ]; then
  echo "reproducible-build: $differ of $count jars differ between two builds"
  exit 1
fi
echo "reproducible-build: all $count jars byte-identical in two builds"

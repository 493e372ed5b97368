#!/usr/bin/env bash
# Stages a release of kwire: `mvn -Prelease deploy` writes every published module (POM, jar, sources
# and javadoc jars, checksums; signatures when -Dgpg.keyname=KEY is given) to target/staging-deploy in
# the layout Maven Central takes, then CheckStaging.java fails if any required piece is missing.
# Extra arguments go to Maven, e.g. `tools/release/stage.sh -DskipTests` on a commit CI has passed,
# or `-Dgpg.keyname=KEY` to sign. The local repository (~/.m2) is left alone. See docs/releasing.md.
set -euo pipefail
cd "$(dirname "$0")/../.."

signed=
for arg in "$@"; do
  case "$arg" in
    -Dgpg.keyname=*) signed=--signed ;;
  esac
done

rm -rf target/staging-deploy
# tests/, e2e/ and examples/ are not published (and skip deploy); the release's tests ran in CI.
mvn -B -Prelease deploy -pl '!tests,!e2e,!examples' "$@"
java tools/release/CheckStaging.java target/staging-deploy $signed

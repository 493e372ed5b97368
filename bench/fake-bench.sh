#!/usr/bin/env bash
# kwire-fake against an embedded Kafka 4.4.0 broker (docs/fake.md, "Figures"): start times, the
# kwire fake process, an e2e-like workload, acks=all producer records/s, the workload's heap.
# About 3-4 minutes on a 2-core machine; ends with a Markdown summary table.
#   bash bench/fake-bench.sh                     # build (-Pbench), then everything
#   SKIP_BUILD=1 bash bench/fake-bench.sh        # without the build
#   SKIP_BUILD=1 bash bench/fake-bench.sh profile fake 10   # the producer alone under JFR, summarised
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -z "${SKIP_BUILD:-}" ]; then
  # -am builds cli too: its cli/target/kwire.jar is what (b) launches.
  mvn -B -q -o -Pbench -pl bench -am package -DskipTests -Dinvoker.skip -Dmaven.javadoc.skip -Dmaven.source.skip
fi
CP="bench/target/classes:$(cat bench/target/classpath.txt)"
if [ "${1:-}" = "profile" ]; then
  target="${2:-fake}" seconds="${3:-10}" jfr_file="bench/target/fake-bench-$target.jfr"
  java -Xms1g -Xmx1g -XX:StartFlightRecording=filename="$jfr_file",settings=profile -cp "$CP" \
    io.kwire.bench.fake.FakeBench produce "$target" "$seconds"
  # Top frames and top kwire/fake frames of the execution samples, by thread.
  jfr print --events jdk.ExecutionSample "$jfr_file" | python3 bench/jfr-top.py
  exit 0
fi
exec java -Xms1g -Xmx1g -cp "$CP" io.kwire.bench.fake.FakeBench all cli/target/kwire.jar

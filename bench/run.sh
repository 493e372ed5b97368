#!/usr/bin/env bash
# The JMH suite, kwire and kafka-clients 4.4.0 side by side, with a table at the end.
#   bash bench/run.sh                 # everything (about 14.5 minutes on a 2-core machine)
#   bash bench/run.sh 'Metadata|Heartbeat'   # a regular expression over benchmark names
# Tunables (environment): WARMUP=8 WARMUP_TIME=600ms ITERATIONS=5 TIME=400ms FORKS=1 PROFILERS="-prof gc"
# Each workload's Kafka and kwire benchmarks run in the same invocation, one after the other.
set -euo pipefail
cd "$(dirname "$0")/.."

# The side-by-side suite; JsonLinesBench (the kwire command's --jsonl modes, no Kafka counterpart)
# runs only when named: bash bench/run.sh JsonLinesBench
FILTER="${1:-^(?!.*JsonLinesBench).*}"
WARMUP="${WARMUP:-8}"
WARMUP_TIME="${WARMUP_TIME:-600ms}"
ITERATIONS="${ITERATIONS:-5}"
TIME="${TIME:-400ms}"
FORKS="${FORKS:-1}"
PROFILERS="${PROFILERS:--prof gc}"
OUT="${OUT:-bench/target/results}"

if [ -z "${SKIP_BUILD:-}" ]; then
  # Only the modules the bench needs; no tests, no javadoc, no example build.
  mvn -B -q -o -Pbench -pl bench -am package -DskipTests -Dinvoker.skip -Dmaven.javadoc.skip -Dmaven.source.skip
fi
CP="bench/target/classes:$(cat bench/target/classpath.txt)"
mkdir -p "$OUT"

# Same bytes from both libraries for every workload, or no timing at all.
java -cp "$CP" io.kwire.bench.VerifyWorkloads | tee "$OUT/workloads.tsv"

# shellcheck disable=SC2086
java -cp "$CP" org.openjdk.jmh.Main "$FILTER" \
  -wi "$WARMUP" -w "$WARMUP_TIME" -i "$ITERATIONS" -r "$TIME" -f "$FORKS" -foe true \
  -jvmArgs "-Xms1g -Xmx1g" $PROFILERS \
  -rf json -rff "$OUT/jmh.json" | tee "$OUT/jmh.log"

python3 bench/table.py "$OUT/workloads.tsv" "$OUT/jmh.json" | tee "$OUT/table.md"

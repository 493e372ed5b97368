#!/usr/bin/env bash
# Issue 26: a share consumer's records/s and a Kafka Streams word count's wall time, kwire-fake
# against an embedded Kafka 4.4.0 broker (docs/fake.md, "Figures"). Rounds alternate the sides.
#   bash bench/share-streams-bench.sh                    # build (-Pbench), then everything, 5 rounds
#   SKIP_BUILD=1 bash bench/share-streams-bench.sh all 3
#   SKIP_BUILD=1 bash bench/share-streams-bench.sh share 5 200000 1 [both|fake|kafka]
#   SKIP_BUILD=1 bash bench/share-streams-bench.sh streams 5 20000 exactly_once_v2 classic [both|fake|kafka]
#   PROFILE=fake-share SKIP_BUILD=1 bash bench/share-streams-bench.sh share 3 200000 1 fake   # under JFR
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -z "${SKIP_BUILD:-}" ]; then
  # fake: the worktree's kwire-fake, not the installed one, with the modules it uses that changed since
  # ~/.m2's baseline (messages: the streams groups' error responses; net; proxy, which tests and e2e
  # compile against); tests and e2e: bench uses their test jars (EmbeddedKafka, the Kafka oracle).
  mvn -B -q -o -Pbench -pl messages,net,proxy,fake,tests,e2e,bench package -DskipTests -Dinvoker.skip -Dmaven.javadoc.skip -Dmaven.source.skip
fi
CP="bench/target/classes:$(cat bench/target/classpath.txt)"
JFR=()
if [ -n "${PROFILE:-}" ]; then
  JFR=(-XX:StartFlightRecording=filename="bench/target/$PROFILE.jfr",settings=profile)
fi
java -Xms1g -Xmx1g ${METRICS:+-Dkwire.bench.metrics=true} "${JFR[@]}" -cp "$CP" io.kwire.bench.fake.ShareStreamsBench "${@:-all}"
if [ -n "${PROFILE:-}" ]; then
  jfr print --events jdk.ExecutionSample "bench/target/$PROFILE.jfr" | python3 bench/jfr-top.py
fi

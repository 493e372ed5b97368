#!/usr/bin/env bash
# kafka-clients' consumer straight from an embedded Kafka 4.4.0 broker and through the pass-through proxy,
# alternately, over one topic written once (docs/proxy.md, "Wire speed"). Loopback, one JVM.
#   bash bench/consumer-load.sh                  # 2,000,000 records of 100 bytes, 5 rounds, 1 partition
#   bash bench/consumer-load.sh 1000000 3 4      # records, rounds, partitions
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -z "${SKIP_BUILD:-}" ]; then
  mvn -B -q -o -Pbench -pl bench -am package -DskipTests -Dinvoker.skip -Dmaven.javadoc.skip -Dmaven.source.skip
fi
exec java -Xms1g -Xmx1g -cp "bench/target/classes:$(cat bench/target/classpath.txt)" io.kwire.bench.net.ConsumerLoad "$@"

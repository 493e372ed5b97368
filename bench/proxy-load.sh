#!/usr/bin/env bash
# kwire proxy under load (docs/proxy.md, "Wire speed"): an embedded Kafka 4.4.0 broker straight, through
# the proxy (pass-through: no filter reads Produce or Fetch), through the proxy with a filter reading
# every Produce (require-header), and with --check; kafka-clients' producer and consumer, then a
# pipelined load of pre-encoded Produce frames. Loopback, one JVM.
#   bash bench/proxy-load.sh                     # 200000 records, 8 connections x 16 in flight, 5 s runs, 2 s warm-up, 2 rounds
#   bash bench/proxy-load.sh 50000 4 8 3 1 1     # records, connections, in flight, seconds, warm-up seconds, rounds
#   bash bench/proxy-load.sh - 2 2 5 2 4 direct,relay,proxy fetch   # then targets (relay: bench's BareRelay) and the frame
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -z "${SKIP_BUILD:-}" ]; then
  mvn -B -q -o -Pbench -pl bench -am package -DskipTests -Dinvoker.skip -Dmaven.javadoc.skip -Dmaven.source.skip
fi
exec java -Xms1g -Xmx1g -cp "bench/target/classes:$(cat bench/target/classpath.txt)" io.kwire.bench.net.ProxyLoad "$@"

#!/usr/bin/env bash
# kwire-net under load (docs/net.md, "Measurements"): kwire-net's server against an embedded Kafka
# 4.4.0 broker, and kwire-net's client against kafka-clients' NetworkClient, on loopback, one JVM.
#   bash bench/net-load.sh                 # 8 connections x 64 in flight, 5 s per run after 2 s warm-up, 2 rounds
#   bash bench/net-load.sh 4 32 3 1 1      # connections, in flight, seconds, warm-up seconds, rounds
#   bash bench/net-load.sh client [64 5 2 3]   # the client half alone, with CPU per round trip (ClientRoundTrips)
#   bash bench/net-load.sh hostile [3 2]       # a normal client beside hostile ones (HostileLoad)
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -z "${SKIP_BUILD:-}" ]; then
  mvn -B -q -o -Pbench -pl bench -am package -DskipTests -Dinvoker.skip -Dmaven.javadoc.skip -Dmaven.source.skip
fi
main=NetLoad
case "${1:-}" in
  client) main=ClientRoundTrips; shift ;;
  hostile) main=HostileLoad; shift ;;
esac
exec java -Xms1g -Xmx1g -cp "bench/target/classes:$(cat bench/target/classpath.txt)" "io.kwire.bench.net.$main" "$@"

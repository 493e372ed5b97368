#!/usr/bin/env bash
# kwire-capture's speed on one core, against tshark on the same file, and the memory it keeps
# (docs/capture.md, "Speed"). Everything is pinned to one core.
#   bash bench/capture-speed.sh              # generates bench/target/capture/produce-fetch-1000MB.pcap
#                                            # (fixed seed; not in git) and a 250 MB one, runs both
#   bash bench/capture-speed.sh FILE...      # captures of your own (Kafka on port $PORT)
# Environment: MB="250 1000" (sizes to generate), ROUNDS=3, CORE=1, PORT=9092, HEAP=256m,
#   SKIP_BUILD=1 (use what the last build left), NO_TSHARK=1 (tshark is timed only when installed).
set -euo pipefail
cd "$(dirname "$0")/.."
MB="${MB:-250 1000}"
ROUNDS="${ROUNDS:-3}"
CORE="${CORE:-1}"
PORT="${PORT:-9092}"
HEAP="${HEAP:-256m}"
DIR=bench/target/capture

if [ -z "${SKIP_BUILD:-}" ]; then
  # json and capture from the reactor (they may be newer than ~/.m2's); tests and e2e for the
  # test-jars bench's other harnesses need.
  mvn -B -q -o -Pbench -pl json,capture,tests,e2e,bench package -DskipTests -Dinvoker.skip \
    -Dmaven.javadoc.skip -Dmaven.source.skip
fi
CP="bench/target/classes:$(cat bench/target/classpath.txt)"
# One core for everything: the reading thread, the collector (serial, with one processor) and the JIT.
JAVA=(taskset -c "$CORE" java -XX:ActiveProcessorCount=1 -Xmx"$HEAP" -cp "$CP" io.kwire.bench.capture.CaptureSpeed)

FILES=("$@")
if [ ${#FILES[@]} -eq 0 ]; then
  mkdir -p "$DIR"
  for mb in $MB; do
    file="$DIR/produce-fetch-${mb}MB.pcap"
    [ -f "$file" ] || java -cp "$CP" io.kwire.bench.capture.CaptureSpeed generate "$mb" "$file"
    FILES+=("$file")
  done
fi

for file in "${FILES[@]}"; do
  "${JAVA[@]}" speed "$file" "$ROUNDS"
  "${JAVA[@]}" memory "$file"
  if [ -z "${NO_TSHARK:-}" ] && command -v tshark > /dev/null; then
    /usr/bin/time -f "tshark -T json $file: %e s wall, %U s user + %S s system cpu, max RSS %M KB" \
      taskset -c "$CORE" tshark -r "$file" -d "tcp.port==$PORT,kafka" -T json > /dev/null
  fi
done

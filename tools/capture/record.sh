#!/usr/bin/env bash
# Records the real captures that kwire-capture's tests read (capture/src/test/resources/captures):
# tcpdump on the loopback interface, one port, while real clients talk to the embedded Kafka 4.4.0
# broker and to kwire-fake (e2e's CaptureRecorderTest, skipped unless -Dkwire.capture.out is set).
#
#   kafka-clients-4.4.0-vs-kafka-4.4.0.pcap   Admin creates topic "orders", a producer (client id
#                                             capture-kafka-producer) sends 3 records, a consumer of group
#                                             capture-kafka-group reads them and commits
#   kafka-clients-4.4.0-vs-kwire-fake.pcap    the same against kwire-fake (client ids capture-fake-*)
#   kafka-clients-0.10.2.2-vs-kwire-fake.pcap kafka-clients 0.10.2.2 (OldKafkaClient) produces 3 records to
#                                             "legacy" and group legacy-group reads them: versions Kafka 4.0
#                                             removed, which kwire-fake still serves
#   sasl-plain-vs-kafka-4.4.0.pcap            a producer authenticating with SASL/PLAIN (alice) to the
#                                             broker's SASL_PLAINTEXT listener, then sending one record
#   kafka-clients-0.10.2.2-and-4.4.0-via-bridge.pcap
#                                             the client side of kwire bridge (the proxy in bridge mode) to
#                                             the broker: 0.10.2.2 produces 3 records to "bridged" and group
#                                             bridged-group reads them, then a 4.4.0 producer sends one
#   kafka-clients-0.9.0.1-via-bridge.pcap     the same with kafka-clients 0.9.0.1 alone: 3 records to
#                                             "bridged-09", read by group bridged-09-group
#   tls-client-via-proxy-and-plaintext-upstream.pcap
#                                             an Admin (capture-tls-admin) with TLS to the proxy, and the
#                                             proxy's plaintext connections to the broker
#   kafka-clients-4.4.0-via-proxy-both-sides.pcap
#                                             a producer sends 3 records to "proxied" through the proxy:
#                                             client<->proxy and proxy<->broker in one capture
#
# Two conversions of kafka-clients-4.4.0-vs-kwire-fake.pcap by Wireshark's tools (apt-get install tshark):
#   tshark -r kafka-clients-4.4.0-vs-kwire-fake.pcap -F pcapng -w kafka-clients-4.4.0-vs-kwire-fake.pcapng
#   editcap -F nsecpcap kafka-clients-4.4.0-vs-kwire-fake.pcap kafka-clients-4.4.0-vs-kwire-fake.nanos.pcap
#
# Needs tcpdump (apt-get install -y tcpdump) and the right to capture (root, or CAP_NET_RAW).
# The kwire modules must be installed in ~/.m2 (or add them to -pl).
set -euo pipefail
cd "$(dirname "$0")/../.."
out="${1:-capture/src/test/resources/captures}"
mkdir -p "$out"
out="$(cd "$out" && pwd)"
mvn -B -q -o -pl e2e verify -Dtest=CaptureRecorderTest -Dsurefire.failIfNoSpecifiedTests=false \
  -Dkwire.capture.out="$out"
if command -v tshark > /dev/null; then
  tshark -r "$out/kafka-clients-4.4.0-vs-kwire-fake.pcap" -F pcapng -w "$out/kafka-clients-4.4.0-vs-kwire-fake.pcapng"
  editcap -F nsecpcap "$out/kafka-clients-4.4.0-vs-kwire-fake.pcap" "$out/kafka-clients-4.4.0-vs-kwire-fake.nanos.pcap"
fi
ls -l "$out"

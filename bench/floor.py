#!/usr/bin/env python3
"""Reads bench/proxy-load.sh's output (targets direct, relay, proxy) and prints the floor (docs/proxy.md,
"Wire speed"): per round each target's rate and p99 against the same round's direct run, then the
medians and ranges of the bare relay's ratio, the proxy's ratio, and the proxy's over the relay's (what
kwire itself costs beyond the extra hop), and each one's CPU per request.
    python3 bench/floor.py run1.txt [run2.txt ...]
"""
import re
import statistics
import sys

LINE = re.compile(r"^(Produce|Fetch) frames, (.+?)\s+(\d+) req/s\s+p50\s+([\d.]+) us\s+p99\s+([\d.]+) us.*?"
                  r"([\d.]+) MB/s of responses")
CORES = re.compile(r"(\S+) ([\d.]+) \(([\d.]+) us/request(?:, ([\d.]+) user)?\)")
NAMES = {"direct": "direct", "bare relay": "relay", "proxy": "proxy"}


def rounds(path):
    """Each reported round: target -> (req/s, p99 us, MB/s, {group: us per request})."""
    out, current, last = [], None, None
    for line in open(path):
        if line.startswith("round "):
            current = {}
            out.append(current)
            continue
        m = LINE.match(line)
        if m and current is not None and m.group(2) in NAMES:
            last = NAMES[m.group(2)]
            current[last] = [float(m.group(3)), float(m.group(5)), float(m.group(6)), {}]
        elif line.strip().startswith("cores:") and current is not None and last in current:
            current[last][3] = {g: float(us) for g, _, us, _ in CORES.findall(line)}
            current[last].append({g: float(u) for g, _, _, u in CORES.findall(line) if u})
    return [r for r in out if {"direct", "relay", "proxy"} <= r.keys()]


def spread(values):
    return f"{statistics.median(values):.2f}x ({min(values):.2f}-{max(values):.2f})"


def main(paths):
    all_rounds = [r for p in paths for r in rounds(p)]
    if not all_rounds:
        sys.exit("no round with direct, relay and proxy")
    relay, proxy, beyond, relay_p99, proxy_p99 = [], [], [], [], []
    for i, r in enumerate(all_rounds, 1):
        d = r["direct"]
        relay.append(r["relay"][0] / d[0])
        proxy.append(r["proxy"][0] / d[0])
        beyond.append(r["proxy"][0] / r["relay"][0])
        relay_p99.append(r["relay"][1] / d[1])
        proxy_p99.append(r["proxy"][1] / d[1])
        print(f"round {i}: direct {d[0]:,.0f} req/s ({d[2]:.1f} MB/s) p99 {d[1]:,.0f} us;"
              f" relay {relay[-1]:.2f}x p99 {relay_p99[-1]:.2f}x (relay CPU {r['relay'][3].get('relay', 0):.1f} us/req);"
              f" proxy {proxy[-1]:.2f}x p99 {proxy_p99[-1]:.2f}x (proxy CPU {r['proxy'][3].get('proxy', 0):.1f} us/req);"
              f" proxy/relay {beyond[-1]:.2f}x")
    print(f"{len(all_rounds)} rounds, medians (ranges): relay {spread(relay)}, p99 {spread(relay_p99)};"
          f" proxy {spread(proxy)}, p99 {spread(proxy_p99)}; proxy over relay {spread(beyond)}")
    for target, group in (("relay", "relay"), ("proxy", "proxy")):
        us = [r[target][3].get(group, 0) for r in all_rounds]
        mb = [r[target][2] / r[target][0] for r in all_rounds]  # MB per request
        per_mb = statistics.median(u / 1e3 / m for u, m in zip(us, mb))
        print(f"{target} CPU: median {statistics.median(us):.1f} us per request ({min(us):.1f}-{max(us):.1f})"
              + (f", {per_mb:.2f} ms per MB of responses" if min(mb) > 0.01 else ""), end="")
        user = [r[target][4][group] for r in all_rounds if len(r[target]) > 4 and group in r[target][4]]
        print(f"; of which user mode {statistics.median(user):.1f} us per request" if user else "")


if __name__ == "__main__":
    main(sys.argv[1:])

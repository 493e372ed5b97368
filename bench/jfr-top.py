#!/usr/bin/env python3
"""Summarises `jfr print --events jdk.ExecutionSample` (stdin): samples per thread, and per thread
the methods most often on top of the stack and the kwire frames most often anywhere on it."""
import collections
import re
import sys

threads = collections.Counter()
top = collections.defaultdict(collections.Counter)
kwire = collections.defaultdict(collections.Counter)
thread, frames = None, []


def flush():
    if thread is None or not frames:
        return
    threads[thread] += 1
    top[thread][frames[0]] += 1
    for frame in dict.fromkeys(f for f in frames if f.startswith("io.kwire.")):
        kwire[thread][frame] += 1


for line in sys.stdin:
    line = line.strip()
    if line.startswith("jdk.ExecutionSample"):
        flush()
        thread, frames = None, []
    m = re.match(r'sampledThread = "(.*?)"', line)
    if m:
        thread = re.sub(r"-\d+$", "-N", m.group(1))
    m = re.match(r"([\w$.<>]+)\(.*\)\s+line:", line)
    if m:
        frames.append(m.group(1))
flush()
total = sum(threads.values())
print(f"{total} execution samples")
for name, n in threads.most_common(8):
    print(f"\n{name}: {n} samples ({100.0 * n / total:.0f}%)")
    for frame, c in top[name].most_common(8):
        print(f"  top   {100.0 * c / n:5.1f}%  {frame}")
    for frame, c in kwire[name].most_common(8):
        print(f"  kwire {100.0 * c / n:5.1f}%  {frame}")

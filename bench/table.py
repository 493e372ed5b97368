#!/usr/bin/env python3
"""Turns JMH's JSON (and VerifyWorkloads' sizes) into the side-by-side markdown table of docs/performance.md."""
import json
import sys

OPS = [  # (operation label, kwire method, Kafka method, which size the bytes/s use)
    ("encode (reused buffer)", "encodeKwire", "encodeKafka", "body"),
    ("encode to a new array", "encodeArrayKwire", "encodeArrayKafka", "body"),
    ("decode", "decodeKwire", "decodeKafka", "body"),
    ("frame encode", "frameEncodeKwire", "frameEncodeKafka", "frame"),
    ("frame decode", "frameDecodeKwire", "frameDecodeKafka", "frame"),
]


def ns(r):
    if r is None:
        return "–"
    s, e = r["score"], r["err"]
    if s >= 10000:
        return f"{s / 1000:,.1f} ± {e / 1000:,.1f} µs"
    return f"{s:,.0f} ± {e:,.0f} ns" if s >= 100 else f"{s:,.1f} ± {e:,.1f} ns"


def alloc(r):
    if r is None or r["alloc"] is None:
        return "–"
    a = r["alloc"]
    return f"{a / 1024:,.1f} KB" if a >= 10240 else f"{a:,.0f} B"


def rate(r, size):
    if r is None:
        return "–"
    bps = size / (r["score"] * 1e-9)
    return f"{bps / 1e9:,.2f} GB/s" if bps >= 1e9 else f"{bps / 1e6:,.0f} MB/s"


def main(sizes_path, json_path):
    sizes = {}
    for line in open(sizes_path):
        parts = line.rstrip("\n").split("\t")
        if parts[0] == "same":
            sizes[parts[1]] = {"name": parts[2], "body": int(parts[3]), "frame": int(parts[4])}
    results = {}
    for b in json.load(open(json_path)):
        cls, method = b["benchmark"].rsplit(".", 2)[-2:]
        pm = b["primaryMetric"]
        a = b.get("secondaryMetrics", {}).get("gc.alloc.rate.norm") or b.get("secondaryMetrics", {}).get("·gc.alloc.rate.norm")
        err = float(pm["scoreError"])  # JMH writes "NaN" (a string) when there are too few iterations
        results[(cls, method)] = {"score": float(pm["score"]), "err": 0.0 if err != err else err,
                                  "alloc": float(a["score"]) if a else None}
    print("| workload | bytes | operation | Kafka 4.4.0 | kwire | speed-up (Kafka ns / kwire ns) | alloc Kafka | alloc kwire | Kafka bytes/s | kwire bytes/s |")
    print("|---|--:|---|--:|--:|--:|--:|--:|--:|--:|")
    for cls, info in sizes.items():
        floor = results.get((cls, "copyFloor"))
        for label, kw, kf, which in OPS:
            rk, rf = results.get((cls, kw)), results.get((cls, kf))
            if rk is None and rf is None:
                continue
            ratio = f"{rf['score'] / rk['score']:.2f}×" if rk and rf else "–"
            size = info[which]
            print(f"| {info['name']} | {size:,} | {label} | {ns(rf)} | {ns(rk)} | {ratio} | {alloc(rf)} | {alloc(rk)} | {rate(rf, size)} | {rate(rk, size)} |")
        if floor:
            print(f"| {info['name']} | {info['body']:,} | copy of the bytes (floor) | | {ns(floor)} | | | {alloc(floor)} | | {rate(floor, info['body'])} |")
        new_floor = results.get((cls, "copyToNewArrayFloor"))
        if new_floor:
            print(f"| {info['name']} | {info['body']:,} | copy into a new array (floor of encode to a new array) | | {ns(new_floor)} | | | {alloc(new_floor)} | | {rate(new_floor, info['body'])} |")
    hand_table(sizes, results)


HAND_OPS = [  # (operation label, hand-written method, kwire method, Kafka method)
    ("encode (reused buffer)", "encodeHand", "encodeKwire", "encodeKafka"),
    ("decode", "decodeHand", "decodeKwire", "decodeKafka"),
]


def hand_table(sizes, results):
    """kwire against the hand-written reference codec (bench/.../handwritten), only where it ran."""
    rows = []
    for cls, info in sizes.items():
        for label, hm, kw, kf in HAND_OPS:
            rh, rk, rf = results.get((cls, hm)), results.get((cls, kw)), results.get((cls, kf))
            if rh is None:
                continue
            kwire_ratio = f"{rk['score'] / rh['score']:.2f}×" if rk else "–"
            kafka_ratio = f"{rf['score'] / rh['score']:.2f}×" if rf else "–"
            rows.append(f"| {info['name']} | {label} | {ns(rh)} | {ns(rk)} | {kwire_ratio} | {kafka_ratio} | {alloc(rh)} | {alloc(rk)} |")
    if not rows:
        return
    print()
    print("kwire against the hand-written codec (time ratios: higher = slower than the hand-written codec)")
    print()
    print("| workload | operation | hand-written | kwire | kwire / hand | Kafka / hand | alloc hand | alloc kwire |")
    print("|---|---|--:|--:|--:|--:|--:|--:|")
    for row in rows:
        print(row)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])

#!/bin/bash
# Compares builds of runtime-bench side by side on a shared machine: interleaved short runs,
# then the median of each figure per build. Single runs here vary by ±15%; the medians of 9
# interleaved runs told apart changes of about 3-5%.
#
#   cp Benchmarks/.build/release/runtime-bench /tmp/before   # build, copy; change, build, copy again
#   Benchmarks/Scripts/ab-runtime.sh 9 300000 /tmp/before /tmp/after
#
# Prints, per build: the posting thread's and the writer's CPU seconds, post() p50 and p99
# (µs) and the end-to-end logs/s.
set -euo pipefail
rounds=$1; logs=$2; shift 2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for _ in $(seq 1 "$rounds"); do
  for binary in "$@"; do
    name=$(basename "$binary")
    out=$("$binary" --logs "$logs" --store "$tmp/store" 2>&1)
    echo "$out" | grep "^cpu_seconds\[$name\]" | sed 's/.*=//' >> "$tmp/$name.main"
    echo "$out" | sed -n 's/^cpu_seconds\[bl-writer\]=//p' >> "$tmp/$name.writer"
    echo "$out" | sed -n 's/^post_p50_us=//p' >> "$tmp/$name.p50"
    echo "$out" | sed -n 's/^post_p99_us=//p' >> "$tmp/$name.p99"
    echo "$out" | sed -n 's/^logs_per_second=//p' >> "$tmp/$name.rate"
  done
done
median() { sort -n "$1" | awk '{ v[NR] = $1 } END { print (NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2) }'; }
for binary in "$@"; do
  name=$(basename "$binary")
  echo "$name: posting CPU $(median "$tmp/$name.main") s, writer CPU $(median "$tmp/$name.writer") s, p50 $(median "$tmp/$name.p50") us, p99 $(median "$tmp/$name.p99") us, $(median "$tmp/$name.rate") logs/s"
done

#!/bin/sh
# CPU time (user + system, ms) of two builds of a command, run alternately N times each under
# /usr/bin/time: best and median of each. On a shared machine compare only side by side.
# Usage: ab-cpu.sh BASE_BINARY NEW_BINARY N ARGUMENTS...
#   e.g. ab-cpu.sh /tmp/old/loggen .build/release/loggen 9 lint bench-out/corpus-1000x50
set -u
base=$1; new=$2; n=$3; shift 3
t=$(mktemp -d)
trap 'rm -rf "$t"' EXIT
: >"$t/base"; : >"$t/new"
i=0
while [ $i -lt "$n" ]; do
  for tool in base new; do
    bin=$base; [ $tool = new ] && bin=$new
    /usr/bin/time -f "%U %S" -o "$t/one" "$bin" "$@" >/dev/null 2>&1
    awk '{ printf "%d\n", ($1 + $2) * 1000 + 0.5 }' "$t/one" >>"$t/$tool"
  done
  i=$((i + 1))
done
for tool in base new; do
  sort -n "$t/$tool" | awk -v name=$tool '{ a[NR] = $1 } END { printf "%-5s best %5d ms  median %5d ms\n", name, a[1], a[int((NR + 1) / 2)] }'
done

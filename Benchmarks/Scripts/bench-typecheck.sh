#!/bin/sh
# Times `swiftc -typecheck` of the code loggen generates for the 100x50 corpus (5,000
# events) against the built BehaviorLog module, beside the floor: a file that only
# imports BehaviorLog and Foundation (compiler start-up and module loading). Best of 3.
# -wmo: one frontend type-checks every file once (without it the driver starts a
# frontend per batch of files, and each parses the whole module again).
# Usage: bench-typecheck.sh <release loggen> <bench dir>
set -e
loggen=$1
out=$2
modules=$(dirname "$loggen")/Modules
generated=$out/generated-100x50
"$loggen" generate "$out/corpus-100x50" --output "$generated" > /dev/null

# The corpus names custom types without declaring them (external types): stub them.
stubs=$out/typecheck-stubs.swift
{
  echo "import BehaviorLog"
  for type in SearchOrder DeviceKind RecipeVisibility PaymentStatus ScreenKind ButtonKind SortKey ContentKind; do
    echo "public enum $type: String, LogValueConvertible, Sendable { case value }"
  done
} > "$stubs"
floor=$out/typecheck-floor.swift
printf 'import BehaviorLog\nimport Foundation\n' > "$floor"

# Best of 3 runs: "<wall seconds> <cpu seconds>" (CPU = user + system: on a shared,
# loaded machine the wall time mostly measures the other jobs).
# BehaviorLog's interface imports LogStore, which imports the C modules CLogStoreCRC and CLogStoreAtomics.
crc_include=$(cd "$(dirname "$0")/../.." && pwd)/Sources/CLogStoreCRC/include
atomics_include=$(cd "$(dirname "$0")/../.." && pwd)/Sources/CLogStoreAtomics/include
best() {
  : > "$out/typecheck-runs"
  for run in 1 2 3; do
    if ! /usr/bin/time -f "%e %U %S" -o "$out/typecheck-time" \
        swiftc -typecheck -wmo -swift-version 6 -module-name Bench -I "$modules" -I "$crc_include" -I "$atomics_include" "$@"; then
      echo "bench-typecheck: swiftc -typecheck failed; no figure to report" >&2
      exit 1
    fi
    awk '{ print $1, $2 + $3 }' "$out/typecheck-time" >> "$out/typecheck-runs"
  done
  sort -n "$out/typecheck-runs" | head -1
}

files=$(ls "$generated"/*.swift | wc -l)
lines=$(cat "$generated"/*.swift | wc -l)
floor_time=$(best "$floor")
typecheck_time=$(best "$stubs" "$generated"/*.swift)
echo "$typecheck_time $floor_time" | awk -v n="$files" -v l="$lines" '{
  printf "swiftc -typecheck -wmo, 5,000 events (%d files, %d lines): wall %.2f s, cpu %.2f s; floor (imports only): wall %.2f s, cpu %.2f s; ratio (cpu) %.1fx (target: <= 1.5 s)\n", n, l, $1, $2, $3, $4, $2 / $4
}'

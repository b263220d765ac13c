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

best() {
  best=""
  for run in 1 2 3; do
    start=$(date +%s.%N)
    swiftc -typecheck -wmo -swift-version 6 -module-name Bench -I "$modules" "$@"
    end=$(date +%s.%N)
    best=$(echo "$start $end $best" | awk '{ t = $2 - $1; if ($3 == "" || t < $3) print t; else print $3 }')
  done
  echo "$best"
}

files=$(ls "$generated"/*.swift | wc -l)
lines=$(cat "$generated"/*.swift | wc -l)
floor_time=$(best "$floor")
typecheck_time=$(best "$stubs" "$generated"/*.swift)
awk -v t="$typecheck_time" -v f="$floor_time" -v n="$files" -v l="$lines" 'BEGIN {
  printf "swiftc -typecheck -wmo, 5,000 events (%d files, %d lines): %.2f s; floor (imports only): %.2f s; ratio %.1fx; above floor %.2f s (target: <= 1.5 s)\n", n, l, t, f, t / f, t - f
}'

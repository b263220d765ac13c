#!/bin/sh
# Times `loggen schema` and `loggen generate` beside the libcmark floor on each corpus, in
# the same run, and prints the ratios; then the build plugin's everyday case on the
# 1000-file corpus: one category edited, `loggen generate --cache` again. Each time is the
# best of 5 runs (the machine is shared and noisy); peak RSS comes from /usr/bin/time -v.
# `generate` writes into an empty folder each run (every file rendered and written).
# Usage: bench-loggen.sh <release loggen> <bench dir>
set -eu
loggen=$1
out=$2
now() { date +%s%N; }
best() {  # the best wall time, in nanoseconds, of 5 runs of "$@" (output discarded)
  b=0
  for i in 1 2 3 4 5; do
    s=$(now); "$@" >/dev/null; e=$(now)
    t=$((e - s))
    if [ "$b" -eq 0 ] || [ "$t" -lt "$b" ]; then b=$t; fi
  done
  echo "$b"
}
rss() {  # peak RSS in KB of one run of "$@"
  /usr/bin/time -v "$@" 2>&1 >/dev/null | awk '/Maximum resident set size/ {print $6}'
}
scratch=$out/generate-scratch
best_fresh() {
  b=0
  for i in 1 2 3 4 5; do
    rm -rf "$scratch"
    s=$(now); "$loggen" generate "$1" --output "$scratch" >/dev/null; e=$(now)
    t=$((e - s))
    if [ "$b" -eq 0 ] || [ "$t" -lt "$b" ]; then b=$t; fi
  done
  echo "$b"
}

printf '%-15s %8s %8s %8s %10s %10s %10s %10s\n' corpus "floor s" "schema s" "gen s" "schema/fl" "gen/floor" "schema MB" "gen MB"
for corpus in corpus-100x50 corpus-1000x50; do
  dir=$out/$corpus
  if ! "$loggen" lint "$dir" >/dev/null 2>&1; then
    echo "loggen lint $dir failed:"; "$loggen" lint "$dir" 2>&1 | head; exit 1
  fi
  tf=$(best "$out/cmark_floor" "$dir"/*.md)
  ts=$(best "$loggen" schema "$dir")
  tg=$(best_fresh "$dir")
  rs=$(rss "$loggen" schema "$dir")
  rm -rf "$scratch"
  rg=$(rss "$loggen" generate "$dir" --output "$scratch")
  awk -v c="$corpus" -v f="$tf" -v s="$ts" -v g="$tg" -v rs="$rs" -v rg="$rg" \
    'BEGIN { printf "%-15s %8.3f %8.3f %8.3f %9.2fx %9.2fx %10.1f %10.1f\n", c, f / 1e9, s / 1e9, g / 1e9, s / f, g / f, rs / 1024, rg / 1024 }'
done
echo "targets: schema <= 1.5x and generate <= 2x the floor on both corpora; peak RSS < 100 MB for 50,000 events"

# One category edited in the 1000-file set: each run adds an event to cat_0500.md (so the
# schema hash, and with it common+types.swift, changes too), then regenerates with the
# cache a previous run left. Compared with `loggen schema` of the whole set.
edit_dir=$out/edit-corpus
edit_out=$out/edit-generated
rm -rf "$edit_dir" "$edit_out"
cp -r "$out/corpus-1000x50" "$edit_dir"
cache_option=""
if "$loggen" generate --help 2>&1 | grep -q -- "--cache"; then cache_option="--cache $out/edit-cache"; fi
rm -f "$out/edit-cache"
# shellcheck disable=SC2086  # $cache_option is empty or two words
"$loggen" generate "$edit_dir" --output "$edit_out" $cache_option >/dev/null
tb=0
for i in 1 2 3 4 5; do
  printf '\n## edited_event_%s\n\nAn event added by the benchmark.\n\n- value: !integer\n    - A value\n' "$i" >> "$edit_dir/cat_0500.md"
  s=$(now)
  # shellcheck disable=SC2086
  summary=$("$loggen" generate "$edit_dir" --output "$edit_out" $cache_option)
  e=$(now)
  t=$((e - s))
  if [ "$tb" -eq 0 ] || [ "$t" -lt "$tb" ]; then tb=$t; fi
done
ts=$(best "$loggen" schema "$edit_dir")
awk -v g="$tb" -v s="$ts" -v summary="$summary" -v cache="${cache_option:+with --cache}" \
  'BEGIN { printf "one category edited, 1000x50 (%s): generate %.3f s, schema %.3f s, ratio %.2fx (target <= 1.5x); last run: %s\n", cache, g / 1e9, s / 1e9, g / s, summary }'
rm -rf "$scratch" "$edit_dir" "$edit_out" "$out/edit-cache"

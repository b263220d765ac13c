#!/bin/sh
# Times `loggen schema` and `loggen generate` beside the libcmark floor on each corpus, in
# the same run, and prints the ratios; then the build plugin's everyday case on the
# 1000-file corpus: one category edited, `loggen generate --cache` again. Each time is the
# best of 5 runs (the machine is shared and noisy); peak RSS comes from /usr/bin/time -v.
# Usage: bench-loggen.sh <release loggen> <bench dir>
#
# Nothing is deleted while timing. Every output folder is new (under $out/loggen-runs) and
# removed at the end. On ext4 without a journal (as on these machines), creating a file
# skips the recently freed inodes one by one (`recently_deleted` in a kernel profile): after
# a few thousand deletions, writing 1,000 new files costs 1-2 s of system time instead of
# 0.1 s, for about 100 s (measured here; the kernel's own figure is 30 s). A benchmark that
# deletes its output and creates it again would time its own deletions, so a run that
# follows another waits until the last run's deletions are $settle s old, and says so.
# (Other processes deleting files on the same disk have the same effect; nothing here can
# see that, so "gen new" is the column to distrust on a busy machine.)
set -eu
loggen=$1
out=$2
now() { date +%s%N; }
runs=$out/loggen-runs
settle=${LOGGEN_BENCH_SETTLE:-120}
if [ -e "$runs" ]; then
  rm -rf "$runs"
  date +%s >"$out/loggen-runs.removed"
fi
if [ -e "$out/loggen-runs.removed" ]; then
  age=$(( $(date +%s) - $(cat "$out/loggen-runs.removed") ))
  if [ "$age" -lt "$settle" ]; then
    echo "(the last run removed its output ${age} s ago; waiting $((settle - age)) s so that creating files does not time those deletions; LOGGEN_BENCH_SETTLE=0 skips this)"
    sleep $((settle - age))
  fi
fi
mkdir -p "$runs"
# measure [--fresh DIR] CMD...: the best wall time (ns) and the best CPU time (user +
# system, ms) of 5 runs, as "wall cpu". On a shared machine CPU time is the steadier figure.
# With --fresh DIR, each run writes into a new folder DIR-<run> (given as the last
# argument), kept until the end of the script.
measure() {
  fresh=""
  if [ "$1" = "--fresh" ]; then fresh=$2; shift 2; fi
  bw=0; bc=0
  for i in 1 2 3 4 5; do
    target=""
    if [ -n "$fresh" ]; then target="$fresh-$i"; fi
    s=$(now); /usr/bin/time -f "%U %S" -o "$out/bench-time" "$@" $target >/dev/null; e=$(now)
    w=$((e - s))
    c=$(awk '{ printf "%d", ($1 + $2) * 1000 + 0.5 }' "$out/bench-time")  # ms (awk's %d stops at 2^31)
    if [ "$bw" -eq 0 ] || [ "$w" -lt "$bw" ]; then bw=$w; fi
    if [ "$bc" -eq 0 ] || [ "$c" -lt "$bc" ]; then bc=$c; fi
  done
  echo "$bw $bc"
}
rss() {  # peak RSS in KB of one run of "$@"
  /usr/bin/time -v "$@" 2>&1 >/dev/null | awk '/Maximum resident set size/ {print $6}'
}

# gen new: into an empty folder (every file rendered and written); gen same: again into a
# folder that is up to date (every file rendered and compared, none written).
printf '%-15s %-5s %8s %8s %8s %8s %10s %10s %10s\n' corpus "" "floor s" "schema s" "gen new" "gen same" "schema/fl" "new/floor" "same/floor"
for corpus in corpus-100x50 corpus-1000x50; do
  dir=$out/$corpus
  if ! "$loggen" lint "$dir" >/dev/null 2>&1; then
    echo "loggen lint $dir failed:"; "$loggen" lint "$dir" 2>&1 | head; exit 1
  fi
  same=$runs/$corpus-same
  "$loggen" generate "$dir" --output "$same" >/dev/null
  set -- $(measure "$out/cmark_floor" "$dir"/*.md) $(measure "$loggen" schema "$dir") \
    $(measure --fresh "$runs/$corpus-new" "$loggen" generate "$dir" --output) \
    $(measure "$loggen" generate "$dir" --output "$same")
  awk -v c="$corpus" -v fw="$1" -v fc="$2" -v sw="$3" -v sc="$4" -v nw="$5" -v nc="$6" -v gw="$7" -v gc="$8" 'BEGIN {
    printf "%-15s %-5s %8.3f %8.3f %8.3f %8.3f %9.2fx %9.2fx %9.2fx\n", c, "wall", fw / 1e9, sw / 1e9, nw / 1e9, gw / 1e9, sw / fw, nw / fw, gw / fw
    printf "%-15s %-5s %8.3f %8.3f %8.3f %8.3f %9.2fx %9.2fx %9.2fx\n", "", "cpu", fc / 1e3, sc / 1e3, nc / 1e3, gc / 1e3, sc / fc, nc / fc, gc / fc
  }'
  rs=$(rss "$loggen" schema "$dir")
  rg=$(rss "$loggen" generate "$dir" --output "$runs/$corpus-rss")
  awk -v rs="$rs" -v rg="$rg" 'BEGIN { printf "%-15s peak RSS: schema %.1f MB, generate %.1f MB\n", "", rs / 1024, rg / 1024 }'
done
echo "targets: schema <= 1.5x and generate <= 2x the floor (wall) on both corpora; peak RSS < 100 MB for 50,000 events"
echo "(the floor is libcmark on one core; loggen parses and generates on both, so on a loaded machine wall ratios approach the cpu ones)"

# One category edited in the 1000-file set: each run adds an event to cat_0500.md (so the
# schema hash, and with it common+types.swift, changes too), then regenerates with the
# cache a previous run left. Compared with `loggen schema` of the whole set.
edit_dir=$runs/edit-corpus
edit_out=$runs/edit-generated
cp -r "$out/corpus-1000x50" "$edit_dir"
cache_option=""
if "$loggen" generate --help 2>&1 | grep -q -- "--cache"; then cache_option="--cache $runs/edit-cache"; fi
# shellcheck disable=SC2086  # $cache_option is empty or two words
"$loggen" generate "$edit_dir" --output "$edit_out" $cache_option >/dev/null
tb=0; tc=0
for i in 1 2 3 4 5; do
  printf '\n## edited_event_%s\n\nAn event added by the benchmark.\n\n- value: !integer\n    - A value\n' "$i" >> "$edit_dir/cat_0500.md"
  s=$(now)
  # shellcheck disable=SC2086
  summary=$(/usr/bin/time -f "%U %S" -o "$out/bench-time" "$loggen" generate "$edit_dir" --output "$edit_out" $cache_option)
  e=$(now)
  t=$((e - s))
  c=$(awk '{ printf "%d", ($1 + $2) * 1000 + 0.5 }' "$out/bench-time")  # ms (awk's %d stops at 2^31)
  if [ "$tb" -eq 0 ] || [ "$t" -lt "$tb" ]; then tb=$t; fi
  if [ "$tc" -eq 0 ] || [ "$c" -lt "$tc" ]; then tc=$c; fi
done
set -- $(measure "$loggen" schema "$edit_dir")
awk -v gw="$tb" -v gc="$tc" -v sw="$1" -v sc="$2" -v summary="$summary" -v cache="${cache_option:+with --cache}" 'BEGIN {
  printf "one category edited, 1000x50 (%s; last run: %s)\n", cache, summary
  printf "  wall: generate %.3f s, schema %.3f s, ratio %.2fx; cpu: generate %.3f s, schema %.3f s, ratio %.2fx (target <= 1.5x)\n", gw / 1e9, sw / 1e9, gw / sw, gc / 1e3, sc / 1e3, gc / sc
}'
rm -rf "$runs" "$out/bench-time"
date +%s >"$out/loggen-runs.removed"

#!/bin/sh
# Times `loggen schema` and `loggen generate` beside the libcmark floor on each corpus, in
# the same run, and prints the ratios; then the build plugin's everyday case on the
# 1000-file corpus: one category edited, `loggen generate --cache` again. Each time is the
# best of 5 runs (the machine is shared and noisy); peak RSS comes from /usr/bin/time -v.
# Usage: bench-loggen.sh <release loggen> <bench dir>
#
# "gen new" writes into new folders in memory (tmpfs, /dev/shm, where there is one), and
# the same on this disk is printed below it but not compared with the target. On ext4
# without a journal (these machines), creating a file skips the inodes freed in the last
# 60 s one by one, or in the last 360 s while their inode table block is dirty, which
# creating files keeps it (fs/ext4/ialloc.c, `recently_deleted`). After any few thousand
# deletions on the disk (this benchmark's own, a build's, another engineer's), writing
# 1,000 new files costs 1-2 s of system time instead of 0.1 s, and waiting 120 s was
# measured not to be enough. That is the disk's cost, not loggen's: APFS and ext4 with a
# journal have no such scan. Nothing is deleted while timing either: every output folder
# is new and removed at the end.
set -eu
loggen=$1
out=$2
now() { date +%s%N; }
runs=$out/loggen-runs
rm -rf "$runs"
mkdir -p "$runs"
memory=$runs
if [ -d /dev/shm ] && [ -w /dev/shm ]; then memory=$(mktemp -d /dev/shm/loggen-bench.XXXXXX); fi
trap 'rm -rf "$runs" "$out/bench-time"; if [ "$memory" != "$runs" ]; then rm -rf "$memory"; fi' EXIT
# dash runs no EXIT trap on a signal: exit, so that an interrupted run frees the memory too.
trap 'exit 130' INT TERM HUP
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

# gen new: into an empty folder (every file rendered and written), in memory; gen same:
# again into a folder on the disk that is up to date (every file rendered and compared,
# none written).
printf '%-15s %-5s %8s %8s %8s %8s %10s %10s %10s\n' corpus "" "floor s" "schema s" "gen new" "gen same" "schema/fl" "new/floor" "same/floor"
for corpus in corpus-100x50 corpus-1000x50; do
  dir=$out/$corpus
  if ! "$loggen" lint "$dir" >/dev/null 2>&1; then
    echo "loggen lint $dir failed:"; "$loggen" lint "$dir" 2>&1 | head; exit 1
  fi
  same=$runs/$corpus-same
  "$loggen" generate "$dir" --output "$same" >/dev/null
  set -- $(measure "$out/cmark_floor" "$dir"/*.md) $(measure "$loggen" schema "$dir") \
    $(measure --fresh "$memory/$corpus-new" "$loggen" generate "$dir" --output) \
    $(measure "$loggen" generate "$dir" --output "$same") \
    $(measure --fresh "$runs/$corpus-disk-new" "$loggen" generate "$dir" --output)
  awk -v c="$corpus" -v fw="$1" -v fc="$2" -v sw="$3" -v sc="$4" -v nw="$5" -v nc="$6" -v gw="$7" -v gc="$8" -v dw="$9" -v dc="${10}" \
    -v memory="$([ "$memory" != "$runs" ] && echo 1)" 'BEGIN {
    printf "%-15s %-5s %8.3f %8.3f %8.3f %8.3f %9.2fx %9.2fx %9.2fx\n", c, "wall", fw / 1e9, sw / 1e9, nw / 1e9, gw / 1e9, sw / fw, nw / fw, gw / fw
    printf "%-15s %-5s %8.3f %8.3f %8.3f %8.3f %9.2fx %9.2fx %9.2fx\n", "", "cpu", fc / 1e3, sc / 1e3, nc / 1e3, gc / 1e3, sc / fc, nc / fc, gc / fc
    if (memory) printf "%-15s gen new on this disk (not the target, see the script): wall %.3f s (%.2fx), cpu %.3f s\n", "", dw / 1e9, dw / fw, dc / 1e3
  }'
  rs=$(rss "$loggen" schema "$dir")
  rg=$(rss "$loggen" generate "$dir" --output "$runs/$corpus-rss")
  awk -v rs="$rs" -v rg="$rg" 'BEGIN { printf "%-15s peak RSS: schema %.1f MB, generate %.1f MB\n", "", rs / 1024, rg / 1024 }'
done
echo "targets: schema <= 1.5x and generate <= 2x the floor (wall) on both corpora; peak RSS < 100 MB for 50,000 events"
if [ "$memory" != "$runs" ]; then echo "(gen new: new folders in $(dirname "$memory"), tmpfs; the corpora, the floor's reads and gen same are on the disk)"; fi
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

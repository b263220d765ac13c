#!/usr/bin/env bash
# The logview benchmark (make bench-logview): every figure is measured beside its floor in
# the same run, because these machines are shared and absolute times drift.
set -euo pipefail

LOGS=${LOGS:-1000000}
OUT=${OUT:-bench-out/logview}
# The benchmark floors beside the project (the Makefile's BENCH_FLOORS).
BENCH_FLOORS=${BENCH_FLOORS:-../shared/bench}
LOGVIEW="$BIN/logview"
STORE="$OUT/store"

# REUSE_STORE=1 keeps the store of the previous run (to measure again without rebuilding it).
if [ "${REUSE_STORE:-0}" = 1 ] && [ -d "$STORE" ]; then
  echo "reusing the store in $STORE"
else
  rm -rf "$OUT" && mkdir -p "$OUT"
  echo "building a store of $LOGS logs with recipe-demo…"
  "$BIN/recipe-demo" --events "$LOGS" --seed 1 --store "$STORE" --history-megabytes 1024 | sed 's/^/  /'
fi
cc -O2 -msse4.2 "$BENCH_FLOORS/scan_floor.c" -o "$OUT/scan_floor"

# Wall-clock seconds taken by a command (output discarded), best of $RUNS (5; jq, at 10 s a
# run, 3) to damp the neighbours' noise; the CPU seconds (user + system) of that best run go to
# $OUT/cpu, to the millisecond (bash's `time`: /usr/bin/time rounds to 10 ms, a tenth of the
# plain read).
RUNS=${RUNS:-5}
seconds() {
  local best="" cpu=""
  for _ in $(seq "$RUNS"); do
    local start end wall user sys
    start=$(date +%s.%N)
    { TIMEFORMAT='%3U %3S'; time "$@" > /dev/null; } 2> "$OUT/time"
    end=$(date +%s.%N)
    wall=$(awk -v a="$start" -v b="$end" 'BEGIN { printf "%.4f", b - a }')
    read -r user sys < <(tail -n 1 "$OUT/time")
    if [ -z "$best" ] || awk -v a="$wall" -v b="$best" 'BEGIN { exit !(a < b) }'; then
      best=$wall; cpu=$(awk -v u="$user" -v s="$sys" 'BEGIN { printf "%.3f", u + s }')
    fi
  done
  echo "$cpu" > "$OUT/cpu"
  echo "$best"
}
cpu() { cat "$OUT/cpu"; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b > 0) printf "%.2f", a / b; else printf "-" }'; }

# The floor: a plain sequential read of every segment's bytes (warm cache, like the rest).
store_bytes=$(cat "$STORE"/segment-*.log | wc -c)
segments=$(ls "$STORE"/segment-*.log | wc -l)
t_floor=$(seconds bash -c 'for f in "$0"/segment-*.log; do "$1" "$f" r; done' "$STORE" "$OUT/scan_floor"); c_floor=$(cpu)

# The store keeps what its size cap allows (1 GiB here, room for the 1 M logs), so count.
stored=$("$LOGVIEW" stats --store "$STORE" -o json | jq .total)
# The last 1 % of the logs by time: the time of the log 1 % from the end.
last_percent=$(( stored / 100 ))
since=$("$LOGVIEW" list --store "$STORE" -n "$last_percent" -o jsonl | head -1 | jq -r .time)

t_stats=$(seconds "$LOGVIEW" stats --store "$STORE"); c_stats=$(cpu)
t_stats_hour=$(seconds "$LOGVIEW" stats --store "$STORE" --by hour); c_stats_hour=$(cpu)
t_tag=$(seconds "$LOGVIEW" list --store "$STORE" --tag recipe_search.search -o jsonl); c_tag=$(cpu)
t_tag_field=$(seconds "$LOGVIEW" list --store "$STORE" --tag recipe_search.search --where keyword=egg -o jsonl); c_tag_field=$(cpu)
t_range=$(seconds "$LOGVIEW" list --store "$STORE" --since "$since" -o jsonl); c_range=$(cpu)
t_jsonl=$(seconds "$LOGVIEW" list --store "$STORE" -o jsonl); c_jsonl=$(cpu)

"$LOGVIEW" list --store "$STORE" -o jsonl > "$OUT/export.jsonl"
t_jq=$(RUNS=3 seconds jq -c 'select(.tag == "recipe_search.search" and .payload.keyword == "egg")' "$OUT/export.jsonl"); c_jq=$(cpu)

matches_tag=$("$LOGVIEW" list --store "$STORE" --tag recipe_search.search -o jsonl | wc -l)
matches_field=$("$LOGVIEW" list --store "$STORE" --tag recipe_search.search --where keyword=egg -o jsonl | wc -l)
matches_jq=$(jq -c 'select(.tag == "recipe_search.search" and .payload.keyword == "egg")' "$OUT/export.jsonl" | wc -l)
matches_range=$("$LOGVIEW" list --store "$STORE" --since "$since" -o jsonl | wc -l)
exported=$(wc -l < "$OUT/export.jsonl")

echo
echo "store: $stored logs kept of $LOGS posted, $segments segments, $store_bytes bytes ($(awk -v b="$store_bytes" -v n="$stored" 'BEGIN { printf "%.0f", b / n }') bytes a log)"
echo "Wall seconds are the best of $RUNS (jq: 3); CPU seconds (user + system) of that run in brackets, and"
echo "each ratio is given on wall time and [on CPU time]: these machines are shared, and the CPU"
echo "figures are what a quiet machine would show."
both() { echo "$(ratio "$1" "$2") [$(ratio "$3" "$4")]"; }
percent() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.1f", a / b * 100 }'; }
row() { printf '%-42s %8s [%6s]  %s\n' "$1" "$2" "$3" "$4"; }
row "measure" "wall" "CPU" "ratio (target)"
row "plain sequential read (scan_floor r)" "$t_floor" "$c_floor" "$(awk -v b="$store_bytes" -v t="$t_floor" 'BEGIN { printf "%.0f MB/s", b / t / 1e6 }')"
row "logview stats" "$t_stats" "$c_stats" "$(both "$t_stats" "$t_floor" "$c_stats" "$c_floor")x the plain read (<= 2)"
row "logview stats --by hour" "$t_stats_hour" "$c_stats_hour" "$(both "$t_stats_hour" "$t_floor" "$c_stats_hour" "$c_floor")x the plain read (reads every record)"
row "list --tag recipe_search.search" "$t_tag" "$c_tag" "$(both "$t_tag" "$t_floor" "$c_tag" "$c_floor")x the plain read (<= 2); $matches_tag logs"
row "list --tag … --where keyword=egg" "$t_tag_field" "$c_tag_field" "$(both "$t_jq" "$t_tag_field" "$c_jq" "$c_tag_field")x faster than jq (>= 10); $matches_field logs"
row "jq, the same filter over the export" "$t_jq" "$c_jq" "jq found $matches_jq logs"
row "list --since <last 1 %>" "$t_range" "$c_range" "$(percent "$t_range" "$t_jsonl")% [$(percent "$c_range" "$c_jsonl")%] of a full scan (<= 5); $matches_range logs"
row "list -o jsonl of everything" "$t_jsonl" "$c_jsonl" "$(awk -v n="$exported" -v t="$t_jsonl" 'BEGIN { printf "%.0f", n / t }') [$(awk -v n="$exported" -v t="$c_jsonl" 'BEGIN { printf "%.0f", n / t }')] logs/s (>= 500000); $exported lines"
if [ "$matches_field" != "$matches_jq" ]; then echo "MISMATCH: logview found $matches_field, jq $matches_jq" >&2; exit 1; fi

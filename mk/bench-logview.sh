#!/usr/bin/env bash
# The logview benchmark (make bench-logview): every figure is measured beside its floor in
# the same run, because these machines are shared and absolute times drift.
set -euo pipefail

LOGS=${LOGS:-1000000}
OUT=${OUT:-bench-out/logview}
SHARED=${SHARED:-$(cd "$(dirname "$0")/../.." && pwd)/shared}
[ -d "$SHARED/bench" ] || SHARED=/work/shared
LOGVIEW="$BIN/logview"
STORE="$OUT/store"

rm -rf "$OUT" && mkdir -p "$OUT"
cc -O2 -msse4.2 "$SHARED/bench/scan_floor.c" -o "$OUT/scan_floor"

echo "building a store of $LOGS logs with recipe-demo…"
"$BIN/recipe-demo" --events "$LOGS" --seed 1 --store "$STORE" | sed 's/^/  /'

# Seconds taken by a command (output discarded), best of 3 to damp the neighbours' noise.
seconds() {
  local best=""
  for _ in 1 2 3; do
    local start end
    start=$(date +%s.%N)
    "$@" > /dev/null
    end=$(date +%s.%N)
    best=$(awk -v a="$start" -v b="$end" -v best="$best" 'BEGIN { t = b - a; if (best == "" || t < best) best = t; printf "%.4f", best }')
  done
  echo "$best"
}
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a / b }'; }

# The floor: a plain sequential read of every segment's bytes (warm cache, like the rest).
floor_read() { for f in "$STORE"/segment-*.log; do "$OUT/scan_floor" "$f" r; done; }
store_bytes=$(cat "$STORE"/segment-*.log | wc -c)
segments=$(ls "$STORE"/segment-*.log | wc -l)
t_floor=$(seconds floor_read)

# The last 1 % of the logs by time: the time of the log 1 % from the end.
last_percent=$(( LOGS / 100 ))
since=$("$LOGVIEW" list --store "$STORE" -n "$last_percent" -o jsonl | head -1 | jq -r .time)

t_stats=$(seconds "$LOGVIEW" stats --store "$STORE")
t_stats_hour=$(seconds "$LOGVIEW" stats --store "$STORE" --by hour)
t_tag=$(seconds "$LOGVIEW" list --store "$STORE" --tag recipe_search.search -o jsonl)
t_tag_field=$(seconds "$LOGVIEW" list --store "$STORE" --tag recipe_search.search --where keyword=egg -o jsonl)
t_range=$(seconds "$LOGVIEW" list --store "$STORE" --since "$since" -o jsonl)
t_jsonl=$(seconds "$LOGVIEW" list --store "$STORE" -o jsonl)

"$LOGVIEW" list --store "$STORE" -o jsonl > "$OUT/export.jsonl"
t_jq=$(seconds jq -c 'select(.tag == "recipe_search.search" and .payload.keyword == "egg")' "$OUT/export.jsonl")

matches_tag=$("$LOGVIEW" list --store "$STORE" --tag recipe_search.search -o jsonl | wc -l)
matches_field=$("$LOGVIEW" list --store "$STORE" --tag recipe_search.search --where keyword=egg -o jsonl | wc -l)
matches_jq=$(jq -c 'select(.tag == "recipe_search.search" and .payload.keyword == "egg")' "$OUT/export.jsonl" | wc -l)
matches_range=$("$LOGVIEW" list --store "$STORE" --since "$since" -o jsonl | wc -l)
exported=$(wc -l < "$OUT/export.jsonl")

echo
echo "store: $LOGS logs, $segments segments, $store_bytes bytes ($(awk -v b="$store_bytes" -v n="$LOGS" 'BEGIN { printf "%.0f", b / n }') bytes a log)"
printf '%-44s %9s  %s\n' "measure" "seconds" "ratio (target)"
printf '%-44s %9s  %s\n' "plain sequential read (scan_floor r)" "$t_floor" "$(awk -v b="$store_bytes" -v t="$t_floor" 'BEGIN { printf "%.0f MB/s", b / t / 1e6 }')"
printf '%-44s %9s  %sx the plain read (<= 2)\n' "logview stats" "$t_stats" "$(ratio "$t_stats" "$t_floor")"
printf '%-44s %9s  %sx the plain read (reads every record)\n' "logview stats --by hour" "$t_stats_hour" "$(ratio "$t_stats_hour" "$t_floor")"
printf '%-44s %9s  %sx the plain read (<= 2); %s logs\n' "list --tag recipe_search.search" "$t_tag" "$(ratio "$t_tag" "$t_floor")" "$matches_tag"
printf '%-44s %9s  %sx faster than jq (>= 10); %s logs\n' "list --tag … --where keyword=egg" "$t_tag_field" "$(ratio "$t_jq" "$t_tag_field")" "$matches_field"
printf '%-44s %9s  (jq found %s logs)\n' "jq, the same filter over the jsonl export" "$t_jq" "$matches_jq"
printf '%-44s %9s  %s%% of a full scan (<= 5); %s logs since %s\n' "list --since <last 1 %>" "$t_range" "$(awk -v a="$t_range" -v b="$t_jsonl" 'BEGIN { printf "%.1f", a / b * 100 }')" "$matches_range" "$since"
printf '%-44s %9s  %s logs/s (>= 500000); %s lines\n' "list -o jsonl of everything" "$t_jsonl" "$(awk -v n="$exported" -v t="$t_jsonl" 'BEGIN { printf "%.0f", n / t }')" "$exported"
if [ "$matches_field" != "$matches_jq" ]; then echo "MISMATCH: logview found $matches_field, jq $matches_jq" >&2; exit 1; fi

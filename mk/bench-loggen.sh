#!/bin/sh
# Times `loggen schema` beside the libcmark floor on each corpus, in the same run, and
# prints the ratio. Each time is the best of 5 runs (the machine is shared and noisy);
# peak RSS comes from /usr/bin/time -v.
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
printf '%-16s %10s %10s %7s %12s\n' corpus "loggen s" "floor s" ratio "peak RSS MB"
for corpus in corpus-100x50 corpus-1000x50; do
  dir=$out/$corpus
  if ! "$loggen" lint "$dir" >/dev/null 2>&1; then
    echo "loggen lint $dir failed:"; "$loggen" lint "$dir" 2>&1 | head; exit 1
  fi
  tl=$(best "$loggen" schema "$dir")
  tf=$(best "$out/cmark_floor" "$dir"/*.md)
  rss=$(/usr/bin/time -v "$loggen" schema "$dir" 2>&1 >/dev/null | awk '/Maximum resident set size/ {print $6}')
  awk -v c="$corpus" -v l="$tl" -v f="$tf" -v r="$rss" \
    'BEGIN { printf "%-16s %10.3f %10.3f %6.2fx %12.1f\n", c, l / 1e9, f / 1e9, l / f, r / 1024 }'
done
echo "targets: ratio <= 1.5x on both corpora, peak RSS < 100 MB for 50,000 events"

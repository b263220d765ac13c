#!/bin/sh
# Times `loggen schema` beside the libcmark floor on each corpus, in the same run.
# Each figure is the best of 5 runs (the machine is shared); peak RSS from /usr/bin/time -v.
set -eu
loggen=$1
out=$2
best() {  # best wall time in seconds of 5 runs of "$@" (output discarded)
  b=""
  for i in 1 2 3 4 5; do
    s=$(date +%s.%N); "$@" >/dev/null; e=$(date +%s.%N)
    t=$(echo "$e - $s" | bc)
    if [ -z "$b" ] || [ "$(echo "$t < $b" | bc)" = 1 ]; then b=$t; fi
  done
  echo "$b"
}
printf '%-16s %10s %10s %7s %12s\n' corpus "loggen s" "floor s" ratio "peak RSS MB"
for corpus in corpus-100x50 corpus-1000x50; do
  dir=$out/$corpus
  "$loggen" lint "$dir" >/dev/null 2>&1 || { echo "loggen lint $dir failed"; "$loggen" lint "$dir" 2>&1 | head; exit 1; }
  tl=$(best "$loggen" schema "$dir")
  tf=$(best "$out/cmark_floor" "$dir"/*.md)
  rss=$(/usr/bin/time -v "$loggen" schema "$dir" 2>&1 >/dev/null | awk '/Maximum resident set size/ {print $6}')
  printf '%-16s %10.3f %10.3f %6.2fx %12.1f\n' "$corpus" "$tl" "$tf" "$(echo "$tl / $tf" | bc -l)" "$(echo "$rss / 1024" | bc -l)"
done
echo "targets: ratio <= 1.5x on both corpora, peak RSS < 100 MB for 50,000 events"

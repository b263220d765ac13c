# The counting the energy and device benchmarks share (sourced by bench-energy.sh and
# bench-device.sh): a phase of a benchmark program, between the two getppid() markers it makes
# (BenchmarkSupport's phaseMarker()), run twice: under `strace -f` for the syncs, and on its
# own (strace would inflate them) for what the program counts itself — logs, wake-ups
# (voluntary context switches less its own sleeps) and bytes written — and its peak RSS.

# What counts as a sync: fsync, fdatasync, and fcntl's full and barrier syncs on an Apple system.
SYNC_CALLS='(fsync|fdatasync)[(]|F_FULLFSYNC|F_BARRIERFSYNC'
STRACE_SYNCS='trace=fsync,fdatasync,fcntl,getppid'

# count_syncs TRACE [all]: the syncs between the trace's two markers (or in all of it).
count_syncs() {
  awk -v all="${2:-}" -v re="$SYNC_CALLS" '
    /getppid\(/ { marks++; next }
    (all != "" || marks == 1) && $0 ~ re && !/resumed/ { n++ }
    END { print n + 0 }' "$1"
}

# peak_rss_kb TIME_OUTPUT: the maximum resident set size /usr/bin/time -v reported.
peak_rss_kb() {
  sed -n 's/.*Maximum resident set size (kbytes): //p' "$1"
}

# phase NAME PROGRAM ARGS...: prints "NAME logs syncs wakeups bytes peak_rss_kb"; the program's
# output is in $OUT/NAME.txt, its trace in $OUT/NAME.trace.
phase() {
  local name=$1; shift
  strace -f -qq -e "$STRACE_SYNCS" -o "$OUT/$name.trace" "$@" > /dev/null
  local syncs
  syncs=$(count_syncs "$OUT/$name.trace")
  /usr/bin/time -v "$@" > "$OUT/$name.txt" 2> "$OUT/$name.time"
  local logs wakeups bytes
  logs=$(sed -n 's/^logs=//p' "$OUT/$name.txt")
  wakeups=$(sed -n 's/^wakeups=//p' "$OUT/$name.txt")
  bytes=$(sed -n 's/^bytes_written=//p' "$OUT/$name.txt")
  echo "$name $logs $syncs $wakeups $bytes $(peak_rss_kb "$OUT/$name.time")"
}

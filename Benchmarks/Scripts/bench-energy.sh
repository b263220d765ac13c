#!/usr/bin/env bash
# The energy benchmark (make bench-energy): what a logging app costs in syncs, wake-ups and
# bytes per log, with the runtime's defaults and README's set-up (a BufferedOutput that keeps its
# logs in a LocalStoreOutput's store).
# Counts, not times: they do not drift with the load of this shared machine.
#
# Each phase runs twice (strace-phase.sh, shared with bench-device.sh): under `strace -f` for
# the syncs (fsync, fdatasync, and fcntl on an Apple system), counted between the two getppid()
# markers the program makes around its phase; and on its own for the wake-ups (voluntary
# context switches of every thread, from getrusage, less the driver's own sleeps) and bytes
# written (/proc/self/io wchar), which strace would inflate.
set -euo pipefail
BIN=${BIN:?}
OUT=${OUT:-bench-out/energy}
mkdir -p "$OUT"

# shellcheck source=strace-phase.sh
source "$(dirname "$0")/strace-phase.sh"

{
  phase rate-100 "$BIN/energy-bench" --store "$OUT/store" --rate 100 --seconds 10
  phase rate-1 "$BIN/energy-bench" --store "$OUT/store" --rate 1 --seconds 20
  phase idle "$BIN/energy-bench" --store "$OUT/store" --idle 20
} > "$OUT/summary.txt"

awk '
  { logs[$1] = $2; syncs[$1] = $3; wakes[$1] = $4; bytes[$1] = $5 }
  END {
    printf "%-10s %6s %7s %12s %12s %14s\n", "phase", "logs", "syncs", "syncs/log", "wakeups/log", "bytes/log"
    for (i = 1; i <= 2; i++) {
      p = i == 1 ? "rate-100" : "rate-1"
      printf "%-10s %6d %7d %12.3f %12.2f %14.0f\n", p, logs[p], syncs[p], syncs[p] / logs[p], wakes[p] / logs[p], bytes[p] / logs[p]
    }
    printf "%-10s %6s %7d %12s %12s %14s   (%d wake-ups in 20 s, %d bytes)\n", "idle 20 s", "-", syncs["idle"], "-", "-", "-", wakes["idle"], bytes["idle"]
    printf "targets: 100 logs/s <= 0.05 syncs and <= 3 wake-ups per log; 1 log/s <= 0.5 syncs per log; idle <= 40 wake-ups in 20 s\n"
    ok = syncs["rate-100"] / logs["rate-100"] <= 0.05 && wakes["rate-100"] / logs["rate-100"] <= 3 && syncs["rate-1"] / logs["rate-1"] <= 0.5 && wakes["idle"] <= 40
    print ok ? "all targets met" : "TARGETS MISSED"
  }' "$OUT/summary.txt"

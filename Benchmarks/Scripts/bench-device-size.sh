#!/usr/bin/env bash
# The code an app links for logging (make bench-device, issue 26): three apps written by
# device-app.py — without the SDK, with it posting 12 generated events, and 500 — built in
# release at -Osize (dead code stripped, as SwiftPM links a release executable), measured with
# `size` (text + data). Writes "size-… BYTES" lines to $OUT/size.txt for bench-device.sh:
#
#   per event = (app-500 - app-12) / 488
#   runtime   = app-12 - app-none - 12 × per event   (the SDK's code without its events')
#
# and, per module of the SDK, text+data of its object files before linking (module-sizes.txt),
# and the largest symbols of app-12 (symbols.txt: `nm -S --size-sort -C`).
set -euo pipefail
ROOT=${ROOT:?}
LOGGEN=${LOGGEN:?}
CORPUS=${CORPUS:?}
OUT=${OUT:-bench-out/device}
APP="$OUT/app"
mkdir -p "$APP"

python3 "$(dirname "$0")/device-app.py" "$ROOT" "$LOGGEN" "$CORPUS" "$APP"
swift build --package-path "$APP" -c release -Xswiftc -Osize > "$OUT/app-build.log" 2>&1 || { tail -n 40 "$OUT/app-build.log"; exit 1; }
bin=$(swift build --package-path "$APP" -c release -Xswiftc -Osize --show-bin-path)

text_data() { size "$1" | awk 'NR == 2 { print $1 + $2 }'; }
none=$(text_data "$bin/app-none")
twelve=$(text_data "$bin/app-12")
five=$(text_data "$bin/app-500")
per_event=$(( (five - twelve) / 488 ))
{
  echo "size-none $none"
  echo "size-12 $twelve"
  echo "size-500 $five"
  echo "size-per-event $per_event"
  echo "size-runtime $(( twelve - none - 12 * per_event ))"
} > "$OUT/size.txt"

for module in LogCore LogStore BehaviorLog CLogStoreAtomics CLogStoreCRC app_12; do
  find "$bin/$module.build" -name '*.o' -print0 | xargs -0 size | awk -v m="$module" 'NR > 1 { t += $1 + $2 } END { printf "%-18s %8d\n", m, t }'
done > "$OUT/module-sizes.txt"
nm -S --size-sort -C "$bin/app-12" > "$OUT/symbols.txt"

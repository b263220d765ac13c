#!/bin/sh
# Runs CRC-32C's arm64 path (the ARMv8 crc32c instructions, chosen through getauxval) on this
# x86_64 machine under qemu-aarch64, held against the tables: see arm64-crc/crc-arm64-test.c.
# Needs qemu-user-static (Debian); without it, says so and stops (exit 0, visibly skipped).
# Usage: Tests/Support/arm64-crc-check.sh   (from the package root)
set -eu
fail() { echo "arm64-crc-check: error: $*" >&2; exit 1; }

QEMU=$(command -v qemu-aarch64-static || command -v qemu-aarch64 || true)
if [ -z "$QEMU" ]; then
    echo "arm64-crc-check: SKIPPED: qemu-user-static is not installed (apt-get install qemu-user-static runs the arm64 CRC path)"
    exit 0
fi
CLANG=/opt/swift/usr/bin/clang
[ -x "$CLANG" ] || CLANG=$(command -v clang) || fail "clang not found"
WORK=$(mktemp -d "${TMPDIR:-/tmp}/arm64-crc-check.XXXXXX")
trap 'rm -rf "$WORK"' EXIT

"$CLANG" -target aarch64-linux-gnu -O2 -ffreestanding -fno-builtin -nostdlib -nostdlibinc -static -fuse-ld=lld \
    -isystem Tests/Support/arm64-crc -isystem Tests/Support/apple-stubs -I Sources/CLogStoreCRC/include \
    Tests/Support/arm64-crc/crc-arm64-test.c Sources/CLogStoreCRC/CRC32C.c -o "$WORK/crc-arm64-test" ||
    fail "the arm64 CRC test does not build"
"$QEMU" "$WORK/crc-arm64-test" || fail "the arm64 CRC path disagrees with the tables (or was not chosen) under $QEMU"
echo "arm64-crc-check: the ARMv8 CRC path agrees with the tables under $(basename "$QEMU")"

#!/bin/sh
# Fails when `swift-format format` with .swift-format would change a file: formats copies in a
# scratch folder and compares them byte for byte, so the tree itself is never touched.
# Usage: mk/format-check.sh SWIFT_FORMAT FILE...   (from the package's root)
set -eu
swift_format=$1; shift
root=$(pwd)
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
tar cf - "$@" | (cd "$scratch" && tar xf -)
(cd "$scratch" && $swift_format format --in-place --parallel --configuration "$root/.swift-format" "$@")
files=0; lines=0
for file in "$@"; do
    if ! cmp -s "$file" "$scratch/$file"; then
        count=$(diff "$file" "$scratch/$file" | grep -c '^[<>]' || true)
        echo "$file: not formatted ($count lines would change)"
        files=$((files + 1)); lines=$((lines + count))
    fi
done
if [ "$files" -gt 0 ]; then
    echo "format-check: $files of $# files are not formatted ($lines lines would change); run \`make format\`" >&2
    exit 1
fi
echo "format-check: $# files formatted as .swift-format says"

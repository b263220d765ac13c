#!/bin/sh
# Compares two builds of loggen made with different cmark libraries (mk/cmark.mk): for every
# folder of definitions given, `loggen schema` and `loggen lint` must print the same bytes on
# stdout and stderr and exit with the same status. A file given instead of a folder (a fuzz
# regression) is read as the one document of a folder of its own.
# Usage: cmark-compare.sh LOGGEN_A LOGGEN_B FOLDER_OR_FILE...
set -u
a=$1; b=$2; shift 2
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
folders=0; documents=0; differ=0
for input in "$@"; do
  dir=$input
  if [ -f "$input" ]; then
    dir=$work/single/$(basename "$input"); mkdir -p "$dir"; cp "$input" "$dir/document.md"
  fi
  folders=$((folders + 1)); documents=$((documents + $(ls "$dir" | grep -c '\.md$')))
  for command in schema lint; do
    "$a" $command "$dir" >"$work/a.out" 2>"$work/a.err"; echo "exit $?" >>"$work/a.err"
    "$b" $command "$dir" >"$work/b.out" 2>"$work/b.err"; echo "exit $?" >>"$work/b.err"
    if ! cmp -s "$work/a.out" "$work/b.out" || ! cmp -s "$work/a.err" "$work/b.err"; then
      differ=$((differ + 1))
      echo "cmark-compare: loggen $command $dir differs between the two libraries:" >&2
      diff "$work/a.out" "$work/b.out" | head -20 >&2
      diff "$work/a.err" "$work/b.err" | head -20 >&2
    fi
  done
done
if [ "$differ" -ne 0 ]; then
  echo "cmark-compare: $differ of $((folders * 2)) runs differ ($a vs $b)" >&2
  exit 1
fi
echo "cmark-compare: loggen schema and lint identical with both libraries over $folders folders ($documents documents)"

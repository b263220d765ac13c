#!/bin/sh
# Differential check of two loggen builds: every stdout, stderr, exit status and generated
# folder of `schema`, `lint` and `generate` must be byte for byte the same, on the sample
# definitions, the hostile fixtures, the benchmark corpora and COUNT mutated copies of the
# 5,000-event corpus (lines deleted, duplicated, garbled: the diagnostic paths). For changes
# meant to be invisible (speed work): what ReferenceTests and the goldens do not cover.
# Usage (from the repository): loggen-differential.sh BASE_LOGGEN NEW_LOGGEN [BENCH_DIR] [COUNT]
#   BENCH_DIR holds corpus-100x50 and corpus-1000x50 (`make bench-loggen` makes them; default bench-out).
set -u
base=$1; new=$2; bench=${3:-bench-out}; count=${4:-200}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
trap 'exit 130' INT TERM HUP
python3 "$(dirname "$0")/mutate-definitions.py" "$bench/corpus-100x50" "$work/mutated" "$count"
fail=0
check() {  # check NAME DIR
  for tool in base new; do
    bin=$base; [ $tool = new ] && bin=$new
    o=$work/$tool; rm -rf "$o"; mkdir -p "$o"
    "$bin" schema "$2" >"$o/schema.out" 2>"$o/schema.err"; echo $? >"$o/schema.rc"
    "$bin" lint "$2" >"$o/lint.out" 2>"$o/lint.err"; echo $? >"$o/lint.rc"
    "$bin" generate "$2" --output "$o/gen" >"$o/gen.out" 2>"$o/gen.err"; echo $? >"$o/gen.rc"
    sed -i "s#$o#OUT#g" "$o/gen.out" "$o/gen.err"
  done
  if ! diff -r "$work/base" "$work/new" >/dev/null; then echo "DIFFERENT: $1 ($2)"; diff -r "$work/base" "$work/new" | head -8; fail=1; fi
}
check sample LogDefinitions
check hostile Tests/LogCodegenTests/Resources/hostile/definitions
for corpus in corpus-100x50 corpus-1000x50; do [ -d "$bench/$corpus" ] && check "$corpus" "$bench/$corpus"; done
for d in "$work"/mutated/m*; do check "mutated $(basename "$d")" "$d"; done
[ $fail = 0 ] && echo "same output: sample, hostile, corpora, $count mutated corpora"
exit $fail

#!/bin/sh
# Compiles the package's C targets for the Apple triples with the toolchain's clang, then
# checks the objects (issue 12, item 5): no reference to `___cpu_model` (what
# `__builtin_cpu_supports` lowers to; Apple's runtime does not define it, so Intel Macs, x86_64
# simulators and universal builds fail to link), only the libc symbols an app links anyway,
# and the CRC instructions in the CRC object (`crc32cx`/`crc32cb` on arm64, `crc32q` and
# `pclmulqdq` on x86_64).
#
# There is no Apple SDK here: `-ffreestanding -nostdlibinc` with clang's own headers and the
# stubs in Tests/Support/apple-stubs (declarations as Apple's headers have them). The objects
# are compiled and inspected, never linked or run: this proves the code compiles for each
# triple and what it references, not that it runs on an Apple device.
#
# Every C target under Sources/ (a directory holding *.c files: CLogStoreCRC, CLogStoreAtomics
# and any added later) is compiled; system-library targets (module maps only) have nothing to
# compile. `--self-test` first checks that the checks themselves catch a `___cpu_model`.
#
# Usage: Tests/Support/apple-c-check.sh [--self-test]   (from the package root)
set -eu

TRIPLES="arm64-apple-ios16.0 x86_64-apple-macos13 arm64-apple-macos13 arm64_32-apple-watchos9 x86_64-apple-ios16.0-simulator"
# What the objects may leave undefined: libc functions every Apple app links.
ALLOWED_UNDEFINED="_memcpy _memset _memcmp _pthread_once _sysctlbyname"

fail() { echo "apple-c-check: error: $*" >&2; exit 1; }

find_tool() {  # the toolchain's copy first, then PATH
    for candidate in "/opt/swift/usr/bin/$1" "$(command -v "$1" 2>/dev/null || true)"; do
        [ -n "$candidate" ] && [ -x "$candidate" ] && { echo "$candidate"; return; }
    done
    fail "$1 not found in /opt/swift/usr/bin or PATH (it comes with the Swift toolchain; Debian's llvm package has it too)"
}
CLANG=${CLANG:-$(find_tool clang)}
NM=${LLVM_NM:-$(find_tool llvm-nm)}
OBJDUMP=${LLVM_OBJDUMP:-$(find_tool llvm-objdump)}
STUBS=Tests/Support/apple-stubs
[ -d "$STUBS" ] || fail "run from the package root ($STUBS is missing)"

WORK=$(mktemp -d "${TMPDIR:-/tmp}/apple-c-check.XXXXXX")
trap 'rm -rf "$WORK"' EXIT

compile() {  # triple source object include-dir
    "$CLANG" -target "$1" -ffreestanding -nostdlibinc -isystem "$STUBS" -I "$4" \
        -O2 -Wall -Wextra -Werror -c "$2" -o "$3" 2> "$WORK/compile.err" || {
        cat "$WORK/compile.err" >&2
        fail "$2 does not compile for $1 (a missing header? add Apple's declaration to $STUBS)"
    }
}

# Fails when the object references ___cpu_model or any symbol outside ALLOWED_UNDEFINED.
check_undefined() {  # triple object what
    undefined=$("$NM" -u "$2" 2>/dev/null | awk '{ print $NF }')
    for symbol in $undefined; do
        [ "$symbol" = "___cpu_model" ] && fail "$3 for $1 references ___cpu_model: __builtin_cpu_supports does not link on Apple platforms; detect the CPU with cpuid or sysctlbyname"
        case " $ALLOWED_UNDEFINED " in
            *" $symbol "*) ;;
            *) fail "$3 for $1 references $symbol, which is not among the libc symbols an app links ($ALLOWED_UNDEFINED): an __atomic_* or compiler-rt call, or a new libc call to add to the list after checking Apple's availability" ;;
        esac
    done
}

check_instructions() {  # triple object instruction...
    triple=$1; object=$2; shift 2
    "$OBJDUMP" -d "$object" > "$WORK/disassembly.txt" || fail "llvm-objdump cannot read $object ($triple)"
    for instruction in "$@"; do
        grep -Eq "[[:space:]]$instruction([[:space:]]|$)" "$WORK/disassembly.txt" ||
            fail "the CRC object for $triple has no $instruction instruction: the hardware CRC-32C path is compiled out"
    done
}

if [ "${1:-}" = "--self-test" ]; then
    printf 'int has_sse42(void) { return __builtin_cpu_supports("sse4.2"); }\n' > "$WORK/bad.c"
    compile x86_64-apple-macos13 "$WORK/bad.c" "$WORK/bad.o" "$WORK"
    if (check_undefined x86_64-apple-macos13 "$WORK/bad.o" "the self-test's __builtin_cpu_supports" 2>/dev/null); then
        fail "self-test: the check did not catch ___cpu_model in an object that uses __builtin_cpu_supports"
    fi
    printf 'unsigned f(unsigned c, unsigned char b) { return c ^ b; }\n' > "$WORK/plain.c"
    compile arm64-apple-ios16.0 "$WORK/plain.c" "$WORK/plain.o" "$WORK"
    if (check_instructions arm64-apple-ios16.0 "$WORK/plain.o" crc32cx 2>/dev/null); then
        fail "self-test: the check found crc32cx in an object without CRC code"
    fi
    echo "apple-c-check: self-test ok (a ___cpu_model reference and a missing crc32cx are both caught)"
fi

targets=""
for dir in Sources/*/; do
    ls "$dir"*.c > /dev/null 2>&1 && targets="$targets $(basename "$dir")"
done
case " $targets " in *" CLogStoreCRC "*) ;; *) fail "Sources/CLogStoreCRC has no C file to check" ;; esac

for triple in $TRIPLES; do
    for target in $targets; do
        for source in Sources/"$target"/*.c; do
            object="$WORK/$triple-$target-$(basename "$source" .c).o"
            compile "$triple" "$source" "$object" "Sources/$target/include"
            check_undefined "$triple" "$object" "$source"
        done
    done
    # Header-only helpers (`static inline`, as CLogStoreAtomics' are) emit code only where used:
    # a probe takes every one's address, so their code (an `__atomic_*` libcall on arm64_32,
    # say) is compiled and checked too.
    for target in $targets; do
        names=$(sed -n 's/^static inline [^(]*[ *]\([A-Za-z_][A-Za-z0-9_]*\)(.*/\1/p' Sources/"$target"/include/*.h 2>/dev/null || true)
        [ -n "$names" ] || continue
        probe="$WORK/$target-probe.c"
        { for header in Sources/"$target"/include/*.h; do echo "#include \"$(basename "$header")\""; done
          echo "void *const ${target}_probe[] = {"; for name in $names; do echo "    (void *)$name,"; done; echo "};"; } > "$probe"
        compile "$triple" "$probe" "$WORK/$triple-$target-probe.o" "Sources/$target/include"
        check_undefined "$triple" "$WORK/$triple-$target-probe.o" "the static inline functions of $target"
    done
    crc="$WORK/$triple-CLogStoreCRC-CRC32C.o"
    case "$triple" in
        arm64*) check_instructions "$triple" "$crc" crc32cx crc32cw crc32cb; found="crc32cx crc32cw crc32cb" ;;
        x86_64*) check_instructions "$triple" "$crc" crc32q pclmulqdq cpuid; found="crc32q pclmulqdq cpuid" ;;
    esac
    echo "apple-c-check: $triple ok:$targets (no ___cpu_model; $found)"
done

#!/bin/sh
# Type-checks the Swift files that only compile on Apple platforms (OSLogOutput, the UIKit and
# the watchOS branches of AppLifecycleObserver) on Linux, against stand-ins for Apple's modules
# (Tests/Support/apple-swift-stubs: os, OSLog, UIKit, and ProcessInfo's watchOS API) declared
# with Apple's names, isolation and signatures, and against the package's built BehaviorLog.
# A misspelt or misused Apple API, or a concurrency error in these files, fails here. It is not
# an Apple build: what the real SDKs say is checked by .github/workflows/apple.yml.
#
# Usage: Tests/Support/apple-swift-check.sh BIN_PATH   (from the package root, after `swift build`)
set -eu
fail() { echo "apple-swift-check: error: $*" >&2; exit 1; }

BIN=${1:?usage: apple-swift-check.sh BIN_PATH (swift build --show-bin-path)}
MODULES="$BIN/Modules"
[ -f "$MODULES/BehaviorLog.swiftmodule" ] || fail "$MODULES/BehaviorLog.swiftmodule is missing: run swift build first"
STUBS=Tests/Support/apple-swift-stubs
SWIFTC=${SWIFTC:-swiftc}

WORK=$(mktemp -d "${TMPDIR:-/tmp}/apple-swift-check.XXXXXX")
trap 'rm -rf "$WORK"' EXIT

for stub in os OSLog UIKit WatchFoundation; do
    "$SWIFTC" -emit-module -parse-as-library -module-name "$stub" -I "$WORK" -swift-version 6 \
        -emit-module-path "$WORK/$stub.swiftmodule" "$STUBS/$stub.swift" ||
        fail "the stand-in module $stub does not compile"
done

C_INCLUDES=""
for include in Sources/*/include; do C_INCLUDES="$C_INCLUDES -I $include"; done

# check NAME IMPORT FILE [SED]: the file, with `@testable import BehaviorLog` and IMPORT first
# (and SED applied, to select a platform branch), must type-check; and the branch must be seen:
# the type-check runs again with a line that fails unless the file's declarations are visible.
check() {
    name=$1; import=$2; file=$3; edit=${4:-}
    copy="$WORK/$name.swift"
    { echo "@testable import BehaviorLog"; [ -n "$import" ] && echo "import $import"; sed "$edit" "$file"; } > "$copy"
    # shellcheck disable=SC2086
    "$SWIFTC" -typecheck -swift-version 6 -module-name AppleCheck -I "$WORK" -I "$MODULES" $C_INCLUDES "$copy" ||
        fail "$file ($name) does not type-check against the Apple stand-ins"
    echo "apple-swift-check: $name ok"
}

check OSLogOutput "" Sources/BehaviorLog/Output/OSLogOutput.swift
check AppLifecycleObserver-UIKit "" Sources/BehaviorLog/Lifecycle/AppLifecycleObserver.swift
check AppLifecycleObserver-watchOS WatchFoundation Sources/BehaviorLog/Lifecycle/AppLifecycleObserver.swift 's/os(watchOS)/true/g'

# Each branch must really have been compiled (a stand-in that made canImport false would check
# nothing): a use of the type, which fails to resolve when the branch was compiled out.
printf '@testable import BehaviorLog\n' > "$WORK/Use.swift"
cat Sources/BehaviorLog/Output/OSLogOutput.swift >> "$WORK/Use.swift"
printf '\nlet _: OSLogOutput.Type = OSLogOutput.self\n' >> "$WORK/Use.swift"
# shellcheck disable=SC2086
"$SWIFTC" -typecheck -swift-version 6 -module-name AppleCheck -I "$WORK" -I "$MODULES" $C_INCLUDES "$WORK/Use.swift" ||
    fail "OSLogOutput was compiled out: canImport(OSLog) is false with the stand-ins"
printf '@testable import BehaviorLog\n' > "$WORK/UseUIKit.swift"
cat Sources/BehaviorLog/Lifecycle/AppLifecycleObserver.swift >> "$WORK/UseUIKit.swift"
printf '\nlet _: AppLifecycleObserver.Type = AppLifecycleObserver.self\n' >> "$WORK/UseUIKit.swift"
# shellcheck disable=SC2086
"$SWIFTC" -typecheck -swift-version 6 -module-name AppleCheck -I "$WORK" -I "$MODULES" $C_INCLUDES "$WORK/UseUIKit.swift" ||
    fail "AppLifecycleObserver was compiled out: canImport(UIKit) is false with the stand-ins"
echo "apple-swift-check: every branch was compiled"

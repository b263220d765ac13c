#!/bin/sh
# Type-checks LoggenPlugin's Xcode entry point (Plugins/LoggenPlugin/LoggenPlugin+Xcode.swift,
# under `#if canImport(XcodeProjectPlugin)`) on Linux, where Xcode's module does not exist:
# against the toolchain's PackagePlugin and a stand-in XcodeProjectPlugin module
# (Tests/Support/xcode-plugin-stub) with the declarations Xcode's has. A misspelt or
# misused API of the Xcode branch fails here; how Xcode runs the plugin needs a Mac
# (.github/workflows/apple.yml).
# Usage: Tests/Support/xcode-plugin-check.sh   (from the package root)
set -eu
fail() { echo "xcode-plugin-check: error: $*" >&2; exit 1; }

SWIFTC=${SWIFTC:-$(command -v swiftc || true)}
[ -n "$SWIFTC" ] || fail "swiftc not found in PATH"
PLUGIN_API=$(dirname "$(readlink -f "$SWIFTC")")/../lib/swift/pm/PluginAPI
[ -d "$PLUGIN_API" ] || fail "the toolchain has no PackagePlugin module at $PLUGIN_API"
[ -d Plugins/LoggenPlugin ] || fail "run from the package root"

WORK=$(mktemp -d "${TMPDIR:-/tmp}/xcode-plugin-check.XXXXXX")
trap 'rm -rf "$WORK"' EXIT

"$SWIFTC" -emit-module -parse-as-library -module-name XcodeProjectPlugin -I "$PLUGIN_API" \
    -package-description-version 6.1 -emit-module-path "$WORK/XcodeProjectPlugin.swiftmodule" \
    Tests/Support/xcode-plugin-stub/XcodeProjectPlugin.swift || fail "the stand-in XcodeProjectPlugin module does not compile"

# The branch must really be compiled: a missing stub would turn canImport false and check nothing.
printf '#if !canImport(XcodeProjectPlugin)\n#error("XcodeProjectPlugin is not visible")\n#endif\n' > "$WORK/Visible.swift"

"$SWIFTC" -typecheck -parse-as-library -module-name LoggenPlugin -I "$PLUGIN_API" -I "$WORK" \
    -package-description-version 6.1 Plugins/LoggenPlugin/*.swift "$WORK/Visible.swift" ||
    fail "LoggenPlugin's Xcode entry point does not type-check against XcodeProjectPlugin's declarations"
echo "xcode-plugin-check: LoggenPlugin (SwiftPM and Xcode entry points) type-checks"

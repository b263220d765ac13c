#!/bin/sh
# Type-checks BehaviorLogViewer's screens (LogViewerViewController in UIKit, LogViewerView in
# SwiftUI, both under `#if canImport(WebKit)`) on Linux against stand-ins for Apple's modules:
# UIKit (Tests/Support/apple-swift-stubs/UIKit.swift with the additions of
# Tests/Support/apple-viewer-stubs/UIKit+Viewer.swift), WebKit and SwiftUI, declared with
# Apple's names, isolation and signatures, and against the package's built BehaviorLogViewer.
# A misspelt or misused Apple API, or a concurrency error in these files, fails here; what only
# a device proves is listed in docs/Platforms.md.
#
# Usage: Tests/Support/apple-viewer-check.sh BIN_PATH   (from the package root, after `swift build`)
set -eu
fail() { echo "apple-viewer-check: error: $*" >&2; exit 1; }

BIN=${1:?usage: apple-viewer-check.sh BIN_PATH (swift build --show-bin-path)}
MODULES="$BIN/Modules"
[ -f "$MODULES/BehaviorLogViewer.swiftmodule" ] || fail "$MODULES/BehaviorLogViewer.swiftmodule is missing: run swift build first"
STUBS=Tests/Support/apple-viewer-stubs
SWIFTC=${SWIFTC:-swiftc}

WORK=$(mktemp -d "${TMPDIR:-/tmp}/apple-viewer-check.XXXXXX")
trap 'rm -rf "$WORK"' EXIT

module() {
    name=$1; shift
    "$SWIFTC" -emit-module -parse-as-library -module-name "$name" -I "$WORK" -swift-version 6 \
        -emit-module-path "$WORK/$name.swiftmodule" "$@" || fail "the stand-in module $name does not compile"
}
module UIKit Tests/Support/apple-swift-stubs/UIKit.swift "$STUBS/UIKit+Viewer.swift"
module WebKit "$STUBS/WebKit.swift"
module SwiftUI "$STUBS/SwiftUI.swift"

C_INCLUDES=""
for include in Sources/*/include; do C_INCLUDES="$C_INCLUDES -I $include"; done

# The two screens, as one module importing the built BehaviorLogViewer; then again with a use of
# each type, which fails to resolve when a branch was compiled out (a stand-in that made
# canImport false would check nothing).
for file in LogViewerViewController LogViewerView; do
    { echo "import BehaviorLogViewer"; cat "Sources/BehaviorLogViewer/$file.swift"; } > "$WORK/$file.swift"
done
printf 'func use() {\n    _ = LogViewerViewController.self\n    _ = LogViewerView.self\n}\n' > "$WORK/Use.swift"
# shellcheck disable=SC2086
"$SWIFTC" -typecheck -swift-version 6 -parse-as-library -module-name AppleViewerCheck -I "$WORK" -I "$MODULES" $C_INCLUDES \
    "$WORK/LogViewerViewController.swift" "$WORK/LogViewerView.swift" ||
    fail "LogViewerViewController.swift and LogViewerView.swift do not type-check against the Apple stand-ins"
echo "apple-viewer-check: LogViewerViewController and LogViewerView ok"
# shellcheck disable=SC2086
"$SWIFTC" -typecheck -swift-version 6 -parse-as-library -module-name AppleViewerCheck -I "$WORK" -I "$MODULES" $C_INCLUDES \
    "$WORK/LogViewerViewController.swift" "$WORK/LogViewerView.swift" "$WORK/Use.swift" ||
    fail "a screen was compiled out: canImport(WebKit), canImport(UIKit) or canImport(SwiftUI) is false with the stand-ins"
echo "apple-viewer-check: every branch was compiled"

# The docs' snippets that show the screen (```swift apple blocks naming LogViewerView in README.md
# and docs/*.md), each a file of its own beside the screens, with the `store` they take from the
# app around them (Tests/DocSnippetTests/AppContext.swift declares the same).
python3 - "$WORK" <<'PYTHON' || fail "cannot extract the docs' snippets"
import glob, re, sys
count = 0
for path in ["README.md"] + sorted(glob.glob("docs/*.md")):
    lines = open(path, encoding="utf-8").read().split("\n")
    for index, line in enumerate(lines):
        if line != "```swift apple":
            continue
        end = lines.index("```", index + 1)
        body = lines[index + 1:end]
        if any("LogViewerView(" in text for text in body):
            count += 1
            name = "%s/Snippet%d.swift" % (sys.argv[1], count)
            open(name, "w").write("// %s:%d\n" % (path, index + 2) + "\n".join(body) + "\n")
if count == 0:
    sys.exit("no ```swift apple snippet names LogViewerView")
PYTHON
printf 'import Foundation\nlet store = URL(fileURLWithPath: "/tmp/history")\nenum GeneratedSchema { static let definitionsJSON: String? = nil }\n' > "$WORK/SnippetContext.swift"
for snippet in "$WORK"/Snippet[0-9]*.swift; do
    # shellcheck disable=SC2086
    "$SWIFTC" -typecheck -swift-version 6 -parse-as-library -module-name AppleViewerCheck -I "$WORK" -I "$MODULES" $C_INCLUDES \
        "$WORK/LogViewerViewController.swift" "$WORK/LogViewerView.swift" "$WORK/SnippetContext.swift" "$snippet" ||
        fail "the docs' snippet at $(head -1 "$snippet" | cut -c4-) does not type-check against the Apple stand-ins"
    echo "apple-viewer-check: $(head -1 "$snippet" | cut -c4-) ok"
done

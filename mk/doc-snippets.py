#!/usr/bin/env python3
"""Every Swift snippet of the docs, compiled (issue 14, item 4; doc comments: issue 25).

Reads each ```swift block of README.md and docs/*.md, the DocC catalogs' pages
(Sources/<Module>/<Module>.docc/*.md), and the `///` doc comments of the
libraries an app links (Sources/BehaviorLog, BehaviorLogHTTP, BehaviorLogTesting: what Xcode's
Quick Help shows), and writes them, in order, into
Tests/DocSnippetTests/DocSnippets.swift: each block becomes the body of a function of its own
(named after its file and line), its `import` lines hoisted to the top. The test target
compiles the file, so a snippet that stops compiling fails `swift build --build-tests`, and
`--check` (run by `make test`) fails when the file is stale, so the docs cannot drift from it.
The names a snippet takes from the app around it (`collector`, `session`, `savedConsent`)
are declared once, by hand, in Tests/DocSnippetTests/AppContext.swift.

The info string says what a block is:
  ```swift            app code: compiled
  ```swift apple      app code that needs UIKit or WatchKit: compiled where they exist
  ```swift generated  what loggen writes (proven by the reference tests, not here)
  ```swift manifest   a Package.swift fragment (not Swift an app target compiles)
  ```swift example    a call of code generated from an example definition shown beside it,
                      not from the sample app's LogDefinitions/ (so there is nothing to call)
  ```swift fragment   part of a larger expression an app writes around it (a SwiftUI
                      modifier): not a statement on its own

Usage: mk/doc-snippets.py [--check]   (from the package's root)
"""
import glob, os, re, sys

OUTPUT = "Tests/DocSnippetTests/DocSnippets.swift"
KINDS = {"": "compiled", "apple": "compiled", "generated": "skipped", "manifest": "skipped", "example": "skipped",
         "fragment": "skipped"}
# The libraries whose doc comments' snippets are compiled too.
DOCUMENTED_SOURCES = ["Sources/BehaviorLog", "Sources/BehaviorLogHTTP", "Sources/BehaviorLogTesting"]
DOC_COMMENT = re.compile(r"^\s*/// ?")


def blocks(path):
    lines = open(path, encoding="utf-8").read().split("\n")
    if path.endswith(".swift"):
        # Only the doc comments, without their `///`: a line of code ends a block's search.
        lines = [DOC_COMMENT.sub("", line, count=1) if DOC_COMMENT.match(line) else "\0" for line in lines]
    index = 0
    while index < len(lines):
        match = re.match(r"^```swift(?:\s+(\w+))?\s*$", lines[index])
        if not match:
            index += 1
            continue
        kind = match.group(1) or ""
        if kind not in KINDS:
            sys.exit(f"{path}:{index + 1}: error: unknown snippet kind `swift {kind}`; write one of: "
                     + ", ".join(f"`swift {k}`".replace("swift ", "swift", 1) if not k else f"`swift {k}`" for k in KINDS))
        start = index + 1
        end = start
        while end < len(lines) and lines[end] != "```":
            end += 1
        if end == len(lines) or "\0" in lines[start:end]:
            sys.exit(f"{path}:{index + 1}: error: a ```swift block is not closed")
        yield start, kind, lines[start:end]
        index = end + 1


def render():
    # What an app's file imports anyway; a snippet's own imports are added.
    imports = {"BehaviorLog", "BehaviorLogHTTP", "BehaviorLogTesting", "Foundation", "RecipeLogs"}
    # An apple block's imports (SwiftUI, UIKit) exist only where the block compiles.
    apple_imports = set()
    functions = []
    sources = ["README.md"] + sorted(glob.glob("docs/*.md")) + sorted(glob.glob("Sources/*/*.docc/**/*.md", recursive=True))
    for folder in DOCUMENTED_SOURCES:
        sources += sorted(glob.glob(f"{folder}/**/*.swift", recursive=True))
    for path in sources:
        number = 0
        for line, kind, body in blocks(path):
            number += 1
            if KINDS[kind] == "skipped":
                continue
            code = []
            for text in body:
                if not code and not text.strip():
                    continue
                found = re.match(r"^import (\w+)\s*(//.*)?$", text)
                if found:
                    (apple_imports if kind == "apple" else imports).add(found.group(1))
                else:
                    code.append(text)
            # Named by the block's place among its file's ```swift blocks, not by its line, so
            # that editing the prose around a snippet leaves this file as it is.
            kind_of_source = "DocComment" if path.endswith(".swift") else "Snippet"
            name = re.sub(r"\W", "_", os.path.splitext(os.path.basename(path))[0]).lower() + f"{kind_of_source}{number}"
            function = [f"// {path}, Swift block {number}"]
            if kind == "apple":
                function.append("#if canImport(UIKit) || os(watchOS)")
                # UI code: an app writes it on the main actor (AppLifecycleObserver is @MainActor).
                function.append("@MainActor")
            function.append(f"func {name}() async throws {{")
            function += [("    " + text).rstrip() for text in code]
            function.append("}")
            if kind == "apple":
                function.append("#endif")
            functions.append("\n".join(function))
    header = [
        "// DO NOT EDIT. Generated by mk/doc-snippets.py from README.md, docs/*.md, Sources/*/*.docc and the doc",
        "// comments of Sources/BehaviorLog, BehaviorLogHTTP and BehaviorLogTesting (`make doc-snippets`).",
        "// swift-format-ignore-file",
        "//",
        "// Each ```swift block of the docs, as the body of a function: compiled, never run. The names",
        "// the snippets take from the app around them are declared in AppContext.swift.",
        "",
    ]
    apple_only = sorted(apple_imports - imports)
    guarded = ["#if canImport(UIKit) || os(watchOS)"] + [f"import {name}" for name in apple_only] + ["#endif"] if apple_only else []
    return "\n".join(header + [f"import {name}" for name in sorted(imports)] + guarded + [""] + ["\n\n".join(functions), ""])


def main():
    text = render()
    current = open(OUTPUT, encoding="utf-8").read() if os.path.exists(OUTPUT) else None
    if "--check" in sys.argv:
        if current != text:
            sys.exit(f"{OUTPUT}: error: stale: the docs' Swift snippets changed; run `make doc-snippets` and commit the result")
        return
    if current != text:
        os.makedirs(os.path.dirname(OUTPUT), exist_ok=True)
        with open(OUTPUT, "w", encoding="utf-8") as file:
            file.write(text)
        print(f"wrote {OUTPUT}")


main()

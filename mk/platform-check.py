#!/usr/bin/env python3
"""The portability check of the libraries an app links (issue 12; docs/Platforms.md).

Fails, naming file:line, when a file of an app-linked target (LogCore, LogStore, BehaviorLog,
BehaviorLogTesting, BehaviorLogHTTP, LogQuery, BehaviorLogViewer with the LogServer and LogSchema it
runs, and loggen's generated code), or of a library that runs on a Mac inside a command
(`logview serve --collect`'s LogIngest, the generator's LogMarkdown, LogCodegen, LogWarehouse and
CommandLineSupport), outside the platform layer (Sources/LogCore/Platform/):
  - imports Glibc, Darwin, Musl or Synchronization (anywhere, even under #if);
  - names a task executor or a Synchronization type (TaskExecutor, executorPreference,
    Mutex<, Atomic<), or a libc function by its module (Glibc.open, Darwin.close);
  - uses a lock other than the package's one, `Locked` (NSLock, NSCondition, os_unfair_lock,
    OSAllocatedUnfairLock, pthread_mutex_*);
and when any app-linked file (the platform layer included) uses an API newer than the
deployment floor (ABOVE_FLOOR) outside an `@available(...)` declaration or an
`if #available(...)`/`guard #available(...)` block; and when Package.swift declares no
`platforms:` or a floor other than FLOOR. Two more trees, with rules of their own:
  - Tests/: a test target must build on a Mac too, so `import Glibc`/`Musl` (or a call named
    `Glibc.x`) only inside an `#if` on `canImport(Glibc)`/`canImport(Musl)`/`os(Linux)`;
  - Plugins/: SwiftPM compiles a build plugin for PackagePlugin's own macOS floor (10.15), not
    the package's, so the plugin uses no API of PLUGIN_ABOVE_FLOOR (macOS 11 and later).

Comments and string literals are ignored. `--self-test` runs the check on the fixtures in
Tests/PlatformCheck/ (each must be flagged, with the findings its first line lists).
Usage: platform-check.py [--root DIR] [--self-test]
"""
import os
import re
import sys

APP_LINKED = ["Sources/LogCore", "Sources/LogStore", "Sources/BehaviorLog", "Sources/BehaviorLogTesting",
              "Sources/BehaviorLogHTTP", "Sources/LogGzip", "Sources/LogQuery",
              # The in-app viewer and the server it runs (`logview serve`'s, over the app's store).
              "Sources/BehaviorLogViewer", "Sources/LogServer", "Sources/LogSchema",
              # What loggen writes into an app: the sample's checked-in output and the
              # generator's reference output.
              "Generated", "Tests/LogCodegenTests/Resources"]
# Libraries that are not app-linked but run on a Mac inside a command (`logview serve`, `loggen`
# and its build plugin): held to the same rules, so that they build there with no system calls
# of their own.
MAC_LIBRARIES = ["Sources/LogIngest", "Sources/LogMarkdown", "Sources/LogCodegen",
                 "Sources/LogWarehouse", "Sources/CommandLineSupport"]
PLATFORM_LAYER = "Sources/LogCore/Platform"

# Files still allowed to break the rules, one line each, with the reason. Delete a line when
# its file is fixed: the check then holds that file too.
ALLOWED = {
}

# The documented deployment floor (docs/Platforms.md, Package.swift).
FLOOR = {"iOS": 16, "macOS": 13, "tvOS": 16, "watchOS": 9, "visionOS": 1}

LIBC_MODULES = r"(?:Glibc|Darwin|Musl|Synchronization)"
FORBIDDEN = [
    (re.compile(r"^\s*(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|package|internal|fileprivate|private)\s+)?"
                r"import\s+(?:(?:typealias|struct|class|enum|protocol|let|var|func)\s+)?" + LIBC_MODULES + r"\b"),
     "imports {0} outside the platform layer: call `System` (Sources/LogCore/Platform) instead, "
     "`Locked` and `AtomicCounter` for Synchronization's types"),
    (re.compile(r"\bTaskExecutor\b"), "uses `TaskExecutor` (iOS 18 / macOS 15): use a plain thread or `Task.detached`"),
    (re.compile(r"\bexecutorPreference\b"), "uses `executorPreference` (iOS 18 / macOS 15): use a plain thread or `Task.detached`"),
    (re.compile(r"\bMutex\s*<"), "uses `Mutex` (Synchronization, iOS 18 / macOS 15): use `Locked`"),
    (re.compile(r"\bAtomic\s*<"), "uses `Atomic` (Synchronization, iOS 18 / macOS 15): use `AtomicCounter`"),
    (re.compile(r"\b(?:NSLock|NSRecursiveLock|NSCondition|NSConditionLock|OSAllocatedUnfairLock|os_unfair_lock\w*|"
                r"pthread_mutex_\w+|pthread_cond_\w+)\b"),
     "uses another kind of lock: the package has one, `Locked` (Sources/LogCore/Platform/Locked.swift); "
     "wait for a signal with a `DispatchSemaphore` beside it"),
    (re.compile(r"\b(?:Glibc|Darwin|Musl)\.[A-Za-z_]\w*"), "calls `{0}` by its libc module outside the platform layer: add it to `System`"),
]

# APIs above the floor, each with where Apple's documentation puts its introduction
# (developer.apple.com/documentation/swift/...). Keep it small and checked; `.formatted(`,
# `Duration.UnitsFormatStyle`, `URL.currentDirectory()`, `Regex`, `ContinuousClock` are
# iOS 16 / macOS 13 (at the floor) and `AsyncStream.makeStream` is back-deployed: all fine.
ABOVE_FLOOR = [
    (re.compile(r"\bMutex\b"), "Mutex", "iOS 18 / macOS 15"),
    (re.compile(r"\bAtomic\b"), "Atomic", "iOS 18 / macOS 15"),
    (re.compile(r"\bTaskExecutor\b"), "TaskExecutor", "iOS 18 / macOS 15"),
    (re.compile(r"\bwithTaskExecutorPreference\b"), "withTaskExecutorPreference", "iOS 18 / macOS 15"),
    (re.compile(r"\b(?:U?Int128)\b"), "Int128/UInt128", "iOS 18 / macOS 15"),
    (re.compile(r"\b(?:with(?:Throwing)?DiscardingTaskGroup|(?:Throwing)?DiscardingTaskGroup)\b"),
     "discarding task groups", "iOS 17 / macOS 14"),
    (re.compile(r"@Observable\b|\bimport\s+Observation\b|\bwithObservationTracking\b"),
     "Observation (@Observable)", "iOS 17 / macOS 14"),
]
# What a plugin must not call: SwiftPM compiles it with `-target …-macosx10.15` (PackagePlugin's
# floor), where these are unavailable (Apple's documentation gives each one's introduction).
PLUGIN_FLOOR = "macOS 10.15"
PLUGIN_ABOVE_FLOOR = [
    (re.compile(r"\.appending\(\s*(?:path|component|components)\s*:"), "URL.appending(path:)/(component:)", "macOS 13",
     "use appendingPathComponent(_:)"),
    (re.compile(r"\.path\(\s*percentEncoded\s*:"), "URL.path(percentEncoded:)", "macOS 13", "use .path"),
    (re.compile(r"\bURL\s*\(\s*filePath\s*:"), "URL(filePath:)", "macOS 13", "use URL(fileURLWithPath:)"),
    (re.compile(r"\bURL\.currentDirectory\s*\("), "URL.currentDirectory()", "macOS 13",
     "use FileManager.default.currentDirectoryPath"),
    (re.compile(r"\.formatted\s*\("), ".formatted()", "macOS 12", "build the text by hand"),
    (re.compile(r"\b(?:Regex|ContinuousClock|SuspendingClock|Duration)\b"), "Regex/clocks/Duration", "macOS 13",
     "use NSRegularExpression or plain numbers"),
    (re.compile(r"\bAttributedString\b"), "AttributedString", "macOS 12", "use plain strings"),
]
GUARD = re.compile(r"@available\s*\(\s*(?:iOS|macOS|tvOS|watchOS|visionOS|macCatalyst)\b|#available\s*\(")


def strip_comments_and_strings(text):
    """The text with comments and string literals blanked (newlines kept, so lines match)."""
    out = []
    i, n, depth = 0, len(text), 0
    while i < n:
        c = text[i]
        if text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
            out.append(" " * (j - i)); i = j
        elif text.startswith("/*", i):
            depth, j = 1, i + 2
            while j < n and depth:
                if text.startswith("/*", j): depth += 1; j += 2
                elif text.startswith("*/", j): depth -= 1; j += 2
                else: j += 1
            out.append(re.sub(r"[^\n]", " ", text[i:j])); i = j
        elif c == '"' or (c == "#" and re.match(r'#+"', text[i:])):
            hashes = len(re.match(r'#*', text[i:]).group(0))
            start = i + hashes
            multi = text.startswith('"""', start)
            quote = '"""' if multi else '"'
            close = quote + "#" * hashes
            j = start + len(quote)
            while j < n:
                if hashes == 0 and text[j] == "\\": j += 2; continue
                if text.startswith(close, j): j += len(close); break
                if not multi and text[j] == "\n": break
                j += 1
            out.append('"' + re.sub(r"[^\n]", " ", text[i + 1:j - 1]) + '"' if j - i >= 2 else text[i:j]); i = j
        else:
            out.append(c); i += 1
    return "".join(out)


def guarded_lines(code):
    """For each line, whether it lies inside an @available declaration or #available block."""
    result, stack, pending = [], [False], False
    for line in code.split("\n"):
        guarded_here = stack[-1] or pending
        if GUARD.search(line):
            pending = True
            guarded_here = True
            if re.search(r"\bguard\s+#available", line):
                stack[-1] = True
        for ch in line:
            if ch == "{":
                stack.append(stack[-1] or pending); pending = False
            elif ch == "}":
                if len(stack) > 1: stack.pop()
        result.append(guarded_here)
    return result


def check_file(path, display, in_platform_layer):
    findings = []
    with open(path, encoding="utf-8") as handle:
        code = strip_comments_and_strings(handle.read())
    lines = code.split("\n")
    guarded = guarded_lines(code)
    for number, line in enumerate(lines, 1):
        flagged = False
        if not in_platform_layer:
            for pattern, message in FORBIDDEN:
                match = pattern.search(line)
                if match:
                    flagged = True
                    name = re.search(LIBC_MODULES + r"(?:\.\w+)?", match.group(0))
                    findings.append(f"{display}:{number}: error: {message.format(name.group(0) if name else '')}")
        for pattern, name, introduced in ([] if flagged else ABOVE_FLOOR):
            if pattern.search(line) and not guarded[number - 1]:
                findings.append(f"{display}:{number}: error: uses {name} ({introduced}) above the deployment floor "
                                f"without `@available`/`if #available`")
    return findings


LINUX_CONDITION = re.compile(r"canImport\(\s*(?:Glibc|Musl)\s*\)|os\(\s*Linux\s*\)")
DARWIN_CONDITION = re.compile(r"canImport\(\s*Darwin\s*\)|os\(\s*(?:macOS|iOS)\s*\)")
LINUX_ONLY = re.compile(r"^\s*(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|package|internal|fileprivate|private)\s+)?"
                        r"import\s+(?:Glibc|Musl)\b|\b(?:Glibc|Musl)\.[A-Za-z_]\w*")


def check_test_file(path, display):
    """A test file builds on a Mac: Glibc and Musl appear only under an #if that is false there."""
    with open(path, encoding="utf-8") as handle:
        code = strip_comments_and_strings(handle.read())
    # For each open #if: whether the branch we are in is never compiled on a Mac (its condition
    # names Linux, or it is the #else after a branch on canImport(Darwin)), and whether a branch
    # on Darwin came before.
    findings, stack = [], []
    for number, line in enumerate(code.split("\n"), 1):
        directive = re.match(r"\s*#(if|elseif|else|endif)\b(.*)", line)
        if directive:
            kind, condition = directive.groups()
            if kind == "if":
                stack.append([bool(LINUX_CONDITION.search(condition)), bool(DARWIN_CONDITION.search(condition))])
            elif kind == "elseif" and stack:
                stack[-1][0] = bool(LINUX_CONDITION.search(condition))
                stack[-1][1] = stack[-1][1] or bool(DARWIN_CONDITION.search(condition))
            elif kind == "else" and stack:
                stack[-1][0] = stack[-1][1]
            elif kind == "endif" and stack:
                stack.pop()
            continue
        match = LINUX_ONLY.search(line)
        if match and not any(linux_only for linux_only, _ in stack):
            findings.append(f"{display}:{number}: error: `{match.group(0).strip()}` outside `#if canImport(Glibc)`: "
                            f"the test target then fails to build on a Mac; import Darwin under "
                            f"`#if canImport(Darwin)` first, Glibc under `#elseif canImport(Glibc)`")
    return findings


def check_plugin_file(path, display):
    """A build plugin compiles for PackagePlugin's floor, macOS 10.15: nothing newer, unguarded."""
    with open(path, encoding="utf-8") as handle:
        code = strip_comments_and_strings(handle.read())
    guarded = guarded_lines(code)
    findings = []
    for number, line in enumerate(code.split("\n"), 1):
        for pattern, name, introduced, fix in PLUGIN_ABOVE_FLOOR:
            if pattern.search(line) and not guarded[number - 1]:
                findings.append(f"{display}:{number}: error: {name} is {introduced}; SwiftPM compiles the plugin for "
                                f"{PLUGIN_FLOOR} (PackagePlugin's floor): {fix}")
    return findings


def swift_files(root, tree, skip=()):
    """(path, display) of every Swift file under root/tree, sorted, outside the `skip` folders."""
    for directory, folders, files in os.walk(os.path.join(root, tree)):
        folders[:] = sorted(f for f in folders if os.path.relpath(os.path.join(directory, f), root) not in skip)
        for name in sorted(files):
            if name.endswith(".swift"):
                path = os.path.join(directory, name)
                yield path, os.path.relpath(path, root)


def check_manifest(path, display):
    with open(path, encoding="utf-8") as handle:
        text = handle.read()
    code = strip_comments_and_strings(text)
    match = re.search(r"\bplatforms\s*:\s*\[([^\]]*)\]", code)
    floor = ", ".join(f".{k}(.v{v})" for k, v in FLOOR.items())
    if not match:
        return [f"{display}:1: error: no `platforms:`: SwiftPM then assumes iOS 12 / macOS 10.13; declare [{floor}]"]
    line = code[:match.start()].count("\n") + 1
    declared = {name: int(major) for name, major in re.findall(r"\.(\w+)\s*\(\s*\.v(\d+)", match.group(1))}
    declared.update({name: int(major) for name, major in re.findall(r"\.(\w+)\s*\(\s*\"(\d+)", match.group(1))})
    if declared != FLOOR:
        got = ", ".join(f".{k}(.v{v})" for k, v in declared.items()) or "nothing"
        return [f"{display}:{line}: error: `platforms:` declares {got}; the documented floor is [{floor}] "
                f"(docs/Platforms.md): change both together"]
    return []


def check_tree(root, allowed=ALLOWED):
    findings = []
    for target in APP_LINKED + MAC_LIBRARIES:
        for directory, _, files in sorted(os.walk(os.path.join(root, target))):
            for name in sorted(files):
                if not name.endswith(".swift"):
                    continue
                path = os.path.join(directory, name)
                display = os.path.relpath(path, root)
                in_layer = display.startswith(PLATFORM_LAYER + os.sep)
                found = check_file(path, display, in_layer)
                if display in allowed:
                    # Reported, not failed: the allow-list line in ALLOWED says why.
                    for finding in found:
                        print(finding.replace(": error: ", ": note: allowed for now (mk/platform-check.py ALLOWED): ", 1),
                              file=sys.stderr)
                    if not found:
                        print(f"{display}: note: now portable: delete its line from ALLOWED in mk/platform-check.py",
                              file=sys.stderr)
                    continue
                findings += found
    # The fixtures of this check and the shadow SDK are not test targets.
    for path, display in swift_files(root, "Tests", skip=("Tests/PlatformCheck", "Tests/PlatformShadow")):
        findings += check_test_file(path, display)
    for path, display in swift_files(root, "Plugins"):
        findings += check_plugin_file(path, display)
    findings += check_manifest(os.path.join(root, "Package.swift"), "Package.swift")
    return findings


def self_test(root):
    """Each fixture must produce exactly the findings its first line names (`// expect: N`)."""
    fixtures = os.path.join(root, "Tests/PlatformCheck")
    failures, count = [], 0
    for name in sorted(os.listdir(fixtures)):
        path = os.path.join(fixtures, name)
        display = os.path.relpath(path, root)
        with open(path, encoding="utf-8") as handle:
            first = handle.readline()
        expected = re.search(r"expect:\s*(\d+)", first)
        if not expected:
            failures.append(f"{display}:1: error: a fixture starts with `// expect: N` (the findings it must produce)")
            continue
        count += 1
        if name.startswith("TestTarget") and name.endswith(".swift"):
            found = check_test_file(path, display)
        elif name.startswith("Plugin") and name.endswith(".swift"):
            found = check_plugin_file(path, display)
        elif name.endswith(".swift"):
            found = check_file(path, display, in_platform_layer=False)
        else:
            found = check_manifest(path, display)
        if len(found) != int(expected.group(1)):
            failures.append(f"{display}:1: error: the check found {len(found)} problems, the fixture expects "
                            f"{expected.group(1)}:" + "".join(f"\n  {f}" for f in found))
    return failures, count


def main(argv):
    root = os.getcwd()
    if "--root" in argv:
        root = argv[argv.index("--root") + 1]
    failures, fixtures = self_test(root)
    if failures:
        print("platform-check: the check itself is broken (its self-test failed):", file=sys.stderr)
        print("\n".join(failures), file=sys.stderr)
        return 1
    if "--self-test" in argv:
        print(f"platform-check: self-test passed ({fixtures} fixtures flagged as expected)")
        return 0
    findings = check_tree(root)
    if findings:
        print("\n".join(findings), file=sys.stderr)
        print(f"platform-check: {len(findings)} problem(s) in the app-linked targets or the command libraries (docs/Platforms.md)",
              file=sys.stderr)
        return 1
    print(f"platform-check: app-linked targets and {', '.join(os.path.basename(t) for t in MAC_LIBRARIES)} portable; floor {FLOOR}; "
          f"Tests/ builds on a Mac; Plugins/ at {PLUGIN_FLOOR}; self-test {fixtures} fixtures")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

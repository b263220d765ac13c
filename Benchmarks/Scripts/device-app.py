#!/usr/bin/env python3
"""The apps whose code size `make bench-device` measures (bench-device-size.sh builds them).

Usage: device-app.py ROOT LOGGEN CORPUS_GENERATOR OUT

Writes the package OUT/Package.swift, depending on the BehaviorLog package at ROOT, with three
executables that differ only in their logging:

  app-none   no SDK: the app's own start (a URL for its store, a line printed)
  app-12     the SDK set up as README.md shows (a buffered output that writes its history's store,
             sending to a local backend), posting each of 12 generated events once
  app-500    the same, posting each of 500 generated events once

The events come from CORPUS_GENERATOR (gen_corpus.py, no obsolete events) through
`LOGGEN generate`; the corpus's custom types are the app's own enums (declared here). Each
call site passes one value per field: a literal, a `.first` case, an empty array, the app's
`appDay`/`appTime` (values an app has at hand, not built at each call).
"""
import os
import re
import shutil
import subprocess
import sys

root, loggen, corpus_generator, out = sys.argv[1:5]
root = os.path.abspath(root)

EXTERNAL = ["SearchOrder", "DeviceKind", "RecipeVisibility", "PaymentStatus", "ScreenKind",
            "ButtonKind", "SortKey", "ContentKind"]
LITERALS = {"String": '"x"', "Int16": "1", "Int32": "1", "Int64": "1", "Float": "1", "Double": "1",
            "Bool": "true", "LogDate": "appDay", "Date": "appTime"}

SETUP = """\
let store = URL(fileURLWithPath: CommandLine.arguments.count > 1 ? CommandLine.arguments[1] : "device-app-store")
"""

LOGGING = """\
/// The app's backend: accepts every chunk.
final class AppBackend: LogBackend {
    func send(_ chunk: LogChunk) async -> LogDeliveryResult { .accepted }
}

let history = try LocalStoreOutput(directory: store.appending(path: "history"))
let logger = BehaviorLogger(configuration: try LoggerConfiguration(outputs: [
    OutputSetting(try BufferedOutput(history: history, backend: AppBackend())),
]))
postEveryEvent(logger)
await logger.shutdown()
"""


def value(swift_type):
    if swift_type.endswith("?"):
        return value(swift_type[:-1])
    if swift_type.startswith("["):
        return "[]"
    if swift_type in LITERALS:
        return LITERALS[swift_type]
    return ".first"


def posts(generated):
    """One `logger.post(…)` per event (a static member) of the generated files."""
    lines = []
    for name in sorted(os.listdir(generated)):
        category = None
        for line in open(os.path.join(generated, name)):
            match = re.match(r"public struct (\w+): GeneratedLogEvent", line)
            if match:
                category = match.group(1)
            # An event returns its category (`-> Self` before LoggenVersion8).
            match = re.match(r"    public static func (`?\w+`?)\((.*)\) -> `?(\w+)`? \{$", line)
            if category and match and match.group(3) in ("Self", category):
                arguments = []
                for parameter in match.group(2).split(", "):
                    label, swift_type = parameter.split(": ", 1)
                    arguments.append("%s: %s" % (label, value(swift_type)))
                lines.append("    logger.post(%s.%s(%s))" % (category, match.group(1), ", ".join(arguments)))
            match = re.match(r"    public static var (`?\w+`?): `?(\w+)`? \{", line)
            if category and match and match.group(2) in ("Self", category):
                lines.append("    logger.post(%s.%s)" % (category, match.group(1)))
    return lines


def write(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        f.write(text)


if os.path.exists(os.path.join(out, "Sources")):
    shutil.rmtree(os.path.join(out, "Sources"))
write(os.path.join(out, "Sources/app-none/main.swift"), "import Foundation\n\n" + SETUP + "print(store.path)\n")
for events, files, per_file in (("12", 1, 12), ("500", 10, 50)):
    corpus = os.path.join(out, "corpus-" + events)
    shutil.rmtree(corpus, ignore_errors=True)
    subprocess.run([sys.executable, corpus_generator, corpus, "--files", str(files), "--events", str(per_file),
                    "--obsolete-rate", "0", "--seed", "26"], check=True, stdout=subprocess.DEVNULL)
    source = os.path.join(out, "Sources/app-" + events)
    generated = os.path.join(source, "Generated")
    subprocess.run([loggen, "generate", corpus, "--output", generated], check=True, stdout=subprocess.DEVNULL)
    calls = posts(generated)
    assert len(calls) == int(events), "%s: %d events posted, %s expected" % (source, len(calls), events)
    types = "".join("public enum %s: String, LogValueConvertible, CaseIterable, Sendable {\n    case first, second\n}\n\n" % name
                    for name in EXTERNAL)
    values = "public let appDay = LogDate(year: 2026, month: 12, day: 2)!\npublic let appTime = Date(timeIntervalSince1970: 1_800_000_000)\n"
    write(os.path.join(source, "AppTypes.swift"),
          "import BehaviorLog\nimport Foundation\n\n// The corpus's custom types: the app's own.\n" + types + values)
    write(os.path.join(source, "PostEveryEvent.swift"),
          "import BehaviorLog\nimport Foundation\n\n/// Each generated event, posted once.\n"
          "func postEveryEvent(_ logger: BehaviorLogger) {\n" + "\n".join(calls) + "\n}\n")
    write(os.path.join(source, "main.swift"), "import BehaviorLog\nimport Foundation\n\n" + SETUP + "\n" + LOGGING)

write(os.path.join(out, "Package.swift"), """\
// swift-tools-version:6.1
// Written by Benchmarks/Scripts/device-app.py for `make bench-device`: three apps whose code size is measured.
import PackageDescription

let behaviorLog: Target.Dependency = .product(name: "BehaviorLog", package: "BehaviorLog")
let package = Package(
    name: "DeviceApp",
    platforms: [.iOS(.v16), .macOS(.v13), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],
    dependencies: [.package(name: "BehaviorLog", path: %s)],
    targets: [
        .executableTarget(name: "app-none"),
        .executableTarget(name: "app-12", dependencies: [behaviorLog]),
        .executableTarget(name: "app-500", dependencies: [behaviorLog]),
    ],
    swiftLanguageModes: [.v6]
)
""" % ('"' + root + '"'))

#!/usr/bin/env python3
"""Versions and the API baseline (issue 28, part 3).

  version-check BIN    CHANGELOG.md starts with `## Unreleased`, its newest release is a
                       semantic version, and PackageVersion.current, `BIN/loggen --version`
                       and `BIN/logview --version` all say that version.
  api-dump MODULES_DIR OUT_DIR
                       the public API of each app-facing module, by the toolchain's
                       `swift-api-digester -dump-sdk`, one JSON file per module.
  api-check MODULES_DIR
                       dump today's API and compare it with the baseline in api/; fail on a
                       source-breaking change that CHANGELOG.md's `## Unreleased` section does
                       not list under `### Breaking`.
  api-baseline MODULES_DIR
                       rewrite api/ from today's API (when a release is cut).
  self-test            api-check's comparison on planted changes (a removed declaration, a
                       new enum case), with and without a `### Breaking` entry.

MODULES_DIR is the Modules/ folder of a debug build (make's DOCS_MODULES_DIR). Usage: from the
package's root.
"""
import copy, json, os, re, subprocess, sys, tempfile

sys.dont_write_bytecode = True  # no __pycache__ in mk/
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from toolchain import c_module_flags, target_triple, toolchain  # noqa: E402

MODULES = ["BehaviorLog", "BehaviorLogTesting", "BehaviorLogHTTP", "BehaviorLogViewer", "LogStore", "LogQuery"]
BASELINE = "api"
CHANGELOG = "CHANGELOG.md"
VERSION_SOURCE = "Sources/CommandLineSupport/PackageVersion.swift"
SEMVER = re.compile(r"^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)$")


def fail(message):
    sys.exit(f"error: {message}")


# MARK: - The changelog

def changelog_sections(text):
    """The `## ` sections of the changelog, in order: (heading, body lines)."""
    sections = []
    for line in text.split("\n"):
        if line.startswith("## "):
            sections.append((line[3:].strip(), []))
        elif sections:
            sections[-1][1].append(line)
    return sections


def latest_release(sections):
    if not sections or sections[0][0] != "Unreleased":
        fail(f"{CHANGELOG}: the first `## ` section must be `## Unreleased` (the work since the last release)")
    for heading, _ in sections[1:]:
        version = heading.split(" ")[0]
        if not SEMVER.match(version):
            fail(f"{CHANGELOG}: `## {heading}`: a release heading starts with its semantic version (`## 0.2.0 — 2027-01-31`)")
        return version
    fail(f"{CHANGELOG}: no release below `## Unreleased`; add `## 0.1.0` (the version the tools print)")


def declared_breaks(sections):
    """The text of the `### Breaking` list of the Unreleased section ('' when it has none)."""
    lines, inside = [], False
    for line in sections[0][1]:
        if line.startswith("### "):
            inside = line[4:].strip().lower() == "breaking"
        elif inside:
            lines.append(line)
    return "\n".join(lines)


def read_changelog():
    if not os.path.exists(CHANGELOG):
        fail(f"{CHANGELOG} is missing")
    return changelog_sections(open(CHANGELOG, encoding="utf-8").read())


# MARK: - version-check

def version_check(bin_path):
    release = latest_release(read_changelog())
    found = re.search(r'static let current = "([^"]*)"', open(VERSION_SOURCE, encoding="utf-8").read())
    if not found:
        fail(f"{VERSION_SOURCE}: no `static let current = \"x.y.z\"`")
    problems = []
    if found.group(1) != release:
        problems.append(f"{VERSION_SOURCE} says {found.group(1)}")
    for tool in ["loggen", "logview"]:
        result = subprocess.run([os.path.join(bin_path, tool), "--version"], capture_output=True, text=True)
        printed = result.stdout.strip()
        if result.returncode != 0 or printed != release:
            problems.append(f"`{tool} --version` prints {printed!r} (exit {result.returncode})")
    if problems:
        fail(f"the newest release of {CHANGELOG} is {release}, but " + "; ".join(problems)
             + f": a release sets the changelog's heading and PackageVersion.current together")
    print(f"version-check: {release} (CHANGELOG.md, PackageVersion.current, loggen --version, logview --version)")


# MARK: - The API dumps

def dump(modules_dir, out_dir, modules=MODULES):
    os.makedirs(out_dir, exist_ok=True)
    triple = target_triple()
    flags = c_module_flags()
    for module in modules:
        if not os.path.exists(os.path.join(modules_dir, module + ".swiftmodule")):
            fail(f"{modules_dir}/{module}.swiftmodule is missing: build the module first (make api-check does)")
        output = os.path.join(out_dir, module + ".json")
        result = subprocess.run(
            toolchain("swift-api-digester") + ["-dump-sdk", "-module", module, "-target", triple, "-I", modules_dir,
             "-avoid-location", "-avoid-tool-args", "-o", output] + flags,
            capture_output=True, text=True)
        if result.returncode != 0:
            fail(f"swift-api-digester -dump-sdk failed for {module}: {result.stderr.strip().splitlines()[-1:] }")
        normalize(output)


def without_internal(node):
    """The node without the declarations the digester marks `isInternal` (`package` ones, which
    the module holds for its package's other targets): they are no app's API."""
    if isinstance(node, dict):
        return {key: without_internal(value) for key, value in node.items()}
    if isinstance(node, list):
        return [without_internal(item) for item in node if not (isinstance(item, dict) and item.get("isInternal"))]
    return node


def normalize(path):
    """Dumps differ between machines only in what describes the toolchain; drop it, sort keys;
    keep the public API only."""
    with open(path, encoding="utf-8") as file:
        data = without_internal(json.load(file))
    data.pop("json_format_version", None)
    with open(path, "w", encoding="utf-8") as file:
        json.dump(data, file, indent=1, sort_keys=True)
        file.write("\n")


def diagnose(baseline, current):
    """The digester's findings, one line each, for two dumps of one module."""
    result = subprocess.run(
        toolchain("swift-api-digester") + ["-diagnose-sdk", "-input-paths", baseline, "-input-paths", current,
         "-disable-fail-on-error"],
        capture_output=True, text=True)
    lines = [line.strip() for line in (result.stdout + result.stderr).splitlines()]
    # Headings (`/* Removed Decls */`) and blank lines are not findings.
    return [line for line in lines if line and not line.startswith("/*")]


def findings(baseline_dir, current_dir, modules=MODULES):
    out = []
    for module in modules:
        baseline = os.path.join(baseline_dir, module + ".json")
        if not os.path.exists(baseline):
            fail(f"{baseline} is missing: record the baseline with `make api-baseline`")
        current = os.path.join(current_dir, module + ".json")
        # New cases of a public enum are among them ("has been added as a new enum case"):
        # an app's exhaustive `switch` over it no longer compiles.
        out += [(module, line) for line in diagnose(baseline, current)]
    return out


def declaration_name(finding):
    """`Func Logger.post(_:) has been removed` → `Logger.post`: what the changelog must name
    (the digester's line is the declaration's kind, then its name)."""
    words = finding.split(" ")
    return words[1].split("(")[0] if len(words) > 1 else finding


def undeclared(found, breaking_text):
    """The findings whose declaration the Breaking list does not name (as a whole name:
    `LogValue.float` is not named by `LogValue.floatValue`)."""
    def named(name):
        return re.search(r"(?<![\w.])" + re.escape(name) + r"(?!\w)", breaking_text) is not None
    return [(module, line) for module, line in found if not named(declaration_name(line))]


def api_check(modules_dir, baseline_dir=BASELINE, current_dir=".build-docs/api-current"):
    dump(modules_dir, current_dir)
    found = findings(baseline_dir, current_dir)
    missing = undeclared(found, declared_breaks(read_changelog()))
    for module, line in found:
        mark = "undeclared" if (module, line) in missing else "declared in CHANGELOG.md"
        print(f"api-check: {module}: {line} ({mark})")
    if missing:
        fail(f"api-check: {len(missing)} source-breaking change(s) of the public API not listed under "
             f"`### Breaking` in CHANGELOG.md's `## Unreleased`: list each one there naming the declaration "
             f"(e.g. `- {declaration_name(missing[0][1])}: …`), or restore it; after a release, "
             f"`make api-baseline` records the new API")
    print(f"api-check: {', '.join(MODULES)}: no undeclared source-breaking change against {baseline_dir}/")


# MARK: - The self-test

def self_test(baseline_dir=BASELINE):
    """Plants a removed declaration and a new enum case into copies of the baseline."""
    with tempfile.TemporaryDirectory() as tmp:
        module = "LogStore"
        with open(os.path.join(baseline_dir, module + ".json"), encoding="utf-8") as file:
            base = json.load(file)
        old_dir, new_dir = os.path.join(tmp, "old"), os.path.join(tmp, "new")
        os.makedirs(old_dir), os.makedirs(new_dir)
        # The old API: an enum without its last case. The new API: a type removed.
        old, new = copy.deepcopy(base), copy.deepcopy(base)
        enum = next(node for node in old["ABIRoot"]["children"] if node.get("declKind") == "Enum"
                    and any(child.get("declKind") == "EnumElement" for child in node.get("children", [])))
        case = [child for child in enum["children"] if child.get("declKind") == "EnumElement"][-1]
        enum["children"].remove(case)
        removed = next(node for node in new["ABIRoot"]["children"] if node.get("kind") == "TypeDecl"
                       and node.get("printedName") != enum["printedName"])
        new["ABIRoot"]["children"].remove(removed)
        for directory, data in [(old_dir, old), (new_dir, new)]:
            with open(os.path.join(directory, module + ".json"), "w") as file:
                json.dump(data, file)
        found = findings(old_dir, new_dir, [module])
        names = {declaration_name(line) for _, line in found}
        expected = {removed["printedName"], f"{enum['printedName']}.{case['printedName']}"}
        if not expected <= names:
            fail(f"api-check self-test: planted {sorted(expected)}, found {sorted(names)}")
        if undeclared(found, "- " + "\n- ".join(sorted(expected))):
            fail("api-check self-test: a change listed under ### Breaking still counted as undeclared")
        if len(undeclared(found, "- " + "\n- ".join(name + "Other" for name in sorted(expected)))) < 2:
            fail("api-check self-test: a longer name in ### Breaking counted as naming the declaration")
        if len(undeclared(found, "")) < 2:
            fail("api-check self-test: an unlisted change was not counted")
        same = findings(os.path.join(baseline_dir), os.path.join(baseline_dir), [module])
        if same:
            fail(f"api-check self-test: the baseline against itself has findings: {same[:2]}")
    print(f"api-check self-test: a removed type and a new enum case are found, and pass only when listed under ### Breaking")


def main():
    args = sys.argv[1:]
    commands = {"version-check": 1, "api-dump": 2, "api-check": 1, "api-baseline": 1, "self-test": 0}
    if not args or args[0] not in commands or len(args) - 1 != commands[args[0]]:
        print("usage: mk/release.py version-check BIN | api-dump MODULES_DIR OUT_DIR | api-check MODULES_DIR | api-baseline MODULES_DIR | self-test", file=sys.stderr)
        sys.exit(64)
    command = args[0]
    if command == "version-check":
        version_check(args[1])
    elif command == "api-dump":
        dump(args[1], args[2])
    elif command == "api-check":
        api_check(args[1])
    elif command == "api-baseline":
        dump(args[1], BASELINE)
        print(f"api-baseline: wrote {', '.join(f'{BASELINE}/{m}.json' for m in MODULES)}; commit them with the release")
    else:
        self_test()


main()

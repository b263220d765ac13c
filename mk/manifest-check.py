#!/usr/bin/env python3
"""The manifests declare exactly what the code imports (issue 14, item 6).

For each package (the root, Benchmarks/, ASan/ and TSan/ by default), reads the manifest with
`swift package dump-package` and every Swift file each target compiles, and fails with one line
per finding:

- an import of one of the graph's modules (a target of this package, or of a package it depends
  on) that the target does not declare;
- a declared dependency that no file of the target imports (an executable or a plugin is
  exempt: a test depends on an executable so that it is built before the test runs it);
- a Swift target built without the `ExistentialAny` upcoming feature every target uses;
- in the root package, a line of README.md's module map (`Module → A, B`) that does not list
  exactly the module's declared dependencies, or a product's module without a line.

Imports of modules outside the graph (Foundation, Glibc, Testing, ...) are the toolchain's and
are not checked. `@testable import`, `package import`, `internal import`, `import struct M.T` and
imports under `#if` all count; text in comments and string literals does not.

    python3 mk/manifest-check.py [PACKAGE_DIR ...]
    python3 mk/manifest-check.py --self-test    # proves it reports each kind of finding
"""

import json
import os
import re
import subprocess
import sys
import tempfile

DEFAULT_PACKAGES = [".", "Benchmarks", "ASan", "TSan"]
SETTING = {"kind": {"enableUpcomingFeature": {"_0": "ExistentialAny"}}, "tool": "swift"}
IMPORT = re.compile(
    r"^\s*(?:@[A-Za-z_]\w*(?:\([^)]*\))?\s+)*"
    r"(?:(?:public|package|internal|fileprivate|private)\s+)?"
    r"import\s+(?:(?:typealias|struct|class|enum|protocol|let|var|func)\s+)?([A-Za-z_]\w*)")


def dump_package(path):
    """The manifest as JSON (a scratch path of its own, so a running build's lock does not wait)."""
    with tempfile.TemporaryDirectory() as scratch:
        run = subprocess.run(
            ["swift", "package", "dump-package", "--package-path", path, "--scratch-path", scratch],
            capture_output=True, text=True)
    if run.returncode != 0:
        first = (run.stderr.strip().splitlines() or ["no output"])[0]
        sys.exit(f"{path}/Package.swift: error: swift package dump-package failed: {first}")
    return json.loads(run.stdout)


def imports(text):
    """(line number, module) for each import, skipping comments and string literals."""
    found = []
    in_block_comment = 0
    in_multiline_string = None
    for number, line in enumerate(text.splitlines(), 1):
        code = []
        index = 0
        while index < len(line):
            if in_multiline_string:
                end = line.find(in_multiline_string, index)
                if end < 0:
                    index = len(line)
                else:
                    index = end + len(in_multiline_string)
                    in_multiline_string = None
                continue
            if in_block_comment:
                opening, closing = line.find("/*", index), line.find("*/", index)
                if closing < 0 and opening < 0:
                    index = len(line)
                elif opening >= 0 and (closing < 0 or opening < closing):
                    in_block_comment += 1
                    index = opening + 2
                else:
                    in_block_comment -= 1
                    index = closing + 2
                continue
            rest = line[index:]
            if rest.startswith("//"):
                break
            if rest.startswith("/*"):
                in_block_comment = 1
                index += 2
                continue
            string = re.match(r'(#*)"""', rest)
            if string:
                in_multiline_string = '"""' + string.group(1)
                index += len(string.group(0))
                continue
            code.append(line[index])
            index += 1
        match = IMPORT.match("".join(code))
        if match:
            found.append((number, match.group(1)))
    return found


def swift_files(package, target):
    """The Swift files a target compiles: its directory less `exclude` and resources."""
    kind = target["type"]
    default = {"test": "Tests", "plugin": "Plugins"}.get(kind, "Sources")
    root = os.path.join(package, target.get("path") or os.path.join(default, target["name"]))
    if target.get("sources"):
        roots = [os.path.join(root, source) for source in target["sources"]]
    else:
        roots = [root]
    skipped = {os.path.normpath(os.path.join(root, path)) for path in target.get("exclude", [])}
    skipped |= {os.path.normpath(os.path.join(root, resource["path"])) for resource in target.get("resources", [])}
    files = []
    for start in roots:
        if os.path.isfile(start):
            files.append(start)
            continue
        for directory, subdirectories, names in os.walk(start, followlinks=True):
            subdirectories[:] = sorted(d for d in subdirectories if os.path.normpath(os.path.join(directory, d)) not in skipped)
            files += [os.path.join(directory, name) for name in sorted(names)
                      if name.endswith(".swift") and os.path.normpath(os.path.join(directory, name)) not in skipped]
    return files


def manifest_line(package, name):
    """The line of Package.swift that names the target, for a clickable location."""
    path = os.path.join(package, "Package.swift")
    with open(path, encoding="utf-8") as manifest:
        for number, line in enumerate(manifest, 1):
            if re.search(r'name:\s*"%s"' % re.escape(name), line):
                return f"{os.path.normpath(path)}:{number}"
    return os.path.normpath(path)


def check(package):
    """The findings of one package, as lines."""
    manifest = dump_package(package)
    local = {target["name"]: target for target in manifest["targets"]}
    # Each dependency package: its identity and name → {product: (kind, [targets])}, and every target it has.
    products = {}
    foreign_targets = {}
    for dependency in manifest["dependencies"]:
        for kind, entries in dependency.items():
            entry = entries[0]
            if kind != "fileSystem":
                continue  # only path dependencies exist here; a remote one would need resolving
            other = dump_package(entry["path"])
            names = {entry["identity"], entry.get("nameForTargetDependencyResolutionOnly") or entry["identity"]}
            for product in other["products"]:
                kind_name = "executable" if "executable" in product["type"] else "plugin" if "plugin" in product["type"] else "library"
                for name in names:
                    products[(name, product["name"])] = (kind_name, product["targets"])
            for target in other["targets"]:
                foreign_targets[target["name"]] = names
    product_names = {name for (_, name) in products}

    findings = []
    for target in manifest["targets"]:
        name = target["name"]
        if target["type"] in ("system", "binary", "plugin", "macro"):
            continue
        files = swift_files(package, target)
        if not files:
            continue  # a C target
        location = manifest_line(package, name)
        if SETTING not in target.get("settings", []):
            findings.append(f"{location}: error: target '{name}' is built without the ExistentialAny upcoming feature; add `swiftSettings: swiftSettings`")

        # What each declared dependency provides (module names), and whether it must be imported.
        declared = []  # (label, modules, must be imported)
        for dependency in target["dependencies"]:
            (kind, values), = dependency.items()
            dependency_name = values[0]
            if kind in ("byName", "target") and dependency_name in local:
                other = local[dependency_name]
                declared.append((dependency_name, {dependency_name}, other["type"] not in ("executable", "plugin")))
            elif kind in ("byName", "product"):
                package_name = values[1] if kind == "product" else None
                match = [value for (owner, product), value in products.items()
                         if product == dependency_name and (package_name is None or owner == package_name)]
                if match:
                    product_kind, product_targets = match[0]
                    declared.append((dependency_name, set(product_targets), product_kind == "library"))
        provided = set().union(*(modules for _, modules, _ in declared)) if declared else set()

        imported = {}
        for path in files:
            with open(path, encoding="utf-8") as source:
                for number, module in imports(source.read()):
                    imported.setdefault(module, f"{os.path.normpath(path)}:{number}")
        for module, where in sorted(imported.items()):
            if module == name or module in provided:
                continue
            if module in local:
                findings.append(f'{where}: error: target \'{name}\' imports {module} without declaring it; add "{module}" to its dependencies ({location})')
            elif module in foreign_targets:
                owner = sorted(foreign_targets[module])[-1]
                if module in product_names:
                    findings.append(f'{where}: error: target \'{name}\' imports {module} without declaring it; add .product(name: "{module}", package: "{owner}") to its dependencies ({location})')
                else:
                    findings.append(f"{where}: error: target '{name}' imports {module}, a target of {owner} that is not a product; use {owner}'s products' public API instead")
        for label, modules, must_import in declared:
            if must_import and not modules & set(imported):
                findings.append(f"{location}: error: target '{name}' declares \"{label}\" but none of its files imports {'/'.join(sorted(modules))}; remove it from its dependencies")
    findings += check_module_map(package, manifest)
    return findings, len(manifest["targets"])


MAP_HEADING = "Modules, each with the modules it uses"


def check_module_map(package, manifest):
    """README.md's module map against the manifest: each line's arrows are the declared dependencies."""
    path = os.path.join(package, "README.md")
    if not os.path.exists(path):
        return []  # Benchmarks/, ASan/ and TSan/: the root's README draws the map
    with open(path, encoding="utf-8") as readme:
        lines = readme.read().splitlines()
    readme_path = os.path.normpath(path)
    start = next((i for i, line in enumerate(lines) if line.startswith(MAP_HEADING)), None)
    if start is None:
        return [f"{readme_path}:1: error: no module map (a paragraph starting '{MAP_HEADING}' and a code block of `Module → A, B` lines); add one"]
    opening = next((i for i in range(start, len(lines)) if lines[i].startswith("```")), None)
    closing = next((i for i in range((opening or 0) + 1, len(lines)) if lines[i].startswith("```")), None)
    if opening is None or closing is None:
        return [f"{readme_path}:{start + 1}: error: the module map's code block is missing or not closed"]
    local = {target["name"]: target for target in manifest["targets"]}
    findings, drawn = [], set()
    for number in range(opening + 1, closing):
        line = lines[number]
        if not line.strip():
            continue
        if "→" not in line:
            findings.append(f"{readme_path}:{number + 1}: error: a module map line is `Module → A, B` (what the module uses), not '{line.strip()}'")
            continue
        name, uses = (part.strip() for part in line.split("→", 1))
        listed = {re.sub(r"\s*\(.*?\)", "", use).strip() for use in uses.split(",") if use.strip()}
        drawn.add(name)
        if name not in local:
            findings.append(f"{readme_path}:{number + 1}: error: the module map draws {name}, which Package.swift does not declare; remove the line")
            continue
        declared = {list(dependency.values())[0][0] for dependency in local[name]["dependencies"]}
        if listed != declared:
            findings.append(f"{readme_path}:{number + 1}: error: the module map says {name} → {', '.join(sorted(listed))}; Package.swift says {', '.join(sorted(declared))}; draw what it declares")
    for product in manifest["products"]:
        if product["name"].startswith("_"):
            continue  # not for apps (a product only for Benchmarks/)
        for name in product["targets"]:
            if name not in drawn:
                findings.append(f"{readme_path}:{opening + 1}: error: the module map has no line for {name} (product {product['name']}); add `{name} → ...` with its dependencies")
    return findings


def self_test():
    """A package with one finding of each kind: the check must report exactly those."""
    with tempfile.TemporaryDirectory() as package:
        for target, text in {
            "Base": "public struct Base {}\n",
            "Unused": "public struct Unused {}\n",
            "User": 'import Base\n/* import Unused */\nlet text = """\nimport Unused\n"""\n',
            "Quiet": "@testable import Base\n",
        }.items():
            os.makedirs(os.path.join(package, "Sources", target))
            with open(os.path.join(package, "Sources", target, f"{target}.swift"), "w") as source:
                source.write(text)
        with open(os.path.join(package, "Package.swift"), "w") as manifest:
            manifest.write("""// swift-tools-version:6.1
import PackageDescription
let settings: [SwiftSetting] = [.enableUpcomingFeature("ExistentialAny")]
let package = Package(name: "SelfTest", products: [.library(name: "Base", targets: ["Base"])], targets: [
    .target(name: "Base", swiftSettings: settings),
    .target(name: "Unused", swiftSettings: settings),
    .target(name: "User", dependencies: ["Unused"], swiftSettings: settings),
    .target(name: "Quiet", dependencies: ["Base"]),
])
""")
        with open(os.path.join(package, "README.md"), "w") as readme:
            readme.write(f"# SelfTest\n\n{MAP_HEADING}:\n\n```\nUser → Base\nGhost → Base\n```\n")
        findings, _ = check(package)
    expected = [
        ("the module map says User → Base; Package.swift says Unused", "README.md:6"),
        ("the module map draws Ghost, which Package.swift does not declare", "README.md:7"),
        ("the module map has no line for Base (product Base)", "README.md:5"),
        ("target 'Quiet' is built without the ExistentialAny", "Package.swift:8"),
        ("target 'User' imports Base without declaring it", "User.swift:1"),
        ("target 'User' declares \"Unused\" but none of its files imports Unused", "Package.swift:7"),
    ]
    problems = [f"missing: {message} at {where}" for message, where in expected
                if not any(message in line and where in line for line in findings)]
    if len(findings) != len(expected):
        problems.append(f"expected {len(expected)} findings, got {len(findings)}: {findings}")
    if problems:
        sys.exit("manifest-check --self-test: " + "; ".join(problems))
    print(f"manifest-check --self-test: the {len(expected)} planted findings reported, nothing else")


def main(arguments):
    if arguments == ["--self-test"]:
        self_test()
        return 0
    packages = arguments or [p for p in DEFAULT_PACKAGES if os.path.exists(os.path.join(p, "Package.swift"))]
    findings, targets = [], 0
    for package in packages:
        package_findings, count = check(package)
        findings += package_findings
        targets += count
    for line in findings:
        print(line, file=sys.stderr)
    if findings:
        print(f"manifest-check: {len(findings)} findings in {', '.join(packages)}", file=sys.stderr)
        return 1
    print(f"manifest-check: {targets} targets in {', '.join(packages)}: every import declared, every dependency imported")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

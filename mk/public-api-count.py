#!/usr/bin/env python3
"""Counts the public declarations of the libraries an app links (issue 14, item 3).

Reproducible: `make public-api-count` builds the libraries (debug), extracts their symbol
graphs with `swift-symbolgraph-extract -minimum-access-level public -skip-synthesized-members`
and counts the symbols each module declares (members of its extensions to other modules'
types included; the `!=` and friends the compiler synthesizes, excluded). It prints per module
the public declarations, of which types (struct, class, enum, protocol, typealias), and how
many are support for generated code (declared in the module's `Generated/` folder, under its
"Support for generated code" mark, or named with a leading `_`: documented "not API").
`--list` prints every declaration counted.

Usage: mk/public-api-count.py [--list] BIN_PATH [MODULE ...]   (from the package's root)
"""
import glob, json, os, subprocess, sys, tempfile

TYPES = {"swift.struct", "swift.class", "swift.enum", "swift.protocol", "swift.typealias"}
DEFAULT = ["BehaviorLog", "BehaviorLogHTTP", "BehaviorLogTesting", "LogStore", "LogQuery"]


def triple():
    out = subprocess.run(["swift", "-print-target-info"], capture_output=True, text=True, check=True).stdout
    return json.loads(out)["target"]["triple"]


def count(bin_path, module, target):
    with tempfile.TemporaryDirectory() as out:
        cmd = ["swift-symbolgraph-extract", "-module-name", module, "-target", target,
               "-I", os.path.join(bin_path, "Modules"), "-I", bin_path,
               "-minimum-access-level", "public", "-skip-synthesized-members", "-output-dir", out]
        # The C targets' module maps: system libraries at Sources/X/, C targets at Sources/X/include/.
        for extra in glob.glob(os.path.join("Sources", "*", "module.modulemap")) + \
                glob.glob(os.path.join("Sources", "*", "include", "module.modulemap")):
            cmd += ["-Xcc", "-fmodule-map-file=" + os.path.abspath(extra)]
        for include in glob.glob(os.path.join("Sources", "*", "include")):
            cmd += ["-Xcc", "-I" + os.path.abspath(include)]
        result = subprocess.run(cmd, capture_output=True, text=True)
        if result.returncode != 0:
            sys.exit(f"error: swift-symbolgraph-extract failed for {module}:\n{result.stderr}")
        symbols = {}
        for path in glob.glob(os.path.join(out, "*.symbols.json")):
            with open(path) as file:
                graph = json.load(file)
            for symbol in graph["symbols"]:
                symbols[symbol["identifier"]["precise"]] = symbol
        total = len(symbols)
        types = sum(1 for s in symbols.values() if s["kind"]["identifier"] in TYPES)
        def for_generated_code(symbol):
            uri = symbol.get("location", {}).get("uri", "")
            return f"/Sources/{module}/Generated/" in uri or any(c.startswith("_") for c in symbol["pathComponents"])
        generated = sum(1 for s in symbols.values() if for_generated_code(s))
        if LIST:
            for symbol in sorted(symbols.values(), key=lambda s: ".".join(s["pathComponents"])):
                mark = " (generated code)" if for_generated_code(symbol) else ""
                print(f"  {module}: {symbol['kind']['identifier'].removeprefix('swift.')} {'.'.join(symbol['pathComponents'])}{mark}")
        return total, types, generated


LIST = "--list" in sys.argv
if LIST:
    sys.argv.remove("--list")


def main():
    if len(sys.argv) < 2:
        sys.exit("usage: mk/public-api-count.py BIN_PATH [MODULE ...]")
    bin_path, modules = sys.argv[1], sys.argv[2:] or DEFAULT
    target = triple()
    print(f"{'module':<20} {'public':>7} {'types':>6} {'for generated code':>19}")
    totals = [0, 0, 0]
    for module in modules:
        numbers = count(bin_path, module, target)
        totals = [a + b for a, b in zip(totals, numbers)]
        print(f"{module:<20} {numbers[0]:>7} {numbers[1]:>6} {numbers[2]:>19}")
    print(f"{'total':<20} {totals[0]:>7} {totals[1]:>6} {totals[2]:>19}")


main()

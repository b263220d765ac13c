"""The Swift toolchain's tools, for the scripts of mk/ (imported, not run)."""
import glob, json, os, shutil, subprocess


def toolchain(name):
    """A tool of the Swift toolchain as a command: on PATH on Linux, through xcrun with Xcode."""
    return [name] if shutil.which(name) or not shutil.which("xcrun") else ["xcrun", name]


def target_triple():
    """The host's target triple, as swiftc builds for it."""
    out = subprocess.run(["swift", "-print-target-info"], capture_output=True, text=True, check=True).stdout
    return json.loads(out)["target"]["triple"]


def c_module_flags():
    """The package's C modules for a tool that loads its Swift modules outside SwiftPM (the
    symbol-graph extractor, the API digester): system libraries' module maps at Sources/X/, C
    targets' at Sources/X/include/."""
    flags = []
    for path in sorted(glob.glob("Sources/*/module.modulemap") + glob.glob("Sources/*/include/module.modulemap")):
        flags += ["-Xcc", "-fmodule-map-file=" + os.path.abspath(path)]
    for include in sorted(glob.glob("Sources/*/include")):
        flags += ["-Xcc", "-I" + os.path.abspath(include)]
    return flags

"""The Swift toolchain's tools, for the scripts of mk/ (imported, not run)."""
import json, shutil, subprocess


def toolchain(name):
    """A tool of the Swift toolchain as a command: on PATH on Linux, through xcrun with Xcode."""
    return [name] if shutil.which(name) or not shutil.which("xcrun") else ["xcrun", name]


def target_triple():
    """The host's target triple, as swiftc builds for it."""
    out = subprocess.run(["swift", "-print-target-info"], capture_output=True, text=True, check=True).stdout
    return json.loads(out)["target"]["triple"]

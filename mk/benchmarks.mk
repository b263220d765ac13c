# The Benchmarks/ package beside the root one (its own Package.swift, depending on the root by
# path): the benchmark executables, and in Benchmarks/Scripts/ the scripts the bench-* rules of
# the fragments run. The rules build it in release with BENCH_BUILD; the benchmarks of the
# root's own executables (loggen, logview, recipe-demo) build those from the root as before.

BENCH_PACKAGE = Benchmarks
BENCH_SCRIPTS = $(BENCH_PACKAGE)/Scripts
BENCH_BUILD   = $(SWIFT) build --package-path $(BENCH_PACKAGE) -c release

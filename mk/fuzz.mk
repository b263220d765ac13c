# Fuzzing: the toolchain the fuzz targets need, and the check that keeps them building.
#
# Each area adds its fuzz target to FUZZ_TARGETS (mk/loggen.mk, mk/store.mk); `make fuzz` runs
# each for FUZZ_SECONDS. `make test` builds every one of them and runs each for a few seconds
# (fuzz-check), so a target that stops compiling fails CI instead of rotting until someone runs it.

# libFuzzer comes with the Swift toolchain (clang and its libclang_rt.fuzzer runtime sit beside
# swiftc), so the C parts are compiled by the clang next to swiftc, not whatever `clang` is first
# on PATH: the two must agree on the sanitizer runtime.
FUZZ_CLANG ?= $(dir $(realpath $(shell command -v swiftc)))clang
# The package name the fuzz builds pass to swiftc, so that `package` declarations compile.
FUZZ_PACKAGE_NAME ?= BehaviorLog
# How long `make test` runs each fuzz target.
FUZZ_CHECK_SECONDS ?= 5

TEST_CHECKS += fuzz-check

# LogCore, the bottom library every fuzzed module imports, and LogCoreTools (its scanner and
# hashing, which LogSchema uses), built once per run with the fuzzer's coverage and
# AddressSanitizer: $(FUZZ_CORE)/LogCore.swiftmodule and LogCore.o, and the same for LogCoreTools.
FUZZ_CORE = fuzz-out/core

.PHONY: fuzz-toolchain fuzz-check fuzz-core

## fuzz-toolchain: fail with one line saying what to install when clang with libFuzzer is missing.
fuzz-toolchain:
	@mkdir -p fuzz-out
	@printf 'int LLVMFuzzerTestOneInput(const char *d, unsigned long n) { return 0; }\n' > fuzz-out/toolchain-probe.c
	@$(FUZZ_CLANG) -fsanitize=fuzzer,address fuzz-out/toolchain-probe.c -o fuzz-out/toolchain-probe 2> fuzz-out/toolchain-probe.log || { \
	  echo "fuzz: '$(FUZZ_CLANG)' cannot link a libFuzzer program ($$(head -n 1 fuzz-out/toolchain-probe.log)); install a Swift toolchain from swift.org (it ships clang with libFuzzer) or set FUZZ_CLANG to a clang that has it" >&2; \
	  exit 1; }

## fuzz-core: LogCore and LogCoreTools for the fuzz targets (each depends on it; make builds it
## once a run).
fuzz-core: fuzz-toolchain
	@mkdir -p $(FUZZ_CORE)
	swiftc -O -g -sanitize=fuzzer,address -parse-as-library -wmo -swift-version 6 -module-name LogCore \
	  -package-name $(FUZZ_PACKAGE_NAME) -I Sources/CLogStoreAtomics/include \
	  -emit-module -emit-module-path $(FUZZ_CORE)/LogCore.swiftmodule \
	  -c $$(find Sources/LogCore -name '*.swift' | sort) -o $(FUZZ_CORE)/LogCore.o
	swiftc -O -g -sanitize=fuzzer,address -parse-as-library -wmo -swift-version 6 -module-name LogCoreTools \
	  -package-name $(FUZZ_PACKAGE_NAME) -I Sources/CLogStoreAtomics/include -I $(FUZZ_CORE) \
	  -emit-module -emit-module-path $(FUZZ_CORE)/LogCoreTools.swiftmodule \
	  -c $$(find Sources/LogCoreTools -name '*.swift' | sort) -o $(FUZZ_CORE)/LogCoreTools.o

## fuzz-check: build every fuzz target and run each for FUZZ_CHECK_SECONDS (part of `make test`).
fuzz-check: deps
	$(MAKE) --no-print-directory FUZZ_SECONDS=$(FUZZ_CHECK_SECONDS) $(FUZZ_TARGETS)

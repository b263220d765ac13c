# BehaviorLog — the two set-up commands are `make demo` and `make test`.
# Areas add their own rules in mk/*.mk (benchmarks, fuzzers, extra checks),
# so that each part of the product owns its own fragment.

SWIFT       ?= swift
CONFIG      ?= debug
BIN          = $(shell $(SWIFT) build -c $(CONFIG) --show-bin-path)
# Debian packages the build and the tests need; fragments append to it.
APT_PACKAGES = libcmark-dev pkg-config
# Extra checks that `make test` runs after the Swift tests; fragments append.
TEST_CHECKS  =
# The checks of `make test-core` (a Mac's `make test`): the Swift tests and the checks that need
# only the toolchain and python3.
CORE_CHECKS  = check-generated check-doc-snippets lint-sample manifest-check platform-check version-check
# Checks that need Linux (Debian's qemu and libcmark-gfm, the shadow Darwin module, the Apple
# stand-ins that a real Apple SDK would clash with, libFuzzer, the API baseline, which is Linux's
# dump: Foundation's types have other names on a Mac): elsewhere `make test` prints a SKIPPED
# line for each instead of running it.
LINUX_ONLY_CHECKS = check-arm64-crc check-cmark-gfm platform-shadow check-apple-swift check-xcode-plugin fuzz-check api-check
# Checks that drive Debian's chromium through python3-selenium: skipped, visibly, off Debian
# when those are missing.
BROWSER_CHECKS = serve-browser-check docs-browser-check
# Fuzz targets that `make fuzz` runs; fragments append.
FUZZ_TARGETS =
FUZZ_SECONDS ?= 60
# The benchmark floors and corpus generator, beside the project (../shared/bench).
BENCH_FLOORS ?= ../shared/bench

.PHONY: all build deps test test-core demo fuzz bench clean swift-test help

# The host: `make deps` installs with apt-get on Debian and Ubuntu only.
HOST_OS := $(shell uname -s)
DEBIAN  := $(shell test -f /etc/debian_version && command -v apt-get >/dev/null 2>&1 && echo yes)

all: build

include $(sort $(wildcard mk/*.mk))

## deps: install the Debian packages the build needs (only those missing); on another system,
## print what `make test` would use and go on (`make test-core` needs only the toolchain).
deps:
ifneq ($(DEBIAN),yes)
	@echo "deps: not Debian or Ubuntu, so nothing is installed. make test-core needs only the Swift"; \
	  echo "  toolchain (Xcode on a Mac) and python3; make test also uses the Debian packages"; \
	  echo "  $(sort $(APT_PACKAGES)) clickhouse-server"; \
	  echo "  (on a Mac: brew install clickhouse jq; the checks that need Linux are SKIPPED)"
else
	@missing=""; for p in $(APT_PACKAGES); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "install ok installed" || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  echo "installing:$$missing"; \
	  if [ "$$(id -u)" = 0 ]; then SUDO=; else SUDO=sudo; fi; \
	  $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq $$missing >/dev/null; \
	fi
endif

build: deps
	$(SWIFT) build -c $(CONFIG)

# The two crash loops (SIGKILL a writer process, 100-200 times) run on their own, after the
# rest: a synchronous test holds a thread of Swift's cooperative pool while it runs, and on a
# 2-core machine the two of them held the whole pool for over a minute, so every async test
# of the run waited for them (and one that timed its writer against a deadline failed).
swift-test: deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build --skip CrashLoopTests
	$(SWIFT) test --skip-build --filter CrashLoopTests

# What `make test` skips here: the Linux-only checks off Linux; the browser checks off Debian
# when chromium, chromedriver or python3-selenium is missing. Each prints a SKIPPED line.
ifneq ($(HOST_OS),Linux)
SKIPPED_LINUX = $(filter $(LINUX_ONLY_CHECKS),$(TEST_CHECKS))
endif
ifneq ($(DEBIAN),yes)
ifneq ($(shell command -v chromium >/dev/null && command -v chromedriver >/dev/null && $(SYSTEM_PYTHON) -c 'import selenium' 2>/dev/null && echo yes),yes)
SKIPPED_BROWSER = $(filter $(BROWSER_CHECKS),$(TEST_CHECKS))
endif
endif
RUN_CHECKS = $(filter-out $(SKIPPED_LINUX) $(SKIPPED_BROWSER),$(TEST_CHECKS)) \
             $(addprefix skip-linux-,$(SKIPPED_LINUX)) $(addprefix skip-browser-,$(SKIPPED_BROWSER))

## test: every test: the Swift test suites, then the extra checks of the fragments.
## (RECORD_GOLDENS=1 swift test --filter <Suite> re-records that suite's golden files and fails
## the tests that rewrote one; review with git diff.)
test: swift-test $(RUN_CHECKS)

skip-linux-%:
	@echo "SKIPPED $*: needs Linux ($(HOST_OS) here); CI runs it on Debian"
skip-browser-%:
	@echo "SKIPPED $*: needs chromium, chromedriver and python3-selenium ($(SYSTEM_PYTHON)); CI runs it on Debian"

## test-core: the Swift tests and the checks that need only the toolchain and python3 (a Mac's
## `make test`; .github/workflows/apple.yml runs it on macOS).
test-core: swift-test $(CORE_CHECKS)

## help: the targets and what they do (these comments, from the Makefile and mk/*.mk).
help:
	@sed -n 's/^## //p' Makefile $(sort $(wildcard mk/*.mk))

## fuzz: run every fuzz target for FUZZ_SECONDS each.
fuzz: deps $(FUZZ_TARGETS)

clean:
	rm -rf .build .build-* Benchmarks/.build bench-out fuzz-out

## demo: the main job, end to end: check the definitions, regenerate Generated/ from them, build,
## run the sample app (recipe-demo) through the whole pipeline, then look at its logs with logview.
demo: deps
	$(SWIFT) build -c $(CONFIG) --product loggen
	$(BIN)/loggen lint LogDefinitions
	$(BIN)/loggen $(LOGGEN_GENERATE)
	$(SWIFT) build -c $(CONFIG)
	rm -rf $(DEMO_STORE)
	$(BIN)/recipe-demo --events $(DEMO_EVENTS) --seed 42 --store $(DEMO_STORE)
	@echo; echo "== the last logs (logview --store $(DEMO_STORE) -n 5)"
	@$(BIN)/logview --store $(DEMO_STORE) -n 5 -o table
	@echo; echo "== logview stats --store $(DEMO_STORE)"
	@$(BIN)/logview stats --store $(DEMO_STORE)
	@echo; echo "== logview check: the simulated sessions send a few out-of-range pages on purpose"
	@$(BIN)/logview check --store $(DEMO_STORE) --definitions LogDefinitions | tail -n 3
	@echo; echo "== logview serve: the viewer in headless chromium, fed by recipe-demo --collector"
	@$(MAKE) --no-print-directory demo-viewer
	@echo
	@echo "Inspect the logs the demo stored:"
	@echo "  $(BIN)/logview --store $(DEMO_STORE)            # the last logs, as a table"
	@echo "  $(BIN)/logview tail --store $(DEMO_STORE) --tag 'recipe_search.*'"
	@echo "  $(BIN)/logview stats --store $(DEMO_STORE) --by category"
	@echo "  $(BIN)/logview check --store $(DEMO_STORE) --definitions LogDefinitions"
	@echo "  $(BIN)/logview serve --store $(DEMO_STORE) --definitions LogDefinitions   # the live viewer: open the URL it prints"
	@echo "  (a screenshot of the viewer, fed by recipe-demo --collector: bench-out/viewer.png)"

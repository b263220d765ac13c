# cmark on every host (issue 24): `LOGGEN_CMARK` picks the CommonMark library LogMarkdown reads
# with (Package.swift): libcmark on Linux, the swift-cmark package on a Mac, or Debian's
# libcmark-gfm, which has swift-cmark's header and API, so that Linux builds and tests the code a
# Mac runs. The check below proves the two libraries read our documents alike.

APT_PACKAGES += libcmark-gfm-dev
TEST_CHECKS  += check-cmark-gfm

GFM_SCRATCH   ?= .build-gfm
GFM_COMPARE    = $(GFM_SCRATCH)/compare
GFM_REPORTS    = $(abspath $(GFM_SCRATCH))/asan-reports

.PHONY: check-cmark-gfm build-swift-cmark

## check-cmark-gfm: the Markdown reader's tests over libcmark-gfm (under AddressSanitizer, which
## also proves the arena allocator there), then `loggen schema` and `loggen lint` (stdout, stderr,
## exit status) built with each library, compared byte for byte over LogDefinitions/, every fixture
## folder of definitions and a generated 5,000-event corpus (part of `make test`).
check-cmark-gfm: deps
	LOGGEN_CMARK=gfm $(SWIFT) build --package-path ASan --scratch-path $(abspath $(GFM_SCRATCH))/asan --sanitize=address --build-tests
	@rm -rf $(GFM_REPORTS) && mkdir -p $(GFM_REPORTS)
	ASAN_OPTIONS=log_path=$(GFM_REPORTS)/asan LSAN_OPTIONS=suppressions=$(CURDIR)/mk/asan.supp:print_suppressions=0 \
	  LOGGEN_CMARK=gfm $(SWIFT) test --package-path ASan --scratch-path $(abspath $(GFM_SCRATCH))/asan --sanitize=address \
	  --skip-build --filter LogMarkdownTests; status=$$?; \
	  reports=$$(grep -l "ERROR: [A-Za-z]*Sanitizer" $(GFM_REPORTS)/* 2>/dev/null); \
	  if [ -n "$$reports" ]; then cat $$reports >&2; echo "check-cmark-gfm: AddressSanitizer found errors" >&2; exit 1; fi; \
	  exit $$status
	LOGGEN_CMARK=gfm $(SWIFT) build --scratch-path $(GFM_SCRATCH)/loggen --product loggen
	$(SWIFT) build --product loggen
	@rm -rf $(GFM_COMPARE) && mkdir -p $(GFM_COMPARE)
	python3 $(SHARED_BENCH)/gen_corpus.py $(GFM_COMPARE)/corpus-100x50 --files 100 --events 50 >/dev/null
	sh Tests/Support/cmark-compare.sh $$($(SWIFT) build --show-bin-path)/loggen \
	  $$(LOGGEN_CMARK=gfm $(SWIFT) build --scratch-path $(GFM_SCRATCH)/loggen --show-bin-path)/loggen \
	  LogDefinitions $(GFM_COMPARE)/corpus-100x50 \
	  $$(find Tests -name '*.md' -not -path '*/expected/*' -exec dirname {} \; | sort -u) \
	  Tests/LogMarkdownTests/Resources/FuzzRegressions/*

## build-swift-cmark: build loggen with the swift-cmark package, as a Mac does, from a local mirror
## of it (SWIFT_CMARK_MIRROR, a git clone with its release tags); not part of `make test`, which
## cannot fetch packages. docs/Platforms.md records a run.
SWIFT_CMARK_MIRROR ?=
build-swift-cmark:
	@test -n "$(SWIFT_CMARK_MIRROR)" || { echo "build-swift-cmark: set SWIFT_CMARK_MIRROR=<a git clone of swiftlang/swift-cmark>"; exit 64; }
	rm -rf .build-swift-cmark && mkdir -p .build-swift-cmark/config
	$(SWIFT) package --config-path .build-swift-cmark/config config set-mirror \
	  --original https://github.com/swiftlang/swift-cmark.git --mirror $(SWIFT_CMARK_MIRROR)
	LOGGEN_CMARK=swift-cmark $(SWIFT) build --config-path .build-swift-cmark/config \
	  --scratch-path .build-swift-cmark/build --product loggen
	$(SWIFT) build --product loggen
	python3 $(SHARED_BENCH)/gen_corpus.py .build-swift-cmark/corpus-100x50 --files 100 --events 50 >/dev/null
	sh Tests/Support/cmark-compare.sh $$($(SWIFT) build --show-bin-path)/loggen \
	  $$(LOGGEN_CMARK=swift-cmark $(SWIFT) build --config-path .build-swift-cmark/config --scratch-path .build-swift-cmark/build --show-bin-path)/loggen \
	  LogDefinitions .build-swift-cmark/corpus-100x50 \
	  $$(find Tests -name '*.md' -not -path '*/expected/*' -exec dirname {} \; | sort -u) \
	  Tests/LogMarkdownTests/Resources/FuzzRegressions/*

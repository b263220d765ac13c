# DocC documentation (issue 28, part 1): a catalog per library an app links, built with the
# toolchain's own docc. docs/*.md stay the source of the articles; mk/docc.py copies them into
# the catalogs under $(DOCS_SCRATCH) at build time (nothing generated is committed).
#
# The symbol graphs need a build with extra compiler flags, so it has a scratch path of its own
# (the normal .build is untouched; `make clean` removes it); api-check (mk/release.mk) reads the
# same build's modules. One `swift build --target` per library: SwiftPM builds only the last of
# several --target options.

DOCS_SCRATCH     ?= .build-docs
DOCS_SITE         = $(DOCS_SCRATCH)/site
DOCS_SYMBOLS      = $(abspath $(DOCS_SCRATCH))/symbol-graphs
DOCS_MODULES_DIR  = $(DOCS_SCRATCH)/debug/Modules
# BehaviorLogHTTP brings BehaviorLog and LogStore; the others are leaves of their own.
DOCS_TARGETS      = BehaviorLogHTTP BehaviorLogTesting BehaviorLogViewer LogQuery
DOCS_BUILD_FLAGS  = -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc $(DOCS_SYMBOLS) \
                    -Xswiftc -symbol-graph-minimum-access-level -Xswiftc public

TEST_CHECKS += docs docs-browser-check

.PHONY: docs docs-modules docs-browser-check

## docs-modules: build the app-facing libraries with symbol graphs, in $(DOCS_SCRATCH).
docs-modules: deps
	@mkdir -p $(DOCS_SYMBOLS)
	@for target in $(DOCS_TARGETS); do \
	  $(SWIFT) build --scratch-path $(DOCS_SCRATCH) --target $$target $(DOCS_BUILD_FLAGS) || exit 1; \
	done

## docs: the DocC documentation of BehaviorLog, BehaviorLogTesting, BehaviorLogHTTP, BehaviorLogViewer, LogStore and
## LogQuery, with zero docc warnings, as one static site in .build-docs/site (part of `make test`;
## `python3 -m http.server -d .build-docs/site`, then open /documentation/behaviorlog).
docs: docs-modules
	@python3 mk/docc.py self-test
	@python3 mk/docc.py build $(DOCS_SYMBOLS) $(DOCS_SCRATCH)

## docs-browser-check: the built documentation in headless chromium: a symbol page renders with
## its summary (part of `make test`).
docs-browser-check: docs
	@$(SYSTEM_PYTHON) Tests/Browser/docs_test.py --site $(DOCS_SITE) --symbols $(DOCS_SYMBOLS)

# Releases (issue 28, part 3): one version, the changelog, and the API baseline.
# PackageVersion.current (Sources/CommandLineSupport/PackageVersion.swift) is what `loggen
# --version` and `logview --version` print and must be CHANGELOG.md's newest release; api/ holds
# the public API of each app-facing library (swift-api-digester -dump-sdk), recorded when a
# release is cut, and `make api-check` compares today's API with it. The modules come from the
# documentation build (mk/docc.mk: DOCS_SCRATCH), so the two share one extra build.

TEST_CHECKS += version-check api-check

.PHONY: version-check api-check api-baseline

## version-check: CHANGELOG.md's newest release = PackageVersion.current = `loggen --version` =
## `logview --version` (part of `make test`).
version-check: deps
	$(SWIFT) build --product loggen
	$(SWIFT) build --product logview
	@python3 mk/release.py version-check $(BIN)

## api-check: fail on a source-breaking change of the app-facing API since the baseline in api/
## that CHANGELOG.md's Unreleased section does not list under `### Breaking` (part of `make test`).
api-check: docs-modules
	@python3 mk/release.py self-test
	@python3 mk/release.py api-check $(DOCS_MODULES_DIR)

## api-baseline: record today's app-facing API in api/ (when a release is cut; commit the result).
api-baseline: docs-modules
	@python3 mk/release.py api-baseline $(DOCS_MODULES_DIR)

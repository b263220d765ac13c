# Code generation: Generated/ freshness, the type-check benchmark.

# `make test` fails when Generated/ does not match LogDefinitions/.
TEST_CHECKS += check-generated

LOGGEN_GENERATE = generate LogDefinitions --output Generated --import RecipeAppTypes

.PHONY: check-generated generate bench-loggen-typecheck

## generate: regenerate Generated/ from LogDefinitions/ (writes only changed files).
generate: build
	$(BIN)/loggen $(LOGGEN_GENERATE)

## check-generated: fail with one line per stale file when Generated/ is out of date.
check-generated: swift-test
	$(BIN)/loggen $(LOGGEN_GENERATE) --check

# Code generation: Generated/ freshness, the type-check benchmark.

# `make test` fails when Generated/ does not match LogDefinitions/.
TEST_CHECKS += check-generated

LOGGEN_GENERATE = generate LogDefinitions --output Generated --import RecipeAppTypes --embed-schema

.PHONY: check-generated generate bench-loggen-typecheck

## generate: regenerate Generated/ from LogDefinitions/ (writes only changed files).
generate: build
	$(BIN)/loggen $(LOGGEN_GENERATE)

## check-generated: fail with one line per stale file when Generated/ is out of date.
check-generated: swift-test
	$(BIN)/loggen $(LOGGEN_GENERATE) --check

# `make bench-loggen` also reports how fast the generated code type-checks.
bench-loggen: bench-loggen-typecheck

## bench-loggen-typecheck: `swiftc -typecheck` of the code generated for 5,000 events.
bench-loggen-typecheck: deps
	$(SWIFT) build -c release --product loggen
	$(SWIFT) build -c release --target BehaviorLog
	@mkdir -p $(BENCH_DIR)
	@test -d $(BENCH_DIR)/corpus-100x50 || python3 $(SHARED_BENCH)/gen_corpus.py $(BENCH_DIR)/corpus-100x50 --files 100 --events 50
	@sh $(BENCH_SCRIPTS)/bench-typecheck.sh $$($(SWIFT) build -c release --show-bin-path)/loggen $(BENCH_DIR)

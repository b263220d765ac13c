# loggen: the definitions reader's benchmark and fuzzer, and the checks of the sample.

BENCH_DIR   ?= bench-out
SHARED_BENCH ?= ../shared/bench
APT_PACKAGES += time
FUZZ_TARGETS += fuzz-markdown
TEST_CHECKS  += lint-sample

.PHONY: bench-loggen fuzz-markdown lint-sample

## lint-sample: the sample definitions lint without errors or warnings.
lint-sample: deps
	$(SWIFT) build --product loggen
	@out=$$($$($(SWIFT) build --show-bin-path)/loggen lint LogDefinitions 2>&1) || { echo "$$out"; exit 1; }; \
	  if echo "$$out" | grep -q "warning:"; then echo "$$out"; echo "LogDefinitions has warnings"; exit 1; fi; echo "$$out"

## bench-loggen: `loggen schema` beside the libcmark floor on 5,000 and 50,000 events.
bench-loggen: deps
	$(SWIFT) build -c release --product loggen
	@mkdir -p $(BENCH_DIR)
	cc -O2 $(SHARED_BENCH)/cmark_floor.c -lcmark -o $(BENCH_DIR)/cmark_floor
	@test -d $(BENCH_DIR)/corpus-100x50 || python3 $(SHARED_BENCH)/gen_corpus.py $(BENCH_DIR)/corpus-100x50 --files 100 --events 50
	@test -d $(BENCH_DIR)/corpus-1000x50 || python3 $(SHARED_BENCH)/gen_corpus.py $(BENCH_DIR)/corpus-1000x50 --files 1000 --events 50
	@sh mk/bench-loggen.sh $$($(SWIFT) build -c release --show-bin-path)/loggen $(BENCH_DIR)

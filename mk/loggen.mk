# loggen: the definitions reader's benchmark and fuzzer, and the checks of the sample.

BENCH_DIR   ?= bench-out
# The shared benchmark helpers sit beside the project (BENCH_FLOORS, ../shared/bench).
SHARED_BENCH ?= $(BENCH_FLOORS)
APT_PACKAGES += time
FUZZ_TARGETS += fuzz-markdown
TEST_CHECKS  += lint-sample

.PHONY: bench-loggen fuzz-markdown lint-sample

## lint-sample: the sample definitions lint without errors or warnings.
lint-sample: deps
	$(SWIFT) build --product loggen
	@out=$$($$($(SWIFT) build --show-bin-path)/loggen lint LogDefinitions 2>&1) || { echo "$$out"; exit 1; }; \
	  if echo "$$out" | grep -q "warning:"; then echo "$$out"; echo "LogDefinitions has warnings"; exit 1; fi; echo "$$out"

## bench-loggen: `loggen schema` and `loggen generate` beside the libcmark floor on 5,000 and
## 50,000 events (wall and CPU, peak RSS), and one category edited in the 50,000 with --cache.
bench-loggen: deps
	$(SWIFT) build -c release --product loggen
	@mkdir -p $(BENCH_DIR)
	cc -O2 $(SHARED_BENCH)/cmark_floor.c -lcmark -o $(BENCH_DIR)/cmark_floor
	@test -d $(BENCH_DIR)/corpus-100x50 || python3 $(SHARED_BENCH)/gen_corpus.py $(BENCH_DIR)/corpus-100x50 --files 100 --events 50
	@test -d $(BENCH_DIR)/corpus-1000x50 || python3 $(SHARED_BENCH)/gen_corpus.py $(BENCH_DIR)/corpus-1000x50 --files 1000 --events 50
	@sh $(BENCH_SCRIPTS)/bench-loggen.sh $$($(SWIFT) build -c release --show-bin-path)/loggen $(BENCH_DIR)

FUZZ_BUILD = fuzz-out/markdown-build
# Swift modules built with libFuzzer's coverage and AddressSanitizer, outside SwiftPM.
FUZZ_SWIFTC = swiftc -O -sanitize=fuzzer,address -parse-as-library -wmo -swift-version 6 -package-name $(FUZZ_PACKAGE_NAME) \
	-Xcc -fmodule-map-file=Sources/CCmark/libcmark/module.modulemap -I Sources/CLogStoreAtomics/include -I $(FUZZ_CORE) -I $(FUZZ_BUILD)

## fuzz-markdown: fuzz the definitions reader (MarkdownReader → SchemaParser → SchemaValidator →
## JSON) for FUZZ_SECONDS; crashes land in fuzz-out/ (keep each as a regression test in
## Tests/LogMarkdownTests/Resources/FuzzRegressions/).
fuzz-markdown: deps fuzz-core
	@mkdir -p $(FUZZ_BUILD) fuzz-out/corpus-markdown
	$(FUZZ_SWIFTC) -module-name LogSchema -emit-module -emit-module-path $(FUZZ_BUILD)/LogSchema.swiftmodule \
	  -c $$(find Sources/LogSchema -name '*.swift' | sort) -o $(FUZZ_BUILD)/LogSchema.o
	$(FUZZ_SWIFTC) -module-name LogMarkdown -emit-module -emit-module-path $(FUZZ_BUILD)/LogMarkdown.swiftmodule \
	  -c $$(find Sources/LogMarkdown -name '*.swift' | sort) -o $(FUZZ_BUILD)/LogMarkdown.o
	$(FUZZ_SWIFTC) -module-name MarkdownReaderFuzzer Tests/Fuzz/MarkdownReaderFuzzer.swift \
	  $(FUZZ_CORE)/LogCore.o $(FUZZ_CORE)/LogCoreTools.o $(FUZZ_BUILD)/LogSchema.o $(FUZZ_BUILD)/LogMarkdown.o -lcmark -o $(FUZZ_BUILD)/fuzz-markdown
	@for f in LogDefinitions/*.md Tests/LogMarkdownTests/Resources/Snapshots/*.md; do \
	  { printf '\000'; cat $$f; } > fuzz-out/corpus-markdown/seed-$$(basename $$f); done
	$(FUZZ_BUILD)/fuzz-markdown -max_total_time=$(FUZZ_SECONDS) -timeout=10 -rss_limit_mb=2048 \
	  -artifact_prefix=fuzz-out/ fuzz-out/corpus-markdown \
	  $$(test -d Tests/LogMarkdownTests/Resources/FuzzRegressions && echo Tests/LogMarkdownTests/Resources/FuzzRegressions)

# logview serve: the browser test (a TEST_CHECKS script), the request parser's fuzzer, the
# viewer's screenshot for `make demo`, and the benchmark.

# The real browser of the viewer's test: Debian's chromium and its driver, through selenium.
APT_PACKAGES += chromium chromium-driver python3-selenium zlib1g-dev curl jq
TEST_CHECKS  += serve-browser-check
FUZZ_TARGETS += fuzz-serve

# Debian's python (python3-selenium lives in its dist-packages, not in a pyenv's).
SYSTEM_PYTHON ?= /usr/bin/python3

.PHONY: serve-browser-check fuzz-serve demo-viewer bench-serve

## serve-browser-check: the viewer in headless chromium against a collector fed by recipe-demo.
serve-browser-check: deps
	$(SWIFT) build --product logview
	$(SWIFT) build --product recipe-demo
	$(SYSTEM_PYTHON) Tests/Browser/viewer_test.py --bin "$$($(SWIFT) build --show-bin-path)" --definitions LogDefinitions

## demo-viewer: the same run as serve-browser-check, saving a screenshot of the viewer under
## bench-out/ (make demo runs it; everything it starts is stopped before it ends).
demo-viewer: deps
	@$(SYSTEM_PYTHON) Tests/Browser/viewer_test.py --bin "$(BIN)" --definitions LogDefinitions \
	  --screenshot bench-out/viewer.png

## fuzz-serve: libFuzzer on the HTTP request parser for FUZZ_SECONDS.
fuzz-serve: fuzz-core
	@mkdir -p fuzz-out/serve-corpus
	@i=0; while IFS= read -r line; do i=$$((i+1)); printf '%b' "$$line" > fuzz-out/serve-corpus/seed-$$i; done < Fuzz/http-seeds.txt
	swiftc -O -g -sanitize=fuzzer,address -parse-as-library -module-name LogServerFuzz -package-name $(FUZZ_PACKAGE_NAME) \
	  -I Sources/CLogStoreAtomics/include -I $(FUZZ_CORE) \
	  Sources/LogServer/HTTP/HTTPRequest.swift Sources/LogServer/HTTP/HTTPRequestParser.swift Fuzz/HTTPRequestParserFuzzer.swift \
	  $(FUZZ_CORE)/LogCore.o -o fuzz-out/http-request-parser-fuzzer
	fuzz-out/http-request-parser-fuzzer -max_total_time=$(FUZZ_SECONDS) -timeout=10 -rss_limit_mb=2048 -max_len=8192 \
	  -artifact_prefix=fuzz-out/ fuzz-out/serve-corpus

## bench-serve: collector ingest (one client, 500-log gzip bodies) beside `logview list -o jsonl`
## of the same logs; /api/logs?limit=200 and the first render of / in headless chromium over a
## 1 M-log store, with the server's RSS; POST-to-SSE latency. BENCH_LOGS=200000 for a quicker run.
bench-serve: deps
	$(SWIFT) build -c release --product logview
	$(SWIFT) build -c release --product recipe-demo
	BIN="$$($(SWIFT) build -c release --show-bin-path)" LOGS=$(or $(BENCH_LOGS),1000000) \
	  $(SYSTEM_PYTHON) $(BENCH_SCRIPTS)/bench-serve.py

# logview: the query benchmark.

APT_PACKAGES += jq

.PHONY: bench-logview

## bench-logview: 1 M logs from recipe-demo; stats, filters, a time range and jsonl export,
## beside jq and a plain sequential read (shared/bench/scan_floor.c), with every ratio.
## BENCH_LOGS=200000 for a quicker run; REUSE_STORE=1 to measure the last run's store again.
bench-logview: deps
	$(SWIFT) build -c release --product logview
	$(SWIFT) build -c release --product recipe-demo
	BIN="$$($(SWIFT) build -c release --show-bin-path)" BENCH_FLOORS=$(BENCH_FLOORS) LOGS=$(or $(BENCH_LOGS),1000000) REUSE_STORE=$(REUSE_STORE) \
	  bash $(BENCH_SCRIPTS)/bench-logview.sh

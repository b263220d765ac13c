# LogStore: the store benchmark and the segment-reader fuzzer.

STORE_BENCH  ?= bench-out/store

APT_PACKAGES += time

FUZZ_TARGETS += fuzz-store

.PHONY: bench-store fuzz-store

## bench-store: 1 M group-committed appends of 200-byte payloads beside append_floor.c, a verify
## scan beside scan_floor.c, and append cost with 0 vs 1 M records pending. Three alternating
## rounds on this shared machine; the best of each side is compared, in wall and in CPU time.
bench-store: deps
	$(BENCH_BUILD) --product store-bench
	@mkdir -p bench-out
	@cc -O2 $(BENCH_FLOORS)/append_floor.c -o bench-out/append_floor
	@cc -O2 -msse4.2 $(BENCH_FLOORS)/scan_floor.c -o bench-out/scan_floor
	@bin=$$($(BENCH_BUILD) --show-bin-path); best_floor=0; best_store=0; best_scan=0; best_read=0; best_empty=999999999; best_backlog=999999999; best_floor_cpu=999999; best_store_cpu=999999; \
	for round in 1 2 3; do \
	  rm -rf $(STORE_BENCH); \
	  floor=$$(/usr/bin/time -f "%U %S" -o bench-out/append_floor.time bench-out/append_floor bench-out/append_floor.dat 1000000 1000 | sed 's/.*rec\/s=\([0-9]*\).*/\1/'); \
	  floor_cpu=$$(awk '{ printf "%d", ($$1 + $$2) * 1000 + 0.5 }' bench-out/append_floor.time); \
	  $$bin/store-bench --store $(STORE_BENCH) --count 1000000 --payload-bytes 200 \
	    --sync-every 1000 --probe 100000 > bench-out/store-bench.txt || exit 1; \
	  store=$$(sed -n 's/^append_records_per_second=//p' bench-out/store-bench.txt); \
	  store_mb=$$(sed -n 's/^append_megabytes_per_second=//p' bench-out/store-bench.txt); \
	  store_cpu=$$(sed -n 's/^append_cpu_seconds=//p' bench-out/store-bench.txt | awk '{ printf "%d", $$1 * 1000 + 0.5 }'); \
	  scan=$$(sed -n 's/^scan_megabytes_per_second=//p' bench-out/store-bench.txt); \
	  cat $(STORE_BENCH)/segment-*.log > bench-out/scan.dat; \
	  read=$$(bench-out/scan_floor bench-out/scan.dat r | sed 's/.*MB\/s=\([0-9]*\).*/\1/'); \
	  echo "round $$round: floor $$floor rec/s, store $$store rec/s ($$store_mb MB/s with framing) = $$(awk "BEGIN { printf \"%.2fx\", $$store / $$floor }"); scan $$scan MB/s, plain read $$read MB/s = $$(awk "BEGIN { printf \"%.2fx\", $$scan / $$read }")"; \
	  [ $$floor -gt $$best_floor ] && best_floor=$$floor; [ $$store -gt $$best_store ] && best_store=$$store; \
	  [ $$scan -gt $$best_scan ] && best_scan=$$scan; [ $$read -gt $$best_read ] && best_read=$$read; \
	  empty=$$(sed -n 's/^probe_ns_per_append_empty=//p' bench-out/store-bench.txt); \
	  backlog=$$(sed -n 's/^probe_ns_per_append_backlog=//p' bench-out/store-bench.txt); \
	  echo "         append cost: $$empty ns with 0 pending, $$backlog ns with 1 M pending; append CPU: store $$store_cpu ms, floor $$floor_cpu ms (the floor: writes and syncs only, no framing or CRC)"; \
	  [ $$floor_cpu -lt $$best_floor_cpu ] && best_floor_cpu=$$floor_cpu; [ $$store_cpu -lt $$best_store_cpu ] && best_store_cpu=$$store_cpu; \
	  [ $$empty -lt $$best_empty ] && best_empty=$$empty; [ $$backlog -lt $$best_backlog ] && best_backlog=$$backlog; \
	done; \
	rm -f bench-out/scan.dat bench-out/append_floor.dat bench-out/append_floor.time; rm -rf $(STORE_BENCH); \
	awk -v f=$$best_floor -v s=$$best_store -v c=$$best_scan -v r=$$best_read -v e=$$best_empty -v b=$$best_backlog -v fc=$$best_floor_cpu -v sc=$$best_store_cpu 'BEGIN { \
	  printf "append: %d rec/s vs floor %d rec/s (one write per record, fsync every 1000): %.2fx (target >= 1.0x)\n", s, f, s / f; \
	  printf "append CPU: %d ms vs floor %d ms for 1 M records: %.2fx (the figure a loaded machine moves least)\n", sc, fc, sc / fc; \
	  printf "scan:   %d MB/s verify (CRC-32C of every record) vs %d MB/s plain read: %.2fx (target >= 0.3x)\n", c, r, c / r; \
	  printf "backlog: %d ns per append with 0 pending, %d ns with 1 M pending: %.2fx (flat is 1.0x)\n", e, b, b / e }'

## fuzz-store: libFuzzer on the segment reader (and the index decoder) for FUZZ_SECONDS.
fuzz-store: fuzz-core
	@mkdir -p fuzz-out/store-corpus
	$(SWIFT) build --product logstore-stress
	@rm -rf fuzz-out/store-seed && $(BIN)/logstore-stress write --store fuzz-out/store-seed --count 12 --sync-every 5 --payload-bytes 40 >/dev/null
	@cp fuzz-out/store-seed/segment-0000000000000001.log fuzz-out/store-corpus/seed-segment
	@cp fuzz-out/store-seed/segment-0000000000000001.idx fuzz-out/store-corpus/seed-index 2>/dev/null || true
	$(FUZZ_CLANG) -O1 -g -fsanitize=fuzzer-no-link,address -I Sources/CLogStoreCRC/include -c Sources/CLogStoreCRC/CRC32C.c -o fuzz-out/crc32c.o
	swiftc -O -g -sanitize=fuzzer,address -parse-as-library -module-name LogStoreFuzz -package-name $(FUZZ_PACKAGE_NAME) \
	  -I Sources/CLogStoreCRC/include -I Sources/CLogStoreAtomics/include -I $(FUZZ_CORE) \
	  $$(find Sources/LogStore -name '*.swift' | sort) Fuzz/SegmentReaderFuzzer.swift fuzz-out/crc32c.o $(FUZZ_CORE)/LogCore.o \
	  -o fuzz-out/segment-reader-fuzzer
	fuzz-out/segment-reader-fuzzer -max_total_time=$(FUZZ_SECONDS) -timeout=10 -rss_limit_mb=2048 \
	  -artifact_prefix=fuzz-out/ fuzz-out/store-corpus

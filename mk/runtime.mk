# Runtime: the BehaviorLog benchmark, and the demo's settings.

RUNTIME_BENCH  ?= bench-out/runtime-store
RUNTIME_ROUNDS ?= 2
RUNTIME_LOGS   ?= 1000000
DEMO_STORE     ?= .build/demo-store
DEMO_EVENTS    ?= 20000

.PHONY: bench-runtime

## bench-runtime: 1 M posts of generated events through three filters (common payload, sampling,
## PII hashing) into a BufferedOutput with a counting backend, durable group commit on (fsync per
## 1,000), beside append_floor.c in the same round; then the same behind a failing backend with
## 100 K logs already pending (left by an earlier process, as after a restart). Prints logs/s and the ratio, post() p50/p99 on the calling thread,
## and peak RSS (/usr/bin/time -v). Best of RUNTIME_ROUNDS alternating rounds (a shared machine).
bench-runtime:
	$(BENCH_BUILD) --product runtime-bench
	@mkdir -p bench-out
	@cc -O2 $(BENCH_FLOORS)/append_floor.c -o bench-out/append_floor
	@bin=$$($(BENCH_BUILD) --show-bin-path); \
	best_floor=0; best=0; best_pending=0; \
	for round in $$(seq 1 $(RUNTIME_ROUNDS)); do \
	  floor=$$(bench-out/append_floor bench-out/append_floor.dat 1000000 1000 | sed 's/.*rec\/s=\([0-9]*\).*/\1/'); \
	  /usr/bin/time -v $$bin/runtime-bench --logs $(RUNTIME_LOGS) --store $(RUNTIME_BENCH) > bench-out/runtime.txt 2> bench-out/runtime-time.txt || { cat bench-out/runtime-time.txt; exit 1; }; \
	  rm -rf $(RUNTIME_BENCH); $$bin/runtime-bench --prefill 100000 --store $(RUNTIME_BENCH) > /dev/null || exit 1; \
	  /usr/bin/time -v $$bin/runtime-bench --logs $(RUNTIME_LOGS) --failing --store $(RUNTIME_BENCH) > bench-out/runtime-pending.txt 2> bench-out/runtime-pending-time.txt || { cat bench-out/runtime-pending-time.txt; exit 1; }; \
	  rate=$$(sed -n 's/^logs_per_second=//p' bench-out/runtime.txt); \
	  rate_pending=$$(sed -n 's/^logs_per_second=//p' bench-out/runtime-pending.txt); \
	  rss=$$(sed -n 's/.*Maximum resident set size (kbytes): //p' bench-out/runtime-time.txt); \
	  rss_pending=$$(sed -n 's/.*Maximum resident set size (kbytes): //p' bench-out/runtime-pending-time.txt); \
	  echo "round $$round: floor $$floor rec/s"; \
	  echo "  no backlog:   $$rate logs/s, post p50 $$(sed -n 's/^post_p50_us=//p' bench-out/runtime.txt) us, p99 $$(sed -n 's/^post_p99_us=//p' bench-out/runtime.txt) us, p99.9 $$(sed -n 's/^post_p999_us=//p' bench-out/runtime.txt) us, peak RSS $$((rss / 1024)) MB, backend got $$(sed -n 's/^backend_accepted=//p' bench-out/runtime.txt)"; \
	  echo "  100K pending: $$rate_pending logs/s (durable; backend failing), post p50 $$(sed -n 's/^post_p50_us=//p' bench-out/runtime-pending.txt) us, p99 $$(sed -n 's/^post_p99_us=//p' bench-out/runtime-pending.txt) us, p99.9 $$(sed -n 's/^post_p999_us=//p' bench-out/runtime-pending.txt) us, peak RSS $$((rss_pending / 1024)) MB, pending before $$(sed -n 's/^pending_before=//p' bench-out/runtime-pending.txt), unsent after $$(sed -n 's/^unsent_after=//p' bench-out/runtime-pending.txt)"; \
	  if [ $$round = 1 ] || [ $$floor -gt $$best_floor ]; then best_floor=$$floor; fi; \
	  if [ $$rate -gt $$best ]; then best=$$rate; cp bench-out/runtime.txt bench-out/runtime-best.txt; best_rss=$$rss; fi; \
	  if [ $$rate_pending -gt $$best_pending ]; then best_pending=$$rate_pending; cp bench-out/runtime-pending.txt bench-out/runtime-pending-best.txt; best_rss_pending=$$rss_pending; fi; \
	done; \
	rm -f bench-out/append_floor.dat; rm -rf $(RUNTIME_BENCH); \
	awk -v f=$$best_floor -v r=$$best -v p=$$best_pending -v m=$$best_rss -v mp=$$best_rss_pending \
	  -v p50=$$(sed -n 's/^post_p50_us=//p' bench-out/runtime-best.txt) -v p99=$$(sed -n 's/^post_p99_us=//p' bench-out/runtime-best.txt) \
	  -v pp50=$$(sed -n 's/^post_p50_us=//p' bench-out/runtime-pending-best.txt) -v pp99=$$(sed -n 's/^post_p99_us=//p' bench-out/runtime-pending-best.txt) 'BEGIN { \
	  printf "end to end: %d logs/s vs floor %d rec/s (one write per record, fsync every 1000): %.2fx (target >= 0.5x)\n", r, f, r / f; \
	  printf "post():     p50 %.3f us, p99 %.3f us on the calling thread (targets <= 1 us, <= 20 us)\n", p50, p99; \
	  printf "peak RSS:   %d MB for %d logs (target <= 64 MB)\n", m / 1024, $(RUNTIME_LOGS); \
	  printf "100K pending behind a failing backend: %d logs/s (%.2fx the floor, %.2fx without backlog), post p50 %.3f us, p99 %.3f us, peak RSS %d MB\n", p, p / f, p / r, pp50, pp99, mp / 1024 }'

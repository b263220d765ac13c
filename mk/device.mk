# Device: what an app pays for logging on the caller's thread, in syncs, wake-ups, RSS and code
# size, beside its baseline (issue 26's targets).

DEVICE_SECONDS ?= 60

.PHONY: bench-device

## bench-device: an app set up as README shows (a buffered output with a local counting backend,
## keeping its logs in the history's store) beside its baseline (the same program, the SDK not
## started): syscalls, syncs and ms on the caller's thread for the initialisers and the first post
## (strace -f, 1st and 2nd launch), a launch's syncs, syncs and wake-ups per log at 10 and 1 log/s
## for DEVICE_SECONDS (60; 1 log/s also with a store per output, side by side), the disk of a
## backlog, peak RSS, and the code an app links at -Osize with 12 and 500 events.
bench-device: deps
	$(BENCH_BUILD) --product device-bench
	$(SWIFT) build --product loggen
	@mkdir -p bench-out/device
	@ROOT=$(CURDIR) LOGGEN=$(BIN)/loggen CORPUS=$(BENCH_FLOORS)/gen_corpus.py OUT=bench-out/device \
	  bash $(BENCH_SCRIPTS)/bench-device-size.sh
	@BIN=$$($(BENCH_BUILD) --show-bin-path) OUT=bench-out/device DEVICE_SECONDS=$(DEVICE_SECONDS) \
	  SIZE_SUMMARY=bench-out/device/size.txt bash $(BENCH_SCRIPTS)/bench-device.sh

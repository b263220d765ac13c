# Energy: syncs, wake-ups and bytes per log (issue #12's targets), counted with strace and getrusage.

APT_PACKAGES += strace

.PHONY: bench-energy

## bench-energy: 100 logs/s for 10 s, 1 log/s for 20 s and 20 s idle, through README's set-up (a
## BufferedOutput keeping its logs in a LocalStoreOutput's store) with the runtime's defaults: syncs per
## log (strace -f), wake-ups per log (voluntary context switches less the driver's sleeps) and bytes
## written per log.
bench-energy: deps
	$(BENCH_BUILD) --product energy-bench
	@BIN=$$($(BENCH_BUILD) --show-bin-path) bash $(BENCH_SCRIPTS)/bench-energy.sh

# LogStore under power loss (issue 18): the seeded scenarios on PowerLossFileSystem.
# `make test` runs 1,024 of them (PowerLossTests); this runs many more.

POWER_LOSS_WORKLOADS ?= 40

.PHONY: test-power-loss

## test-power-loss: power lost before every mutating call of POWER_LOSS_WORKLOADS seeded workloads
## (about 250 scenarios each, most losing power again during recovery); in memory. A failing
## scenario prints itself (PowerLossScenario(...)); POWER_LOSS_TRACE=1 prints what each image holds.
test-power-loss: deps
	$(SWIFT) build --build-tests
	POWER_LOSS_WORKLOADS=$(POWER_LOSS_WORKLOADS) $(SWIFT) test --skip-build --filter 'PowerLossSoakTests|PowerLossTests|PowerLossRegressionTests|PowerLossDirectoryTests|PowerLossFileSystemTests|OutboxPowerLossTests'

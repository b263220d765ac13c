# Warehouse: zlib for gzip bodies, the ClickHouse servers the tests run against (python3 for the
# cluster sandbox's keeper check), chdb (today's ClickHouse, from PyPI, in a venv), the benchmark.

APT_PACKAGES += zlib1g-dev curl python3 python3-venv

CLICKHOUSE_SANDBOX = Tests/Support/clickhouse-sandbox
CH_BENCH_LOGS     ?= 1000000
CH_BENCH_DIR       = bench-out/clickhouse
# chdb embeds today's ClickHouse (26.9); chdb-core alone (no pandas, pyarrow), pinned.
CHDB_VENV          = .build/chdb-venv
CHDB_PACKAGE       = chdb-core==26.9.0

.PHONY: clickhouse-deps chdb-deps bench-clickhouse test-warehouse

# The ClickHouse tests need clickhouse-server. It is installed in a prerequisite of its own,
# so that a machine without a package source for it still runs every other test: the
# ClickHouse suites then report themselves skipped. In CI ($CI set) they must run, so there
# a failed install fails the tests instead of skipping them.
swift-test: clickhouse-deps chdb-deps
ifdef CI
ifeq ($(DEBIAN),yes)
export BEHAVIORLOG_REQUIRE_CLICKHOUSE = 1
endif
endif

## clickhouse-deps: install clickhouse-server, clickhouse-client and zookeeper when missing
## (the cluster tests run a ZooKeeper for ON CLUSTER and replication; it brings a Java runtime).
clickhouse-deps: deps
	@if [ "$(DEBIAN)" != yes ]; then \
	  command -v clickhouse-server >/dev/null 2>&1 || echo "SKIPPED installing clickhouse-server (not Debian or Ubuntu): the ClickHouse tests report themselves skipped"; \
	elif ! command -v clickhouse-server >/dev/null 2>&1 || ! command -v clickhouse-client >/dev/null 2>&1 \
	    || [ ! -f /usr/share/java/zookeeper.jar ]; then \
	  echo "installing: clickhouse-server clickhouse-client zookeeper"; \
	  if [ "$$(id -u)" = 0 ]; then SUDO=; else SUDO=sudo; fi; \
	  $$SUDO apt-get update -qq >/dev/null 2>&1; \
	  DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq clickhouse-server clickhouse-client zookeeper >/dev/null 2>&1 \
	    || echo "warning: clickhouse-server or zookeeper could not be installed (no package source?); the ClickHouse tests will be SKIPPED"; \
	fi

## chdb-deps: install chdb (today's ClickHouse, embedded) from PyPI into $(CHDB_VENV), when missing;
## about 560 MB. Without it the suites on today's ClickHouse report themselves skipped.
chdb-deps: deps
	@if ! $(CHDB_VENV)/bin/python -c "import chdb" >/dev/null 2>&1; then \
	  echo "installing: $(CHDB_PACKAGE) into $(CHDB_VENV)"; \
	  { python3 -m venv $(CHDB_VENV) && $(CHDB_VENV)/bin/pip install -q --no-deps $(CHDB_PACKAGE); } >/dev/null 2>&1 \
	    || echo "warning: chdb could not be installed (no PyPI?); the tests on today's ClickHouse will be SKIPPED"; \
	fi

## test-warehouse: the warehouse's tests alone (LogWarehouseTests, WarehouseIntegrationTests),
## with their servers, as `make test` runs them.
test-warehouse: clickhouse-deps chdb-deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build --filter 'LogWarehouseTests|WarehouseIntegrationTests'

## bench-clickhouse: 1 M logs from post() to rows visible in ClickHouse, beside clickhouse-client
## inserting the same rows (the very bodies the output sent, recorded to a file) with FORMAT JSONEachRow.
## Then the same run through URLSession instead of the socket transport, to show why
## ClickHouseBackend uses its own socket for http:// on Linux (docs/Warehouse.md).
bench-clickhouse: clickhouse-deps
	$(BENCH_BUILD) --product clickhouse-bench
	$(SWIFT) build -c release --product loggen
	@rm -rf $(CH_BENCH_DIR); mkdir -p $(CH_BENCH_DIR)
	@set -e; bin=$$($(SWIFT) build -c release --show-bin-path); bench=$$($(BENCH_BUILD) --show-bin-path); dir=$$(pwd)/$(CH_BENCH_DIR); \
	ports=$$($(CLICKHOUSE_SANDBOX) start $$dir/server $$$$); http=$${ports% *}; tcp=$${ports#* }; \
	trap '$(CLICKHOUSE_SANDBOX) stop '"$$dir"'/server' EXIT; \
	url=http://127.0.0.1:$$http/; \
	$$bin/loggen ddl LogDefinitions --dialect clickhouse --table bench | curl -sf $$url --data-binary @- ; \
	$$bin/loggen ddl LogDefinitions --dialect clickhouse --table floor | curl -sf $$url --data-binary @- ; \
	$$bin/loggen ddl LogDefinitions --dialect clickhouse --table bench_urlsession | curl -sf $$url --data-binary @- ; \
	$$bench/clickhouse-bench --server $$url --table bench --logs $(CH_BENCH_LOGS) --store $$dir/outbox --rows $$dir/rows.json \
	  | tee $$dir/bench.txt; \
	start=$$(date +%s.%N); \
	clickhouse-client --port $$tcp --query "INSERT INTO floor FORMAT JSONEachRow" < $$dir/rows.json; \
	end=$$(date +%s.%N); \
	rows=$$(clickhouse-client --port $$tcp --query "SELECT count() FROM floor"); \
	ours=$$(sed -n 's/^logs_per_second=//p' $$dir/bench.txt); \
	awk -v rows=$$rows -v s=$$start -v e=$$end -v ours=$$ours -v mb=$$(du -m $$dir/rows.json | cut -f1) 'BEGIN { \
	  floor = rows / (e - s); \
	  printf "clickhouse-client INSERT FORMAT JSONEachRow of the same %d rows (%d MB) from a file: %.2f s, %d rows/s\n", rows, mb, e - s, floor; \
	  printf "ClickHouseBackend, post() to visible: %d logs/s = %.2fx the floor (target >= 0.5x)\n", ours, ours / floor }'; \
	floor=$$(awk -v rows=$$rows -v s=$$start -v e=$$end 'BEGIN { print rows / (e - s) }'); \
	$$bench/clickhouse-bench --server $$url --table bench_urlsession --logs $(CH_BENCH_LOGS) --store $$dir/outbox-urlsession --urlsession > $$dir/bench-urlsession.txt; \
	awk -v floor=$$floor -v ours=$$(sed -n 's/^logs_per_second=//p' $$dir/bench-urlsession.txt) 'BEGIN { \
	  printf "the same through URLSession (for comparison): %d logs/s = %.2fx the floor\n", ours, ours / floor }'

# Warehouse: zlib for gzip bodies, the ClickHouse servers the tests run against (python3 for the
# cluster sandbox's keeper check), chdb (today's ClickHouse, from PyPI, in a venv), the benchmark.

APT_PACKAGES += zlib1g-dev curl python3 python3-venv

CLICKHOUSE_SANDBOX = Tests/Support/clickhouse-sandbox
CLICKHOUSE_CLUSTER_SANDBOX = Tests/Support/clickhouse-cluster-sandbox
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
## Then, in the same run: the same logs into the ingest table of `loggen ddl --enforce` (bench_ingest,
## counted when in bench or bench_rejected), through URLSession instead of the socket transport (why
## ClickHouseBackend uses its own socket for http:// on Linux, docs/Warehouse.md), and into the
## Distributed table of a two-shard cluster (when zookeeper is installed); a table of rows per second.
bench-clickhouse: clickhouse-deps
	$(BENCH_BUILD) --product clickhouse-bench
	$(SWIFT) build -c release --product loggen
	@rm -rf $(CH_BENCH_DIR); mkdir -p $(CH_BENCH_DIR)
	@set -e; bin=$$($(SWIFT) build -c release --show-bin-path); bench=$$($(BENCH_BUILD) --show-bin-path); dir=$$(pwd)/$(CH_BENCH_DIR); \
	ports=$$($(CLICKHOUSE_SANDBOX) start $$dir/server $$$$); http=$${ports% *}; tcp=$${ports#* }; \
	trap '$(CLICKHOUSE_SANDBOX) stop '"$$dir"'/server; [ ! -d '"$$dir"'/cluster ] || $(CLICKHOUSE_CLUSTER_SANDBOX) stop '"$$dir"'/cluster' EXIT; \
	url=http://127.0.0.1:$$http/; \
	send() { python3 -c 'import sys, urllib.request; [urllib.request.urlopen(urllib.request.Request(sys.argv[1], data=q.encode())) for q in ("\n".join(l for l in s.split("\n") if not l.startswith("--")) for s in sys.stdin.read().split(";\n")) if q.strip()]' "$$1"; }; \
	$$bin/loggen ddl LogDefinitions --dialect clickhouse --table bench_plain | curl -sf $$url --data-binary @- ; \
	$$bin/loggen ddl LogDefinitions --dialect clickhouse --table floor | curl -sf $$url --data-binary @- ; \
	$$bin/loggen ddl LogDefinitions --dialect clickhouse --table bench_urlsession | curl -sf $$url --data-binary @- ; \
	$$bin/loggen ddl LogDefinitions --dialect clickhouse --enforce --table bench 2>/dev/null | send $$url; \
	$$bench/clickhouse-bench --server $$url --table bench_plain --logs $(CH_BENCH_LOGS) --store $$dir/outbox --rows $$dir/rows.json \
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
	rm -f $$dir/rows.json; \
	$$bench/clickhouse-bench --server $$url --table bench_ingest --visible bench,bench_rejected --logs $(CH_BENCH_LOGS) \
	  --store $$dir/outbox-enforced > $$dir/bench-enforced.txt; \
	rejected=$$(clickhouse-client --port $$tcp --query "SELECT count() FROM bench_rejected"); \
	$$bench/clickhouse-bench --server $$url --table bench_urlsession --logs $(CH_BENCH_LOGS) --store $$dir/outbox-urlsession --urlsession > $$dir/bench-urlsession.txt; \
	awk -v floor=$$floor -v ours=$$(sed -n 's/^logs_per_second=//p' $$dir/bench-urlsession.txt) 'BEGIN { \
	  printf "the same through URLSession (for comparison): %d logs/s = %.2fx the floor\n", ours, ours / floor }'; \
	cluster=; \
	if [ -f /usr/share/java/zookeeper.jar ]; then \
	  servers=$$($(CLICKHOUSE_CLUSTER_SANDBOX) start $$dir/cluster $$$$); s1=$$(echo "$$servers" | sed -n 1p); \
	  curl_s1=http://127.0.0.1:$${s1% *}/; \
	  $$bin/loggen ddl LogDefinitions --dialect clickhouse --cluster two_shards --table bench_cluster | send $$curl_s1; \
	  $$bench/clickhouse-bench --server $$curl_s1 --table bench_cluster --logs $(CH_BENCH_LOGS) --store $$dir/outbox-cluster > $$dir/bench-cluster.txt; \
	  cluster=$$(sed -n 's/^logs_per_second=//p' $$dir/bench-cluster.txt); \
	fi; \
	single=$$(sed -n 's/^logs_per_second=//p' $$dir/bench.txt); \
	enforced=$$(sed -n 's/^logs_per_second=//p' $$dir/bench-enforced.txt); \
	echo; echo "rows per second, post() to visible, $(CH_BENCH_LOGS) logs each, one run:"; \
	printf '%-58s %12s %10s\n' "run" "rows/s" "vs single"; \
	printf '%-58s %12d %10s\n' "one server, table bench_plain" $$single "1.00x"; \
	awk -v s=$$single -v e=$$enforced -v r=$$rejected 'BEGIN { printf "%-58s %12d %9.2fx\n", "one server, bench_ingest with --enforce (" r " rejected)", e, e / s }'; \
	if [ -n "$$cluster" ]; then awk -v s=$$single -v c=$$cluster 'BEGIN { printf "%-58s %12d %9.2fx\n", "two shards (same 2 cores), Distributed table bench_cluster", c, c / s }'; \
	else echo "two shards: SKIPPED (zookeeper is not installed; make clickhouse-deps installs it)"; fi; \
	awk -v s=$$single -v e=$$enforced 'BEGIN { printf "enforcement costs %.0f%% of the throughput (target: at most 50%%)\n", (1 - e / s) * 100 }'

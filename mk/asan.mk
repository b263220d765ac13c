# AddressSanitizer over the store (issue 13, item 0): LogStoreTests, with the directory-listing
# test, and the store's crash loop (SIGKILL a logstore-stress writer 200 times, reading the store
# after each kill), built with `--sanitize=address`; and LogMarkdownTests, whose folder listing
# had the same bug (both now list through LogCore's `System.listDirectory`). An over-read like the old copy of `dirent.d_name` crashes a release build
# only when a buffer ends at a page boundary; under ASan it fails every run, at the line that reads.
#
# The build is the small package in ASan/ (symlinks to those targets' sources and tests) in a
# scratch path of its own, so the normal build is untouched and `make clean` removes it: the
# build takes about 50 s from a clean scratch path on two cores (the check 1 min 22 s), where an
# ASan build of the whole package (one test bundle holds every test target) took 7 min 45 s.
# ASan writes its reports to files (log_path), one per process: an error in a logstore-stress
# child that a test only sees as a failed or killed writer still fails the check.

ASAN_SCRATCH ?= .build-asan
ASAN_REPORTS  = $(abspath $(ASAN_SCRATCH))/reports
ASAN_SWIFT    = $(SWIFT) test --package-path ASan --scratch-path $(abspath $(ASAN_SCRATCH)) --sanitize=address
ASAN_ENV      = ASAN_OPTIONS=log_path=$(ASAN_REPORTS)/asan \
                LSAN_OPTIONS=suppressions=$(CURDIR)/mk/asan.supp:print_suppressions=0

TEST_CHECKS += asan-store

.PHONY: asan-store

## asan-store: the store's tests, its crash loop and the definitions reader's tests under AddressSanitizer (part of `make test`).
asan-store: deps
	$(SWIFT) build --package-path ASan --scratch-path $(abspath $(ASAN_SCRATCH)) --sanitize=address --build-tests
	@rm -rf $(ASAN_REPORTS) && mkdir -p $(ASAN_REPORTS)
	$(ASAN_ENV) $(ASAN_SWIFT) --skip-build --skip CrashLoopTests; status=$$?; \
	  $(ASAN_ENV) $(ASAN_SWIFT) --skip-build --filter CrashLoopTests || status=1; \
	  reports=$$(grep -l "ERROR: [A-Za-z]*Sanitizer" $(ASAN_REPORTS)/* 2>/dev/null); \
	  if [ -n "$$reports" ]; then cat $$reports >&2; \
	    echo "asan-store: AddressSanitizer found errors ($$(echo $$reports | wc -w) reports in $(ASAN_REPORTS))" >&2; exit 1; fi; \
	  exit $$status

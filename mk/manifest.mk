# The manifests are the map (issue 14, item 6): every import a target's files make is declared in
# its Package.swift, every declared dependency is imported, every Swift target has ExistentialAny;
# for the root package, Benchmarks/ and ASan/. Needs python3 and `swift package dump-package`.

TEST_CHECKS += manifest-check

.PHONY: manifest-check

## manifest-check: one line per undeclared import, unused dependency or missing setting (after a
## self-test that plants one of each in a scratch package).
manifest-check:
	@python3 mk/manifest-check.py --self-test
	@python3 mk/manifest-check.py

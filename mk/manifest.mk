# The manifests are the map (issue 14, item 6): every import a target's files make is declared in
# its Package.swift, every declared dependency is imported, every Swift target has ExistentialAny,
# for the root package, Benchmarks/, ASan/ and TSan/; and README.md's module map draws exactly the root's
# declared dependencies. Needs python3 and `swift package dump-package` (about 15 s).

TEST_CHECKS += manifest-check

.PHONY: manifest-check

## manifest-check: one line per undeclared import, unused dependency, missing setting or wrong line
## of the README's module map (after a self-test that plants each kind in a scratch package).
manifest-check:
	@python3 mk/manifest-check.py --self-test
	@python3 mk/manifest-check.py

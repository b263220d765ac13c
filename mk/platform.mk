# Apple platforms, as far as Linux can check them (issue 12; docs/Platforms-verification.md):
# the portability check of the app-linked targets, and the type-check of the platform layer's
# Darwin branches against the shadow Darwin module (Tests/PlatformShadow). Both need only
# python3 and the toolchain's swiftc, and take a few seconds.

TEST_CHECKS += platform-check

.PHONY: platform-check

## platform-check: no libc or Synchronization outside LogStore/Platform, the declared floor, no API above it.
platform-check:
	python3 mk/platform-check.py

# Apple platforms, as far as Linux can check them (issue 12; docs/Platforms.md):
# the portability check of the app-linked targets, and the type-check of the platform layer's
# Darwin branches against the shadow Darwin module (Tests/PlatformShadow). Both need only
# python3 and the toolchain's swiftc, and take a few seconds.

TEST_CHECKS += platform-check platform-shadow

.PHONY: platform-check platform-shadow

## platform-check: no libc or Synchronization outside LogCore/Platform, the declared floor, no API above it.
platform-check:
	python3 mk/platform-check.py

## platform-shadow: type-check the platform layer's Darwin branches against Tests/PlatformShadow
## (as the host target and as arm64-apple-ios16.0), and prove it rejects Linux-minded mutations.
platform-shadow:
	python3 mk/platform-shadow.py

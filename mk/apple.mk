# Apple platforms: the checks `make test` can run without an Apple SDK (issue 12).
# What only an Apple build proves runs in .github/workflows/apple.yml; see docs/Platforms.md.

# qemu-aarch64 runs the arm64 CRC-32C path on an x86_64 machine (check-arm64-crc).
APT_PACKAGES += qemu-user-static

TEST_CHECKS += check-apple-c check-xcode-plugin check-apple-swift check-arm64-crc

.PHONY: check-apple-c check-xcode-plugin check-apple-swift check-arm64-crc

## check-apple-c: compile every C target for arm64/x86_64 iOS, macOS, watchOS (arm64_32) and the
## x86_64 simulator with the toolchain's clang; fail on a ___cpu_model reference, an unexpected
## undefined symbol, or CRC-32C objects without the hardware CRC instructions.
check-apple-c:
	@sh Tests/Support/apple-c-check.sh --self-test

## check-xcode-plugin: type-check LoggenPlugin's XcodeBuildToolPlugin entry point against a
## stand-in XcodeProjectPlugin module (Xcode's own exists only on a Mac).
check-xcode-plugin:
	@sh Tests/Support/xcode-plugin-check.sh

## check-apple-swift: type-check the Apple-only Swift files (OSLogOutput, the UIKit and watchOS
## branches of AppLifecycleObserver) against stand-ins for os, OSLog and UIKit.
check-apple-swift: swift-test
	@sh Tests/Support/apple-swift-check.sh $(BIN)

## check-arm64-crc: run CRC-32C's arm64 path under qemu-aarch64 against the tables (says SKIPPED,
## visibly, when Debian's qemu-user-static is not installed).
check-arm64-crc:
	@sh Tests/Support/arm64-crc-check.sh

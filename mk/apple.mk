# Apple platforms: the checks `make test` can run without an Apple SDK (issue 12).
# What only an Apple build proves runs in .github/workflows/apple.yml; see docs/Platforms.md.

TEST_CHECKS += check-apple-c

.PHONY: check-apple-c

## check-apple-c: compile every C target for arm64/x86_64 iOS, macOS, watchOS (arm64_32) and the
## x86_64 simulator with the toolchain's clang; fail on a ___cpu_model reference, an unexpected
## undefined symbol, or CRC-32C objects without the hardware CRC instructions.
check-apple-c:
	@sh Tests/Support/apple-c-check.sh --self-test

# Formatting (issue 28, part 2): one style, .swift-format, applied by the toolchain's swift-format.
#
# .swift-format is swift-format's defaults changed where the code's own style differs, each
# choice measured by the lines applying it would change (see the commit that added it):
# 4-space indentation, 160 columns, #if blocks not indented, and off the rules this code does
# not follow (semicolons between short statements, import order, digit grouping, one case or
# variable per line, and the lint-only naming, trailing-closure and block-comment rules).
# Generated code opts out with `// swift-format-ignore-file`. Symlinks (ASan/) are skipped:
# their targets are formatted where they live.
#
# The tree was formatted in one commit once the open branches were merged; format-check is part
# of `make test` since.

TEST_CHECKS += format-check

SWIFT_FORMAT ?= $(if $(filter Darwin,$(HOST_OS)),xcrun swift-format,swift-format)
FORMAT_FILES  = $(shell find Package.swift Sources Tests Plugins Benchmarks Fuzz ASan TSan -name '*.swift' -type f -not -path '*/.build*' | sort)

.PHONY: format format-check

## format: format every Swift file in place with .swift-format (then review with git diff).
format:
	$(SWIFT_FORMAT) format --in-place --parallel --configuration .swift-format $(FORMAT_FILES)

## format-check: fail, naming each file, when `make format` would change one (the tree is untouched).
format-check:
	@sh mk/format-check.sh "$(SWIFT_FORMAT)" $(FORMAT_FILES)

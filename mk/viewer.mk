# BehaviorLogViewer, the viewer inside the app: its browser test (a TEST_CHECKS script), the
# type-check of its Apple-only screens, and its screenshot for `make demo`. (The package's
# Debian packages for chromium come from mk/serve.mk.)

TEST_CHECKS += inapp-viewer-browser-check check-apple-viewer

.PHONY: inapp-viewer-browser-check check-apple-viewer demo-inapp-viewer size-embedded-schema

## inapp-viewer-browser-check: `recipe-demo --viewer` (the in-app viewer over its own store, with
## the definitions compiled into it) in headless chromium: token, rows, definition, violation.
inapp-viewer-browser-check: deps
	$(SWIFT) build --product logview
	$(SWIFT) build --product recipe-demo
	$(SYSTEM_PYTHON) Tests/Browser/inapp_viewer_test.py --bin "$$($(SWIFT) build --show-bin-path)"

## check-apple-viewer: type-check LogViewerViewController (UIKit) and LogViewerView (SwiftUI)
## against stand-ins for UIKit, WebKit and SwiftUI.
check-apple-viewer: swift-test
	@sh Tests/Support/apple-viewer-check.sh $(BIN)

## demo-inapp-viewer: the in-app viewer's page, rendered by chromium from the embedded
## definitions, saved as bench-out/inapp-viewer.png beside the viewer's (make demo runs it).
demo-inapp-viewer: deps
	@$(SYSTEM_PYTHON) Tests/Browser/inapp_viewer_test.py --bin "$(BIN)" --screenshot bench-out/inapp-viewer.png

# `make demo` runs demo-viewer once everything is built; the in-app viewer's screenshot comes with it.
demo-viewer: demo-inapp-viewer

## size-embedded-schema: what `--embed-schema` costs in an app's binary: `size` of the sample's
## generated code (RecipeLogs, -O -wmo) with and without schema+embedded.swift, per event.
size-embedded-schema: build
	@mkdir -p bench-out/embedded-schema
	@for variant in without with; do \
	  files=$$(ls Generated/*.swift | grep -v 'schema+embedded'); \
	  if [ $$variant = with ]; then files="$$files Generated/schema+embedded.swift"; fi; \
	  swiftc -O -wmo -parse-as-library -swift-version 6 -module-name RecipeLogs -I $(BIN)/Modules \
	    $$(for include in Sources/*/include; do printf -- '-I %s ' $$include; done) \
	    -c $$files -o bench-out/embedded-schema/RecipeLogs-$$variant.o || exit 1; \
	done
	@size bench-out/embedded-schema/RecipeLogs-without.o bench-out/embedded-schema/RecipeLogs-with.o
	@events=$$($(BIN)/loggen schema LogDefinitions | grep -o '"tag":' | wc -l); \
	  without=$$(size bench-out/embedded-schema/RecipeLogs-without.o | awk 'NR==2{print $$1+$$2}'); \
	  with=$$(size bench-out/embedded-schema/RecipeLogs-with.o | awk 'NR==2{print $$1+$$2}'); \
	  json=$$($(BIN)/loggen schema LogDefinitions | wc -c); \
	  echo "embedded schema: $$((with - without)) bytes of text+data for $$events events ($$(( (with - without) / events )) per event; the JSON is $$json bytes)"

# TouchScope. `make` builds and opens the default scene in a window.
#
#   make run       build, then run touchscope (ARGS="run scenes/x.yaml" to pass arguments)
#   make test      every test: swift test, the example package (Examples/CircleGesture/check.sh:
#                  built, its recordings replayed against their expected traces), then the
#                  Xvfb scripts in Tests/xvfb/*.sh
#   make test-sanitize  swift test under AddressSanitizer, then ThreadSanitizer (docs/robustness.md)
#   make build     debug build
#   make release   release build (.build/release/touchscope)
#   make deps      install the Debian packages (SDL2, SDL2_ttf, SDL2_image, fonts, Xvfb, ...)

SWIFT ?= swift
ARGS ?=

.PHONY: run test test-sanitize build release deps deps-run clean

run: deps-run build
	$(SWIFT) run touchscope $(ARGS)

test: deps
	$(SWIFT) test
	SWIFT="$(SWIFT)" Examples/CircleGesture/check.sh
	@for t in Tests/xvfb/*.sh; do \
		[ -e "$$t" ] || continue; \
		echo "== $$t"; \
		xvfb-run -a -s "-screen 0 1280x800x24" bash "$$t" || exit 1; \
	done

# Each sanitizer builds into its own scratch path (ignored by .gitignore's .build-*/).
# Wall-clock limits in the tests stretch 4x (TOUCHSCOPE_TEST_TIME_SCALE); LeakSanitizer
# ignores the XCTest runner's own allocations (Tests/sanitizers/lsan.supp).
SANITIZE_ENV = TOUCHSCOPE_TEST_TIME_SCALE=4 LSAN_OPTIONS=suppressions=$(CURDIR)/Tests/sanitizers/lsan.supp
test-sanitize: deps
	$(SANITIZE_ENV) $(SWIFT) test --sanitize=address --scratch-path .build-asan
	$(SANITIZE_ENV) $(SWIFT) test --sanitize=thread --scratch-path .build-tsan

build: deps-run
	$(SWIFT) build

release: deps-run
	$(SWIFT) build -c release

deps:
	@.ci/deps test

deps-run:
	@.ci/deps run

clean:
	$(SWIFT) package clean

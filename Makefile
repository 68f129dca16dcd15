# ContentFactory: `make run` and `make test` do all set-up on a fresh Debian machine.
SWIFT ?= swift
APT_PACKAGES := pkg-config libvips-dev libavcodec-dev libavformat-dev libswscale-dev libswresample-dev \
                libavutil-dev fonts-inter fonts-noto-color-emoji libespeak-ng-dev espeak-ng-data libsqlite3-dev
# Only the tests need these (headless Chromium opens the review gallery); `make run` does not.
TEST_PACKAGES := chromium
OUTPUT ?= output
SUDO := $(shell [ "$$(id -u)" -eq 0 ] || echo sudo)

.PHONY: deps test-deps install-missing build run test bench clean

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

build: deps
	$(SWIFT) build -c release

run: build
	.build/release/factory run manifests/sample-week.yaml --output $(OUTPUT)
	.build/release/factory review --output $(OUTPUT)

# Tests run one at a time: the end-to-end suites wait on the `factory` child process while an
# in-process fake server answers it, and on a 2-core machine parallel suites could starve it.
test: deps test-deps
	$(SWIFT) build
	$(SWIFT) test --no-parallel

# Also prepares what only the carousel figure needs, once: the ffmpeg CLI and a venv with MoviePy 2.
# If either cannot be had, the bench still runs and says which figure it skipped.
bench: build
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
	.build/release/factory bench manifests/sample-week.yaml
	.build/release/factory bench-executor --items 200 --latency-ms 500

clean:
	rm -rf .build $(OUTPUT)

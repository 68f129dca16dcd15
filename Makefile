# ContentFactory: `make run` and `make test` do all set-up on a fresh Debian machine.
SWIFT ?= swift
APT_PACKAGES := pkg-config libvips-dev libavcodec-dev libavformat-dev libswscale-dev libswresample-dev \
                libavutil-dev fonts-inter fonts-noto-color-emoji libespeak-ng-dev espeak-ng-data libsqlite3-dev
OUTPUT ?= output
SUDO := $(shell [ "$$(id -u)" -eq 0 ] || echo sudo)

.PHONY: deps build run test bench clean

# Installs only what is missing (idempotent: a second run installs nothing).
deps:
	@missing=""; for p in $(APT_PACKAGES); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "install ok installed" || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  echo "installing:$$missing"; \
	  $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $$missing >/dev/null; \
	else echo "system packages: all present"; fi

build: deps
	$(SWIFT) build -c release

run: build
	.build/release/factory run manifests/sample-week.yaml --output $(OUTPUT)

test: deps
	$(SWIFT) build
	$(SWIFT) test

bench: build
	.build/release/factory bench manifests/sample-week.yaml
	.build/release/factory bench-executor --items 200 --latency-ms 500

clean:
	rm -rf .build $(OUTPUT)

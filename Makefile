# The two commands a newcomer needs: `make run` and `make test`.
# Everything else here is what those two need, installed on first use.

PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
PY_STAMP := $(VENV)/.installed
WEB_STAMP := web/dist/.built
# postgresql: the store tests also run against a real PostgreSQL server when it is installed;
# libseccomp2: the sandbox's seccomp filter (apt depends on it, so it is there already)
APT_PACKAGES := chromium bubblewrap postgresql libseccomp2
# root installs directly; anyone else goes through sudo
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: run test check docs-images system-deps python-deps web clean

run: system-deps python-deps web
	$(VENV)/bin/tapescope serve --host 127.0.0.1 --port 8765

# The suite, after the code-health checks, with a coverage report of engine/ and server/ (the
# pytest process's own share: the sandbox workers and the browser tests' server are separate
# processes). The floor is the measured figure less a few points; raise it, never lower it.
COVERAGE_FLOOR := 88
test: system-deps python-deps web check
	$(PY) -m pytest --cov --cov-report=term:skip-covered --cov-fail-under=$(COVERAGE_FLOOR)

# Code health: lint and format (ruff), types (mypy; tsc), the layers (lint-imports: nothing
# imports upward, docs/architecture.md), the web app's lint (eslint). Settings live in
# pyproject.toml, .importlinter and web/eslint.config.js. Every tool runs, so one run shows every
# problem; `ruff format .` and `ruff check --fix .` repair most of them.
CHECKS := "$(VENV)/bin/ruff check ." "$(VENV)/bin/ruff format --check ." "$(VENV)/bin/mypy" \
	"$(VENV)/bin/lint-imports --no-logo" \
	"cd web && npm run --silent lint" "cd web && npm run --silent typecheck"
check: python-deps web
	@failed=""; for c in $(CHECKS); do echo "$$c"; (eval "$$c") || failed="$$failed\n  $$c"; done; \
	if [ -n "$$failed" ]; then printf "check failed:$$failed\n"; exit 1; fi

# docs/images from the UI as it draws now. The browser tests that take the documentation's
# pictures draw them into build/docs-images/ (`make test` draws into a temporary directory and
# never touches docs/images); only those that changed visibly, by their pixels, replace the
# committed ones (scripts/refresh_docs_images.py).
DOC_IMAGE_TESTS := tests/web/test_docs_screenshots.py tests/web/test_docs_screenshots_ui.py \
	tests/web/test_training_view.py tests/web/test_theme.py
docs-images: system-deps python-deps web
	rm -rf build/docs-images
	TAPESCOPE_SCREENSHOTS=$(CURDIR)/build/docs-images $(PY) -m pytest $(DOC_IMAGE_TESTS)
	$(PY) scripts/refresh_docs_images.py build/docs-images/docs docs/images

system-deps:
	@missing=""; for p in $(APT_PACKAGES); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
	  echo "installing Debian packages:$$missing"; \
	  $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $$missing; \
	fi

python-deps: $(PY_STAMP)

$(PY_STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -e '.[dev]'
	touch $@

web: $(WEB_STAMP)

# The web assets are rebuilt when any source file under web/ changes.
WEB_SOURCES := $(shell find web -path web/node_modules -prune -o -path web/dist -prune -o -type f -print 2>/dev/null)
$(WEB_STAMP): $(WEB_SOURCES)
	@if [ -f web/package.json ]; then \
	  cd web && npm ci --no-audit --no-fund && npm run build; \
	else mkdir -p web/dist; fi
	touch $@

clean:
	rm -rf $(VENV) web/node_modules web/dist

# The wheel, with the built web app, the gallery and the docs inside (scripts/build_wheel.py):
# `pip install dist/tapescope-*.whl && tapescope serve` then needs no Node and no checkout.
.PHONY: dist
dist: python-deps web
	rm -f dist/tapescope-*.whl
	$(PY) scripts/build_wheel.py --out dist --no-build-isolation

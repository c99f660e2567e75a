# The two commands a newcomer needs: `make run` and `make test`.
# Everything else here is what those two need, installed on first use.

PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
PY_STAMP := $(VENV)/.installed
WEB_STAMP := web/dist/.built
# postgresql: the store tests also run against a real PostgreSQL server when it is installed
APT_PACKAGES := chromium bubblewrap postgresql
# root installs directly; anyone else goes through sudo
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: run test system-deps python-deps web clean

run: system-deps python-deps web
	$(VENV)/bin/tapescope serve --host 127.0.0.1 --port 8765

test: system-deps python-deps web
	$(PY) -m pytest

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

# Warbench developer commands. Each target creates the virtual environment on first use.
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

COMPILED := build/compiled/manifest.json
SOURCES := $(shell find src/warbench -name '*.py')

.PHONY: demo test lint typecheck unit long fuzz bench browser compiled clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev,ray]'
	touch $(STAMP)

# The hottest modules compiled with mypyc (src/warbench/compiled.py says which and how it stays
# safe): built again whenever a source changes; without a C compiler Warbench runs pure Python.
compiled: $(COMPILED)

$(COMPILED): $(STAMP) $(SOURCES)
	$(BIN)/python -m warbench.compile >build-compiled.log 2>&1 || (tail -20 build-compiled.log; echo "the compiled build failed: Warbench runs pure Python")
	@tail -1 build-compiled.log

demo: $(STAMP)
	$(BIN)/warbench demo

lint: $(STAMP)
	$(BIN)/ruff check src tests benchmarks

typecheck: $(STAMP)
	$(BIN)/mypy

unit: $(STAMP) compiled browser
	$(BIN)/pytest -q -m "not long"

# Debian's chromium for the Playwright browser tests (Playwright's own download cannot run here).
browser:
	@command -v chromium >/dev/null || (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium) || echo "chromium could not be installed: the browser tests will be skipped"

test: lint typecheck unit

long: $(STAMP) compiled
	$(BIN)/pytest -q -m long

# The bad-input corpus of tests/fuzz, thrown 20 times harder: more decision points per game,
# and 2,000 hypothesis examples per property (about 10-20 minutes).
fuzz: $(STAMP) compiled
	HYPOTHESIS_PROFILE=fuzz WARBENCH_FUZZ_SCALE=20 $(BIN)/pytest -q tests/fuzz

bench: $(STAMP) compiled
	$(BIN)/python benchmarks/engine.py

clean:
	rm -rf $(VENV) build build-compiled.log src/*.egg-info

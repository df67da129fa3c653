# Quick start: `make demo` and `make test` work on a fresh machine with python3 and make.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
EXAMPLE := src/tiebreaks/examples/held-swiss-16.trf

.PHONY: demo test lint typecheck unit fuzz bench clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

# editable: the command always runs the checkout's code, and a later `make test` never tests
# a stale installed copy
$(VENV)/.installed: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e .
	touch $@

$(VENV)/.dev-installed: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $@

demo: $(VENV)/.installed
	$(BIN)/tiebreaks standings $(EXAMPLE)

test: $(VENV)/.dev-installed lint typecheck unit fuzz

lint: $(VENV)/.dev-installed
	$(BIN)/ruff check src tests benchmarks
	$(BIN)/ruff format --check src tests benchmarks
	$(BIN)/lint-imports

typecheck: $(VENV)/.dev-installed
	$(BIN)/mypy --strict src tests benchmarks

# the tests in parallel, one process per core (pytest-xdist)
unit: $(VENV)/.dev-installed
	$(BIN)/pytest -n auto

# Coverage-guided fuzzing of every reader (fuzz/README.md): FUZZ_SECONDS of fuzzing in all (at
# least 4 s per target), FUZZ_JOBS targets at a time, a fixed seed; fails on any new defect. Each
# target's start-up (instrumenting the imports) and the replay of its seeds come on top: about
# 50 s on 2 cores with the defaults. Long local run, e.g.:
# make fuzz FUZZ_SECONDS=3600 FUZZ_CLASSES=all FUZZ_CORPUS=fuzz/corpus
FUZZ_SECONDS ?= 14
FUZZ_JOBS ?= 2
FUZZ_SEED ?= 1
FUZZ_CLASSES ?= 0
FUZZ_CORPUS ?=
fuzz: $(VENV)/.dev-installed
	$(BIN)/ruff check fuzz
	$(BIN)/ruff format --check fuzz
	$(BIN)/mypy --strict fuzz/*.py
	$(BIN)/python fuzz/run.py --seconds $(FUZZ_SECONDS) --jobs $(FUZZ_JOBS) --seed $(FUZZ_SEED) \
		--classes $(FUZZ_CLASSES) $(if $(FUZZ_CORPUS),--corpus $(FUZZ_CORPUS))

bench: $(VENV)/.dev-installed
	$(BIN)/python -m pip install --quiet '.[bench]'
	$(BIN)/python benchmarks/run_benchmark.py

clean:
	rm -rf $(VENV) build *.egg-info src/*.egg-info .mypy_cache .ruff_cache .pytest_cache

# Quick start: `make demo` and `make test` work on a fresh machine with python3 and make.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
EXAMPLE := src/tiebreaks/examples/held-swiss-16.trf

.PHONY: demo test lint typecheck unit bench clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(VENV)/.installed: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet .
	touch $@

$(VENV)/.dev-installed: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $@

demo: $(VENV)/.installed
	$(BIN)/python -m pip install --quiet --no-deps --force-reinstall . >/dev/null
	$(BIN)/tiebreaks standings $(EXAMPLE)

test: $(VENV)/.dev-installed lint typecheck unit

lint: $(VENV)/.dev-installed
	$(BIN)/ruff check src tests benchmarks
	$(BIN)/ruff format --check src tests benchmarks

typecheck: $(VENV)/.dev-installed
	$(BIN)/mypy --strict src tests benchmarks

unit: $(VENV)/.dev-installed
	$(BIN)/pytest

bench: $(VENV)/.dev-installed
	$(BIN)/python -m pip install --quiet '.[bench]'
	$(BIN)/python benchmarks/run_benchmark.py

clean:
	rm -rf $(VENV) build *.egg-info src/*.egg-info .mypy_cache .ruff_cache .pytest_cache

# Brigade: `make run` serves on SQLite, `make test` lints and tests. Both set everything up.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
PG_URL ?= postgresql://postgres@127.0.0.1:5432/postgres
PYTEST_ARGS ?=

.PHONY: install run test test-pg lint fmt bench bench-quick clean

install: $(VENV)/.installed

$(VENV)/.installed: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e ".[dev]"
	touch $@

run: install
	BRIGADE_DATABASE_URL=$${BRIGADE_DATABASE_URL:-sqlite:///./brigade.db} $(BIN)/brigade serve

lint: install
	$(BIN)/ruff check src tests bench
	$(BIN)/ruff format --check src tests bench
	$(BIN)/mypy

fmt: install
	$(BIN)/ruff format src tests bench
	$(BIN)/ruff check --fix src tests bench

test: install lint
	$(BIN)/python -m pytest -n 2 $(PYTEST_ARGS)

test-pg: install
	$(BIN)/python -m pytest -n 2 --db-url $(PG_URL) $(PYTEST_ARGS)

# The benchmark (bench/README.md): about 15 minutes, writes bench/results.md; needs wrk,
# which it installs from Debian's packages when missing, and PostgreSQL on BENCH_PG_URL.
bench: install
	$(BIN)/python bench/run.py

# A 10-second rush on SQLite: a smoke check that fails on any error, never on speed.
bench-quick: install
	$(BIN)/python bench/run.py --quick

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache .hypothesis brigade.db brigade.db-*

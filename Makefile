# Brigade: `make run` serves on SQLite, `make test` lints and tests. Both set everything up.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
PG_URL ?= postgresql://postgres@127.0.0.1:5432/postgres
PYTEST_ARGS ?=
# Two cores, but the tests wait on servers, browsers and the database: alone, a run with two
# workers kept barely one core busy. Measured quiet (docs/testing.md, issue 52): SQLite 3
# workers in 8 min 20 s, PostgreSQL 4 in 6 min 53 s.
TEST_WORKERS ?= 3
PG_TEST_WORKERS ?= 4
# Python writes its bytecode and pytest its rewritten test modules even where the environment
# says not to (PYTHONDONTWRITEBYTECODE, set in some images): without them every worker and server
# compiled the source again, 13 s of CPU to collect the tests instead of 5.5 (docs/testing.md).
unexport PYTHONDONTWRITEBYTECODE

WEB_BUILT := src/brigade/static/screens/index.html
WEB_SOURCES := $(shell find web/src -type f 2>/dev/null) $(wildcard web/*.html) web/vite.config.ts web/tsconfig.json

.PHONY: install run test vitest test-sqlite test-pg lint lint-python lint-web fmt bench bench-quick bench-budget screens taps soak chaos clean chromium web-schema examples

# The Python package, the screens built from web/ (docs/decisions.md, "The terminal") and the
# browser the screen tests drive.
install: $(VENV)/.installed $(WEB_BUILT) chromium

# Third-party browser code comes only from the npm registry, pinned by package-lock.json; its
# install scripts are not run (swagger-ui-dist's only one reports usage over the network).
web/node_modules/.package-lock.json: web/package.json web/package-lock.json
	cd web && npm ci --ignore-scripts --no-audit --no-fund

$(WEB_BUILT): web/node_modules/.package-lock.json $(WEB_SOURCES)
	cd web && npm run --silent build

# Debian's chromium (Playwright cannot download browsers here): its headless build drives the
# screen tests, the whole browser the benchmarks (tests/browser/conftest.py).
CHROMIUM_PACKAGES := chromium chromium-headless-shell
chromium:
	@if [ -x /usr/bin/chromium ] && [ -x /usr/bin/chromium-headless-shell ]; then :; \
	elif [ "$$(id -u)" != 0 ]; then echo "$(CHROMIUM_PACKAGES) missing and only root can install them: the screen tests will fail"; \
	else apt-get install -y --no-install-recommends $(CHROMIUM_PACKAGES) >/dev/null 2>&1 \
		|| { apt-get update -qq && apt-get install -y --no-install-recommends $(CHROMIUM_PACKAGES); }; fi

$(VENV)/.installed: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e ".[dev]"
	touch $@

# The demo's guests pay with the simulator's test card unless a real provider is set.
run: install
	BRIGADE_DATABASE_URL=$${BRIGADE_DATABASE_URL:-sqlite:///./brigade.db} \
	BRIGADE_GUEST_PAYMENTS_PROVIDER=$${BRIGADE_GUEST_PAYMENTS_PROVIDER:-simulator} $(BIN)/brigade serve

# The Python's checks and the screens' are independent: `make -j2 lint` runs them side by side
# (.ci/run does, with Vitest beside them).
lint: lint-python lint-web

lint-python: install
	$(BIN)/ruff check src tests bench
	$(BIN)/ruff format --check src tests bench
	$(BIN)/mypy
	$(BIN)/lint-imports --no-logo

lint-web: install
	cd web && npm run --silent typecheck
	cd web && npx --no-install eslint src && npx --no-install prettier --check src

# The screens' API types: the app's OpenAPI document into web/openapi.json, then
# web/src/shared/api/schema.ts generated from it (tests/kit/unit/test_client_schema.py fails until
# both are regenerated after a change to the API).
web-schema: install
	$(BIN)/python web/scripts/openapi_json.py > web/openapi.json
	cd web && npm run --silent schema

# The OpenAPI's examples: real answers of the in-process tests, recorded into
# src/brigade/api_examples.json (tests/example_recorder.py), then the screens' API types again.
examples: install
	rm -rf .examples
	BRIGADE_RECORD_EXAMPLES=.examples $(BIN)/python -m pytest -n $(TEST_WORKERS) -q tests/*/api tests/kit/db \
		--ignore=tests/kit/api/test_fuzz_openapi.py
	rm -rf .examples
	$(MAKE) web-schema

fmt: install
	$(BIN)/ruff format src tests bench
	$(BIN)/ruff check --fix src tests bench

# Lint, Vitest and the tests on SQLite; `make test-pg` runs on PostgreSQL what can differ there
# (docs/testing.md: what runs once, and why).
test: lint vitest test-sqlite

vitest: install
	cd web && npx --no-install vitest run

test-sqlite: install
	$(BIN)/python -m pytest -n $(TEST_WORKERS) $(PYTEST_ARGS)

test-pg: install
	$(BIN)/python -m pytest -n $(PG_TEST_WORKERS) --db-url $(PG_URL) $(PYTEST_ARGS)

# The benchmark (bench/README.md): about 17 minutes, writes bench/results.md and ends with the
# performance budget; needs wrk, which it installs from Debian's packages when missing, and
# PostgreSQL on BENCH_PG_URL.
bench: install
	$(BIN)/python bench/run.py

# The performance budget alone (bench/budget.py), 2-4 minutes (the more, the busier the machine):
# each hot route's server CPU a request against bench/budget.json, into its section of
# bench/results.md. It reports and never fails (a shared machine is noisy); UPDATE=1 records
# the figures in bench/budget.json.
bench-budget: install
	$(BIN)/python bench/cpu_per_request.py --budget $(if $(UPDATE),--update-budget)

# The screens' pictures in docs/screens/ (README.md shows them), taken by the screen tests at
# the sizes they check; a plain test run checks the same screens and writes none.
screens: install
	BRIGADE_SCREENSHOTS=1 $(BIN)/python -m pytest -n $(TEST_WORKERS) -q -p no:cacheprovider tests/browser

# A 10-second rush on SQLite: a smoke check that fails on any error, never on speed.
bench-quick: install
	$(BIN)/python bench/run.py --quick

# Taps per common action on the terminal (bench/taps.py), about two minutes: writes
# bench/results-taps.md.
taps: install
	$(BIN)/python bench/taps.py

# The long runs CI bounds (docs/testing.md), about 20 minutes: the API fuzzed with 100 examples
# of each operation on both databases, and over HTTP with 20, refusals included; then the books' state machines (docs/design.md §25),
# new random nights of every action of a check, every invariant checked after each step: 2
# minutes over the order aggregate, 4 over the API on SQLite, 4 on PostgreSQL (PG_URL). Fails
# on the first broken invariant, printing the steps that break it (each becomes a named
# regression test).
soak: install
	BRIGADE_FUZZ_EXAMPLES=100 $(BIN)/python -m pytest -q -p no:cacheprovider tests/kit/api/test_fuzz_openapi.py
	BRIGADE_FUZZ_EXAMPLES=100 $(BIN)/python -m pytest -q -p no:cacheprovider tests/kit/api/test_fuzz_openapi.py --db-url $(PG_URL)
	BRIGADE_FUZZ_EXAMPLES=20 $(BIN)/python -m pytest -q -p no:cacheprovider tests/kit/e2e/test_fuzz_over_http.py
	BRIGADE_SOAK_SECONDS=120 $(BIN)/python -m pytest -q -p no:cacheprovider tests/orders/unit/test_books_over_the_aggregate.py
	BRIGADE_SOAK_SECONDS=240 $(BIN)/python -m pytest -q -p no:cacheprovider tests/orders/api/test_books_over_the_api.py
	BRIGADE_SOAK_SECONDS=240 $(BIN)/python -m pytest -q -p no:cacheprovider tests/orders/api/test_books_over_the_api.py --db-url $(PG_URL)

# The chaos test's long run (bench/chaos.py): 3,000 operations on three terminals in bad
# weather, about 10 minutes; writes bench/results-chaos.md and fails on any loss or double.
chaos: install
	$(BIN)/python bench/chaos.py

clean:
	rm -rf $(VENV) web/node_modules src/brigade/static .pytest_cache .mypy_cache .ruff_cache .import_linter_cache .hypothesis brigade.db brigade.db-*

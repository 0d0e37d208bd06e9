# make run   - set up everything on a fresh machine and serve the demo site at http://127.0.0.1:8000
# make test  - set up the same and run the whole test suite (real Redis, real Celery worker, Chromium)

PYTHON ?= python3
VENV ?= .venv
PY := $(VENV)/bin/python
export VAR_DIR ?= $(CURDIR)/var

# A secret per checkout, made once, unless SECRET_KEY comes from the environment.
# var/ and everything in it (the key, the SQLite database) is readable by its owner only.
SECRET_KEY ?= $(shell umask 077; mkdir -p var && chmod 700 var && (test -s var/secret_key || $(PYTHON) -c 'import secrets; print(secrets.token_urlsafe(50))' > var/secret_key); chmod 600 var/secret_key; cat var/secret_key)
export SECRET_KEY

.PHONY: run test test-suite lint install migrate static demo messages openapi bench fuzz screenshots clean

$(VENV)/.installed: requirements.txt
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -r requirements.txt
	touch $@

install: $(VENV)/.installed

migrate: install
	$(PY) manage.py migrate --noinput -v 0

static: install
	$(PY) manage.py collectstatic --noinput -v 0

demo: migrate
	$(PY) manage.py seed_demo

# runall starts Redis, then creates the demo (if absent), then the worker, beat and web.
run: migrate static
	$(PY) manage.py runall --demo

# The suite (docs/testing.md): lint, then the tests in parallel (pytest-xdist, TEST_WORKERS
# processes, each with its own redis-server on TEST_REDIS_URL's port plus its number, and its own
# var/test/gwN), then the tests marked `alone` (they cannot share the machine) one at a time.
# TEST_MARKS narrows both passes to a marker expression (.ci/run's PostgreSQL pass). A pass that
# selects no test (exit 5: PYTEST_ARGS chose only the other kind) is not a failure. Each pass
# prints its slowest tests (docs/testing.md keeps the figures).
TEST_WORKERS ?= 4
TEST_MARKS ?=
test: lint test-suite

test-suite: install
	@status=0; \
	$(PY) -m pytest -n $(TEST_WORKERS) --dist loadfile --durations=25 -m "not alone$(if $(TEST_MARKS), and ($(TEST_MARKS)))" $(PYTEST_ARGS) \
		|| [ $$? = 5 ] || status=1; \
	$(PY) -m pytest -p no:xdist --durations=10 -m "alone$(if $(TEST_MARKS), and ($(TEST_MARKS)))" $(PYTEST_ARGS) \
		|| [ $$? = 5 ] || status=1; \
	exit $$status

# The layers (import-linter contracts in .importlinter), lint and formatting (ruff.toml), types
# (mypy.ini, with django-stubs).
lint: install
	$(VENV)/bin/lint-imports --no-cache
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/mypy config ops campaign forum delivery seasons orders dashboard record analysis live accounts cities play battles tactics friendly bots room games api bbs screens gamescreens handbook

# The API's OpenAPI schema, as tests/api/test_openapi.py compares it (run after a deliberate change).
openapi: install
	$(PY) manage.py export_openapi_schema --api api.main.api --indent 1 --sorted --output tests/api/openapi.json

messages: install
	$(PY) manage.py makemessages -l zh_Hant --ignore '.venv/*' --ignore 'tests/*'
	$(PY) manage.py compilemessages --ignore '.venv/*'

# Benchmarks print ratios against baselines measured in the same run (see bench/).
bench: migrate static
	$(PY) bench/needs.py
	$(PY) bench/clock.py
	$(PY) bench/games.py
	$(PY) bench/tactics.py
	$(PY) bench/tactics_live.py
	$(PY) bench/bots.py
	$(PY) bench/inputs.py
	$(PY) bench/live.py --games 50 --plies 200
	$(PY) bench/notices.py
	$(PY) bench/push.py
	$(PY) bench/pages.py
	$(PY) bench/room.py
	$(PY) bench/season.py
	$(PY) bench/world.py
	$(PY) bench/big_world.py
	$(PY) bench/flood.py
	$(PY) bench/flood.py --terminal
	$(PY) bench/bbs.py

# The judge's contract fuzzed for FUZZ_SECONDS (default 60), each input in a child process.
fuzz: install
	$(PY) -m tests.games.fuzz --seconds $(or $(FUZZ_SECONDS),60)

# The siege walk's pictures (board, siege, game page, map; 1280 and 390 px; zh-Hant and English)
# written to docs/screenshots/ by its browser test (tests/e2e/test_siege_walk.py); not part of make test.
screenshots: install
	SCREENSHOTS=$(CURDIR)/docs/screenshots $(PY) -m pytest -p no:xdist -q tests/e2e/test_siege_walk.py

clean:
	rm -rf var/staticfiles var/*.log .pytest_cache

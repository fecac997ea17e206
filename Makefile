# ddz — two commands on a fresh machine:  `make app`  and  `make test`  (`make test-all`: CI's;
# `make soak`: the long runs; `make test-pythons`: the engine and the corpus on Python 3.12 and 3.13).
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
# The app's own light venv: the engine and the app extra only (Streamlit, PyYAML).
APP_VENV := .venv-app
APP_STAMP := $(APP_VENV)/.installed
PORT ?= 8501

.PHONY: app test test-light test-browser test-under-load test-all soak test-pythons truth checks bench docs docs-serve conformance report report-check changelog arena mutation mutants-rules fuzz clean

$(STAMP): pyproject.toml
	$(PY) -m venv $(VENV)
	$(BIN)/pip install -q --upgrade pip
	$(BIN)/pip install -q -e '.[dev]'
	$(BIN)/pip install -q --no-deps douzero==1.1.0
	$(BIN)/pip install -q --no-deps open_spiel==2.0.2
	touch $(STAMP)

$(APP_STAMP): pyproject.toml
	$(PY) -m venv $(APP_VENV)
	$(APP_VENV)/bin/pip install -q --upgrade pip
	$(APP_VENV)/bin/pip install -q -e '.[app]'
	touch $(APP_STAMP)

app: $(APP_STAMP)  ## run the Spanish tutorial app (Streamlit) from its own light venv
	$(APP_VENV)/bin/streamlit run tutorial/serve.py --server.port $(PORT) --browser.gatherUsageStats=false

checks: $(STAMP)  ## lint, format, mypy --strict (ddz, the peer adapters, the minimal adapter, benchmarks, the docs hook, the app, truthcheck, tools, the tests), corpus check, docs build
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy ddz conformance/peers conformance/adapters/python benchmarks docs/hooks.py tutorial truthcheck tools tests
	$(BIN)/ddz-conformance check
	NO_MKDOCS_2_WARNING=1 DISABLE_MKDOCS_2_WARNING=true $(BIN)/mkdocs build --strict --quiet --site-dir /tmp/ddz-site
	@! grep -oE 'id="ddz[A-Za-z_.]*\.__[a-z]+__"' /tmp/ddz-site/api/referencia/index.html || \
	  { echo "the API reference lists dunders: mkdocstrings needs filters: [\"!^_\"]"; exit 1; }

# $(call with_checks,COMMAND): the checks (niced, their log in build/checks.log) alongside COMMAND;
# the log prints after COMMAND's, and the target fails if either did.
with_checks = @mkdir -p build; nice -n 10 $(MAKE) --no-print-directory checks > build/checks.log 2>&1 & checks=$$!; \
	$(1); status=$$?; \
	wait $$checks || { echo "the checks failed:"; status=1; }; cat build/checks.log; exit $$status

test: $(STAMP)  ## the quick loop: the checks (alongside, their log after the tests') and every test but the browser and soak ones, the sampling tests on a quarter of their sample
	$(call with_checks,DDZ_QUICK=1 $(BIN)/pytest -n 3 -q -m "not slow and not browser" --durations=20)

# The light loop, in a venv of its own with the `test` extra alone (the engine has no dependencies: the
# corpus's PyYAML and jsonschema, pytest, hypothesis, ruff, mypy): the engine and corpus tests, full
# samples, and lint and types of the engine.
LIGHT := .venv-light
$(LIGHT)/.installed: pyproject.toml
	$(PY) -m venv $(LIGHT)
	$(LIGHT)/bin/pip install -q -e '.[test]'
	touch $(LIGHT)/.installed

test-light: $(LIGHT)/.installed  ## the engine and corpus tests (full samples), ruff and mypy --strict on ddz, from the light .venv-light
	$(LIGHT)/bin/ruff check ddz tests conformance
	$(LIGHT)/bin/mypy ddz
	$(LIGHT)/bin/pytest -n 2 -q --groups engine,conformance -m "not slow" --durations=10

test-browser: $(STAMP)  ## the app in Debian's Chromium (needs /usr/bin/chromium), without the chaos soak
	$(BIN)/pytest -n 3 -q -m "browser and not slow"

# The browser tier on a loaded machine: LOAD busy loops (2 × the cores unless told) run beside it,
# at the tests' own priority. Its waits are bounded by the page's progress (tests/patience.py), so it
# must pass, only slower.
LOAD ?= $(shell echo $$(( 2 * $$(nproc) )))
test-under-load: $(STAMP)  ## the browser tier with LOAD busy loops beside it (2 × the cores by default); must pass
	@pids=""; for i in $$(seq $(LOAD)); do $(BIN)/python -c 'while True: pass' & pids="$$pids $$!"; done; \
	trap 'kill $$pids 2>/dev/null || true' EXIT; echo "$(LOAD) busy loops beside the browser tier"; \
	start=$$(date +%s); $(BIN)/pytest -n 3 -q -m "browser and not slow" --durations=20; status=$$?; \
	echo "test-under-load: $$(( $$(date +%s) - start )) s with $(LOAD) busy loops, exit $$status"; exit $$status

test-all: $(STAMP)  ## what CI runs: the checks (alongside) and every test, full samples, browser ones included, but the soak runs
	$(call with_checks,$(BIN)/pytest -n 4 -q -m "not slow" --durations=20)

soak: $(STAMP)  ## the soak runs (marked slow): the reasons of 120 hands per CPU level (a full run checks the first 40 at Fácil and Normal), 1,000 arena hands, 10,000 random hands, the truth checks' long runs, 20 chaos hands (DDZ_CHAOS_HANDS), Ray
	$(BIN)/pytest -n 2 -q -m slow

# The engine and conformance tiers on more Python versions, each in a light venv of its own (the
# engine has no dependencies: the conformance extra, pytest and pytest-xdist, two processes each, so
# that the run alongside CI's main one ends soon after it). An interpreter is looked for
# as pythonX.Y, then under pyenv's versions; a version that is not on the machine stops the target.
PYTHONS ?= 3.12 3.13
test-pythons:  ## the engine and conformance tests (a tenth of each sample) on Python 3.12 and 3.13
	@set -e; for v in $(PYTHONS); do \
	  py=$$(command -v python$$v 2>/dev/null) && $$py -c 'import sys' 2>/dev/null || \
	    py=$$(ls -d $${PYENV_ROOT:-$$HOME/.pyenv}/versions/$$v.*/bin/python$$v 2>/dev/null | tail -1); \
	  [ -n "$$py" ] || { echo "Python $$v not found"; exit 1; }; \
	  if [ ! -e .venv-$$v/.installed ] || [ pyproject.toml -nt .venv-$$v/.installed ] || \
	     ! .venv-$$v/bin/python -c 'import xdist' 2>/dev/null; then \
	    $$py -m venv .venv-$$v && .venv-$$v/bin/pip install -q -e '.[conformance]' pytest pytest-xdist && touch .venv-$$v/.installed; \
	  fi; \
	done; \
	pids=""; for v in $(PYTHONS); do \
	  DDZ_QUICK=10 .venv-$$v/bin/pytest -n 2 -q --groups engine,conformance -m "not slow" > .venv-$$v/tests.log 2>&1 & \
	  pids="$$pids $$!"; \
	done; \
	status=0; set -- $(PYTHONS); for pid in $$pids; do \
	  if wait $$pid; then echo "Python $$1: $$(tail -1 .venv-$$1/tests.log)"; \
	  else echo "Python $$1 failed:"; tail -40 .venv-$$1/tests.log; status=1; fi; shift; \
	done; exit $$status

TRUTH_HANDS ?= 100
truth: $(STAMP)  ## every sentence the app would show, verified by the engine: annotated hands + TRUTH_HANDS random hands per level
	$(BIN)/python tools/truth_check.py --hands $(TRUTH_HANDS)

bench: $(STAMP)
	$(BIN)/python -m benchmarks.bench

docs-serve: $(STAMP)
	NO_MKDOCS_2_WARNING=1 DISABLE_MKDOCS_2_WARNING=true $(BIN)/mkdocs serve

conformance: $(STAMP)  ## the corpus against ddz over the protocol
	$(BIN)/ddz-conformance run --impl "$(BIN)/python -m ddz.protocol"

report: $(STAMP)  ## run ddz and its six peers: results.json, REPORT.md and the docs compliance pages (ddz/conformance/data/)
	$(BIN)/ddz-conformance report --out ddz/conformance/data/REPORT.md

report-check: $(STAMP)  ## fail when results.json is stale (the corpus changed since the peers ran: `make report`); the tests only warn
	$(BIN)/python -m ddz.conformance.report --check

changelog: $(STAMP)  ## write the corpus line (cases, rules, hash) of CHANGELOG.md's newest section
	$(BIN)/python tools/changelog_corpus.py

arena: $(STAMP)  ## CPU strength: 10,000 deal pairs against random, greedy and RLCard's rule agent
	$(BIN)/python -m benchmarks.arena --a cpu --b random --b greedy --b rlcard --deals 10000 --svg arena.svg

MUTATION_JOBS ?= 2
mutation: $(STAMP)  ## mutation testing of the rules core with mutmut (not in `make test`; long: see README)
	$(BIN)/pip install -q 'mutmut>=3.8,<4'
	DDZ_HYPOTHESIS_PROFILE=mutation nice $(BIN)/mutmut run --max-children $(MUTATION_JOBS)
	$(BIN)/python tools/mutation_recheck.py
	$(BIN)/python tools/mutation_score.py

MUTANT_BUDGET ?= 240
mutants-rules: $(STAMP)  ## one mutant per rule of the index: the fast engine+corpus tests must kill each (not in `make test`)
	$(BIN)/python tools/rule_mutants.py --budget $(MUTANT_BUDGET)

FUZZ_SECONDS ?= 300
fuzz: $(STAMP)  ## coverage-guided fuzzing of parse, the protocol's line handler and replay (atheris)
	$(BIN)/pip install -q 'atheris>=2.3' || echo "atheris does not install here: the hypothesis engine runs instead"
	$(BIN)/python tools/fuzz.py --seconds $(FUZZ_SECONDS)

clean:
	rm -rf $(VENV) $(APP_VENV) $(addprefix .venv-,$(PYTHONS)) site .pytest_cache .mypy_cache .ruff_cache mutants

PYTHON := .venv/bin/python

.PHONY: venv run test check bench axe

# axe-core, the accessibility checker the browser tests run in each page (tests/browser/shell_checks.py):
# from npm, pinned, into node_modules (not in git); without node/npm those checks are skipped with a reason.
AXE_VERSION := 4.12.1

venv: .venv/.installed

.venv/.installed: requirements.txt
	test -x $(PYTHON) || python3 -m venv .venv
	.venv/bin/pip install -q -r requirements.txt
	touch $@

run: venv
	$(PYTHON) manage.py migrate --noinput
	$(PYTHON) manage.py runserver 127.0.0.1:8000

axe:
	@test -f node_modules/axe-core/axe.min.js || ! command -v npm >/dev/null \
		|| npm install --no-save --no-audit --no-fund axe-core@$(AXE_VERSION) >/dev/null \
		|| echo "make: could not install axe-core; the accessibility checks are skipped" >&2

# --dist worksteal: pytest-django runs the tests that commit (browser, sockets, live servers: the slow ones) after
# all the others, so they come last; xdist's default handed them out in fixed chunks and one process could be left
# with the end of the list while the other sat idle. With worksteal an idle process takes half of the other's queue.
test: venv axe
	$(PYTHON) -m pytest -n auto --dist worksteal -q --durations=25

# Static checks (CI runs them after the tests; the rule sets are in pyproject.toml): ruff on everything, mypy
# --strict on the rules engines and the services that play them, the ordinary checks on the rest.
check: venv
	.venv/bin/ruff check .
	.venv/bin/mypy --strict games/rules games/play
	.venv/bin/mypy games accounts arkproject bench

# A quick look, two seconds a game; the figures docs/performance.md quotes are taken with --seconds 10.
bench: venv
	$(PYTHON) manage.py bench_rules --seconds 2

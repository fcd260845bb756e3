PYTHON := .venv/bin/python

.PHONY: venv run test check bench

venv: .venv/.installed

.venv/.installed: requirements.txt
	test -x $(PYTHON) || python3 -m venv .venv
	.venv/bin/pip install -q -r requirements.txt
	touch $@

run: venv
	$(PYTHON) manage.py migrate --noinput
	$(PYTHON) manage.py runserver 127.0.0.1:8000

test: venv
	$(PYTHON) -m pytest -n auto -q

# Static checks (CI runs them after the tests; the rule sets are in pyproject.toml): ruff on everything, mypy
# --strict on the rules engines and the services that play them, the ordinary checks on the rest.
check: venv
	.venv/bin/ruff check .
	.venv/bin/mypy --strict games/rules games/play
	.venv/bin/mypy games accounts arkproject bench

bench: venv
	$(PYTHON) manage.py bench_rules

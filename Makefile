PYTHON := .venv/bin/python

.PHONY: venv run test bench

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

bench: venv
	$(PYTHON) manage.py bench_rules

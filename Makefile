# Rummy Table: `make run` to play locally, `make test` for the whole suite.
.PHONY: run serve test lint check bench browser-deps gettext-deps messages audit

VENV := .venv
PY := $(VENV)/bin/python
# Prefer the Python the project is pinned for; any python3 will do for a first try.
BOOT_PYTHON := $(shell command -v python3.11 2>/dev/null || command -v python3)

# Stamps carry a hash of the requirement files, so editing a pin reinstalls once and
# repeated runs reinstall nothing.
RUN_HASH := $(shell cat requirements.txt | sha256sum | cut -c1-12)
DEV_HASH := $(shell cat requirements.txt requirements-dev.txt | sha256sum | cut -c1-12)
RUN_STAMP := $(VENV)/.installed-run-$(RUN_HASH)
DEV_STAMP := $(VENV)/.installed-dev-$(DEV_HASH)

$(PY):
	$(BOOT_PYTHON) -m venv $(VENV)

$(RUN_STAMP): requirements.txt | $(PY)
	$(PY) -m pip install --disable-pip-version-check -q -r requirements.txt
	touch $@

$(DEV_STAMP): requirements.txt requirements-dev.txt | $(PY)
	$(PY) -m pip install --disable-pip-version-check -q -r requirements-dev.txt
	touch $@ $(RUN_STAMP)

# Where `make run` and `make serve` listen. HOST=0.0.0.0 lets phones on the same network join.
HOST ?= 127.0.0.1
PORT ?= 8000

# Development: DEBUG on (the app is in production mode unless told otherwise), served by
# gunicorn as in production (so a game night of 50 phones holds: runserver's small listen
# backlog reset connections), restarting its workers when the code changes (--reload).
run: $(RUN_STAMP)
	DEBUG=1 $(PY) manage.py migrate --noinput
	@DEBUG=1 $(PY) -m scorekeeper.netaddr $(HOST) $(PORT)
	DEBUG=1 HOST=$(HOST) PORT=$(PORT) exec $(VENV)/bin/gunicorn -c gunicorn.conf.py --reload

# Production: needs SECRET_KEY (and the rest of docs/deploying.md) in the environment.
serve: $(RUN_STAMP)
	$(PY) manage.py migrate --noinput
	$(PY) manage.py collectstatic --noinput -v 0
	HOST=$(HOST) PORT=$(PORT) exec $(VENV)/bin/gunicorn -c gunicorn.conf.py

# Browser tests drive Debian's Chromium (Playwright cannot download its own browser here).
# Without root we only warn: the browser tests then fail loudly instead of being skipped.
browser-deps:
	@command -v chromium >/dev/null 2>&1 || { \
	  if [ "$$(id -u)" = 0 ]; then \
	    (apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y chromium) \
	      || echo "note: could not install chromium; browser tests will fail."; \
	  else \
	    echo "note: chromium is missing and this is not root; run 'apt-get install chromium'" \
	         "as root, or browser tests will fail."; \
	  fi; \
	}
	@# Korean pages need a Hangul font, or the screenshots show empty boxes.
	@fc-list :lang=ko 2>/dev/null | grep -q . || { \
	  if [ "$$(id -u)" = 0 ]; then \
	    (DEBIAN_FRONTEND=noninteractive apt-get install -y fonts-nanum \
	      || (apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y fonts-nanum)) \
	      || echo "note: could not install fonts-nanum; Korean screenshots show boxes."; \
	  else \
	    echo "note: no Korean font; run 'apt-get install fonts-nanum' as root."; \
	  fi; \
	}

# The catalogue tests and `make messages` run GNU gettext (xgettext, msgmerge, msgfmt).
gettext-deps:
	@command -v xgettext >/dev/null 2>&1 || { \
	  if [ "$$(id -u)" = 0 ]; then \
	    (apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y gettext) \
	      || echo "note: could not install gettext; the catalogue tests will fail."; \
	  else \
	    echo "note: gettext is missing and this is not root; run 'apt-get install gettext'" \
	         "as root, or the catalogue tests will fail."; \
	  fi; \
	}

# Rebuild the translation catalogues (see docs/languages.md): extract every string of
# the pages, the apps and the engine (N_/NP_) into locale/<lang>/LC_MESSAGES/django.po for each
# language of settings.LANGUAGES (msgmerge keeps what is translated; entries no longer used stay
# as obsolete "#~" entries and come back by themselves if their string returns), then, with
# TRANSLATIONS=DIR, fill untranslated or fuzzy entries from DIR/<lang>.po, then compile the
# .mo files (committed, so a fresh clone needs no gettext). The catalogues are written in one
# canonical form (see the makemessages command): on a clean checkout this changes nothing.
#     make messages                                  # after changing or adding strings
#     make messages TRANSLATIONS=/path/to/translated # take in translators' <lang>.po files
MESSAGE_LOCALES = $(shell DEBUG=1 $(PY) -c "from scorekeeper.settings import LANGUAGES as L, \
	LANGUAGE_CODE as C; print(' '.join('-l ' + c for c, _ in L if c != C))")
messages: $(DEV_STAMP) gettext-deps
	DEBUG=1 $(PY) manage.py makemessages $(MESSAGE_LOCALES)
	$(if $(TRANSLATIONS),DEBUG=1 $(PY) manage.py importmessages $(TRANSLATIONS))
	DEBUG=1 $(PY) manage.py compilemessages -i ".venv" -i "staticfiles"

lint: $(DEV_STAMP)
	$(VENV)/bin/ruff check .

# Django's own system checks plus "no model change without a migration".
check: $(DEV_STAMP)
	DEBUG=1 $(PY) manage.py check
	DEBUG=1 $(PY) manage.py makemigrations --check --dry-run

test: $(DEV_STAMP) browser-deps gettext-deps
	$(VENV)/bin/ruff check .
	$(PY) -m pytest -n auto

# Known vulnerabilities in the installed packages (PyPI's advisory data),
# where the network reaches them. --strict: a package the service cannot look up fails the
# audit (behind a mirror without advisories every package is such), rather than passing silently.
audit: $(DEV_STAMP)
	$(VENV)/bin/pip-audit --strict --progress-spinner off --skip-editable \
	  || { echo "pip-audit failed: a vulnerable package above, or the advisory service is out of" \
	            "reach (try again online: make audit)"; exit 1; }

bench: $(DEV_STAMP)
	$(PY) bench/arrange.py

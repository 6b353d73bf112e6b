"""Settings for the test suite: production settings (DEBUG off), minus HTTPS and rate limits.

The suite runs the app as production does, except that the test client speaks plain HTTP
(so no redirect to https) and one client sends far more than a table would (rate limits are
switched on again by the tests that check them). Only defaults: a variable set in the
environment wins.
"""

import os

os.environ.setdefault("SECRET_KEY", "tests-only-" + "k7Qx9-vB2mZp4Lr8Tn6Wd3Hs5Fj1Yc0Ge" * 2)
os.environ.setdefault("HTTPS", "0")
os.environ.setdefault("RATE_LIMITS", "0")
# Errors only: an access line per test request would bury a failure's own output.
os.environ.setdefault("LOG_LEVEL", "WARNING")

from scorekeeper.settings import *  # noqa: E402, F403

# The plain static storage for the whole test process, not only inside each test (conftest's
# fixture does that too): a live server's thread, or the moment between two tests' settings,
# must never meet the manifest storage that only `collectstatic` (make serve, the production
# smoke test's own server) fills.
STORAGES = {  # noqa: F405
    **STORAGES,  # noqa: F405
    "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
}

# The test database on SQLite is a file, never Django's in-memory default: an in-memory database
# is one connection that Django hands to every thread of a live server (pytest-django's
# live_server), so two requests at once (a double tap) step on each other's statements ("cannot
# open savepoint - SQL statements in progress", answered 503). With a file each thread has its
# own connection and the database's own locking, as in production. It lives in /dev/shm (memory,
# so as fast as before) where the machine has one; the process id keeps two runs (two clones,
# two xdist workers, which pytest-django also suffixes) apart, and Django deletes it at the end.
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":  # noqa: F405
    import tempfile
    from pathlib import Path

    _where = Path("/dev/shm") if os.access("/dev/shm", os.W_OK) else Path(tempfile.gettempdir())
    DATABASES["default"]["TEST"] = {  # noqa: F405
        "NAME": str(_where / f"rummytable-test-{os.getpid()}.sqlite3"),
        **DATABASES["default"].get("TEST", {}),  # noqa: F405
    }

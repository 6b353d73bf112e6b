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

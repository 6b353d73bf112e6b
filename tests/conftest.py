import os

import pytest
from django.utils import translation
from hypothesis import settings as hypothesis_settings

# On a developer's machine property and fuzz tests draw new examples every run, so they keep
# finding things; in CI (CI=true) the same examples every run, so a landing never hangs on luck.
hypothesis_settings.register_profile("ci", derandomize=True)
if os.environ.get("CI"):
    hypothesis_settings.load_profile("ci")


@pytest.fixture(autouse=True)
def _plain_static_storage(settings):
    # With DEBUG off, settings pick WhiteNoise's manifest storage, which needs collectstatic;
    # tests should pass with DEBUG either way and never depend on a collected STATIC_ROOT.
    settings.STORAGES = {
        **settings.STORAGES,
        "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
    }


@pytest.fixture(autouse=True)
def _english_unless_a_test_asks():
    # A request activates its language for the thread (LocaleMiddleware) and nothing turns it
    # off afterwards; with real catalogues that would leak Italian or Czech into the next test
    # that renders outside a request. Each test starts, and ends, in the default language.
    translation.deactivate()
    yield
    translation.deactivate()

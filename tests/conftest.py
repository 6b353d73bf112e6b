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


@pytest.fixture(scope="session")
def chromium():
    """One Chromium per test process, for the browser tests and the production smoke test
    alike. Playwright's sync API keeps its event loop running while it is open, so a second
    ``sync_playwright()`` in the same process fails ("Sync API inside the asyncio loop"): a
    test process that ran a browser test and then the smoke test's own Playwright did."""
    from tests.browser.conftest import ARGS, CHROMIUM

    if not CHROMIUM.exists():
        pytest.fail(
            f"Chromium is missing at {CHROMIUM}: run `apt-get install -y chromium` "
            "(`make test` does it through its browser-deps target).",
            pytrace=False,
        )
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=str(CHROMIUM), args=ARGS, headless=True
        )
        yield browser
        browser.close()

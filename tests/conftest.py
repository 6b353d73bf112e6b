import pytest


@pytest.fixture(autouse=True)
def _plain_static_storage(settings):
    # With DEBUG off, settings pick WhiteNoise's manifest storage, which needs collectstatic;
    # tests should pass with DEBUG either way and never depend on a collected STATIC_ROOT.
    settings.STORAGES = {
        **settings.STORAGES,
        "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
    }

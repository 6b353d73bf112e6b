import os
import uuid

import dj_database_url
from django.conf import settings
from django.core.cache import cache


def test_postgres_url_selects_postgres_engine():
    config = dj_database_url.parse("postgres://postgres@127.0.0.1:5432/rummytable")
    assert config["ENGINE"] == "django.db.backends.postgresql"
    assert config["NAME"] == "rummytable"
    assert config["HOST"] == "127.0.0.1"
    assert config["PORT"] == 5432
    assert config["USER"] == "postgres"


def test_sqlite_default_points_into_the_project():
    config = dj_database_url.parse(f"sqlite:///{settings.BASE_DIR / 'db.sqlite3'}")
    assert config["ENGINE"] == "django.db.backends.sqlite3"
    assert config["NAME"] == str(settings.BASE_DIR / "db.sqlite3")


def test_database_engine_follows_environment():
    # Whatever this run uses (SQLite locally, PostgreSQL in the second CI pass) must match
    # DATABASE_URL, so a typo there can't silently fall back to SQLite.
    url = os.environ.get("DATABASE_URL")
    expected = dj_database_url.parse(url)["ENGINE"] if url else "django.db.backends.sqlite3"
    assert settings.DATABASES["default"]["ENGINE"] == expected


def test_cache_backend_follows_environment():
    backend = settings.CACHES["default"]["BACKEND"]
    if os.environ.get("REDIS_URL"):
        assert backend == "django.core.cache.backends.redis.RedisCache"
    else:
        assert backend == "django.core.cache.backends.locmem.LocMemCache"


def test_cache_round_trip():
    # Talks to the real Redis in the REDIS_URL pass of CI.
    key = f"settings-test-{uuid.uuid4()}"
    cache.set(key, {"score": 42}, timeout=30)
    assert cache.get(key) == {"score": 42}
    cache.delete(key)


def test_all_eight_languages_are_offered():
    assert [code for code, _ in settings.LANGUAGES] == [
        "en", "it", "ro", "ko", "nb", "cs", "vi", "de"
    ]

import os
import subprocess
import sys
import uuid

import dj_database_url
import pytest
from django.conf import settings
from django.core.cache import cache

from scorekeeper.netaddr import lan_hosts


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


# -- production settings, checked in a fresh process (settings are read once, at startup) ------

MANAGE = str(settings.BASE_DIR / "manage.py")
STRONG_KEY = "k" + "Zq8vN3xL5pR7tW2yB4mC6dF9hJ1gS0aE" * 2
# What docs/deploying.md documents for production (plus a database that exists here).
PRODUCTION_ENV = {
    "SECRET_KEY": STRONG_KEY,
    "ALLOWED_HOSTS": "cards.example.org",
    "CSRF_TRUSTED_ORIGINS": "https://cards.example.org",
    "TRUST_PROXY": "1",
}


def manage(*args: str, **env: str) -> subprocess.CompletedProcess:
    """Run manage.py in a clean environment: only PATH, the database, and ``env``."""
    base = {
        key: os.environ[key]
        for key in ("PATH", "HOME", "DATABASE_URL", "REDIS_URL")
        if key in os.environ
    }
    base["DJANGO_SETTINGS_MODULE"] = "scorekeeper.settings"
    return subprocess.run(
        [sys.executable, MANAGE, *args],
        env={**base, **env},
        capture_output=True,
        text=True,
        timeout=60,
        cwd=settings.BASE_DIR,
    )


def shell(code: str, **env: str) -> str:
    """What ``code`` prints in ``manage.py shell`` (its last line)."""
    done = manage("shell", "--no-imports", "-c", code, **env)
    assert done.returncode == 0, done.stderr
    return done.stdout.strip().splitlines()[-1]


@pytest.mark.parametrize(
    "key, says",
    [
        (None, "SECRET_KEY is not set"),
        ("", "SECRET_KEY is not set"),
        ("short-key", "too short"),
        ("a" * 80, "too short or too simple"),
        ("dev-only-insecure-key-never-use-in-production", "development key"),
    ],
)
def test_production_refuses_to_start_without_a_strong_secret_key(key, says):
    env = {} if key is None else {"SECRET_KEY": key}
    done = manage("check", **env)
    assert done.returncode != 0
    assert says in done.stderr
    assert "DEBUG=1" in done.stderr  # the message says how to run for development


def test_debug_is_off_unless_asked_for():
    code = "from django.conf import settings; print(settings.DEBUG)"
    assert shell(code, SECRET_KEY=STRONG_KEY) == "False"
    assert shell(code, DEBUG="1") == "True"


def test_check_deploy_passes_with_the_documented_production_environment():
    done = manage("check", "--deploy", "--fail-level", "WARNING", **PRODUCTION_ENV)
    assert done.returncode == 0, done.stdout + done.stderr
    code = (
        "from django.conf import settings as s; "
        "print(s.SECURE_SSL_REDIRECT, s.SESSION_COOKIE_SECURE, s.CSRF_COOKIE_SECURE, "
        "s.SECURE_HSTS_SECONDS, s.SECURE_PROXY_SSL_HEADER, s.CSRF_TRUSTED_ORIGINS)"
    )
    assert shell(code, **PRODUCTION_ENV) == (
        "True True True 31536000 ('HTTP_X_FORWARDED_PROTO', 'https') "
        "['https://cards.example.org']"
    )


def test_development_accepts_this_machines_lan_addresses_and_production_does_not():
    code = "from django.conf import settings; print(' '.join(settings.ALLOWED_HOSTS))"
    lan = lan_hosts()
    dev = shell(code, DEBUG="1").split()
    prod = shell(code, SECRET_KEY=STRONG_KEY).split()
    assert set(lan) <= set(dev)
    assert not set(lan) & set(prod)
    assert prod == ["127.0.0.1", "localhost", "testserver"]


def test_sqlite_waits_for_the_write_lock_instead_of_failing():
    database = settings.DATABASES["default"]
    if database["ENGINE"] != "django.db.backends.sqlite3":
        assert database["CONN_MAX_AGE"] > 0 and database["CONN_HEALTH_CHECKS"]
        return
    options = database["OPTIONS"]
    assert options["transaction_mode"] == "IMMEDIATE"
    assert "journal_mode=WAL" in options["init_command"]
    assert options["timeout"] >= 10


def test_the_language_cookie_is_secure_and_same_site_under_https():
    code = (
        "from django.conf import settings as s; "
        "print(s.LANGUAGE_COOKIE_SECURE, s.LANGUAGE_COOKIE_SAMESITE)"
    )
    assert shell(code, **PRODUCTION_ENV) == "True Lax"


@pytest.mark.django_db
def test_the_language_menu_sets_a_same_site_cookie(client):
    answer = client.post("/i18n/setlang/", {"language": "de", "next": "/"})
    cookie = answer.cookies[settings.LANGUAGE_COOKIE_NAME]
    assert cookie.value == "de"
    assert cookie["samesite"] == "Lax"

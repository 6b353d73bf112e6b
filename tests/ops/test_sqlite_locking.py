"""SQLite as configured (settings.SQLITE_OPTIONS) lets concurrent writers queue.

Two transactions that each read, then write (a page post: load the game, record the hand,
save the session) at the same moment: with SQLite's default deferred transactions the second
one's write cannot upgrade its lock and fails at once with "database is locked", whatever the
timeout; with BEGIN IMMEDIATE it waits its turn and both succeed. Runs in both CI passes: it
builds its own SQLite connections on a temporary file.
"""

import threading
import time

import pytest
from django.conf import settings
from django.db import OperationalError
from django.db.backends.sqlite3.base import DatabaseWrapper


@pytest.fixture(autouse=True)
def _own_connections(django_db_blocker):
    # Connections of this test's own, to its own files: not the test database.
    with django_db_blocker.unblock():
        yield


def connect(path, options):
    return DatabaseWrapper(
        {
            "ENGINE": "django.db.backends.sqlite3",
            "NAME": str(path),
            "OPTIONS": options,
            "TIME_ZONE": None,
            "CONN_MAX_AGE": 0,
            "CONN_HEALTH_CHECKS": False,
            "AUTOCOMMIT": True,
            "ATOMIC_REQUESTS": False,
            "TEST": {},
            "USER": "",
            "PASSWORD": "",
            "HOST": "",
            "PORT": "",
        },
        alias=f"locking-{id(options)}-{time.monotonic_ns()}",
    )


def race(path, options) -> list[str]:
    """Two read-then-write transactions at once; what each ended with.

    Ordered by events, not by time: the first reads, then the second starts; the first writes
    only once the second has read too, or, where a transaction takes the write lock as it
    begins (BEGIN IMMEDIATE), once the second is about to begin (it then waits for the first:
    that queue is what is checked)."""
    setup = connect(path, options)
    with setup.cursor() as cursor:
        cursor.execute("CREATE TABLE IF NOT EXISTS hand (n INTEGER)")
    setup.close()
    immediate = options.get("transaction_mode") == "IMMEDIATE"
    first_read, second_ready = threading.Event(), threading.Event()
    outcome: list[str] = []

    def writer(first: bool):
        conn = connect(path, options)
        try:
            conn.ensure_connection()
            if not first:
                assert first_read.wait(timeout=30)
                if immediate:
                    second_ready.set()
            # What transaction.atomic() sends: BEGIN, or BEGIN IMMEDIATE per the options.
            conn._start_transaction_under_autocommit()
            with conn.cursor() as cursor:
                cursor.execute("SELECT count(*) FROM hand")
                if first:
                    first_read.set()
                    assert second_ready.wait(timeout=30)
                else:
                    second_ready.set()
                cursor.execute("INSERT INTO hand VALUES (1)")
                cursor.execute("COMMIT")
            outcome.append("saved")
        except OperationalError as error:
            outcome.append(str(error))
        finally:
            conn.close()

    threads = [threading.Thread(target=writer, args=(first,)) for first in (True, False)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    return sorted(outcome)


def test_configured_sqlite_queues_two_writers(tmp_path):
    assert race(tmp_path / "night.sqlite3", settings.SQLITE_OPTIONS) == ["saved", "saved"]


def test_sqlite_defaults_lose_one_of_them(tmp_path):
    # The configuration this replaced: what 20 of 250 concurrent page posts met as a 400.
    outcome = race(tmp_path / "night.sqlite3", {"timeout": 5})
    assert outcome[0] == "database is locked" and outcome[1] == "saved"


@pytest.mark.parametrize("pragma, value", [("journal_mode", "wal"), ("busy_timeout", 20000)])
def test_configured_pragmas(tmp_path, pragma, value):
    conn = connect(tmp_path / "p.sqlite3", settings.SQLITE_OPTIONS)
    with conn.cursor() as cursor:
        cursor.execute(f"PRAGMA {pragma}")
        assert cursor.fetchone()[0] == value
    conn.close()

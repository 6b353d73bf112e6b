"""bench/servers.py for the tests that start real servers (gunicorn on 127.0.0.1, a fresh
database each): loaded here once, as bench/ is no package, and the one way those tests make
their database (a SQLite file, or a PostgreSQL database of its own when DATABASE_URL says
so)."""

from __future__ import annotations

import importlib.util
import os
import secrets
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

SERVERS = Path(__file__).resolve().parents[1] / "bench" / "servers.py"
spec = importlib.util.spec_from_file_location("bench_servers", SERVERS)
servers = importlib.util.module_from_spec(spec)
sys.modules[spec.name] = servers
spec.loader.exec_module(servers)


@contextmanager
def fresh_database(tmp_path_factory, prefix: str) -> Iterator[str]:
    """A migrated, empty database of the kind the suite runs on; its URL."""
    url = os.environ.get("DATABASE_URL", "")
    kind = url if url.startswith("postgres") else "sqlite"
    name = f"{prefix}_{os.getpid()}_{secrets.token_hex(3)}"
    with servers.fresh_database(kind, tmp_path_factory.mktemp("db"), name) as database_url:
        yield database_url

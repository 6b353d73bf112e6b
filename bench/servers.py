"""Real servers on 127.0.0.1 for the load benchmark and the multi-server tests.

A fresh database per run (a SQLite file, or a PostgreSQL database of its own), migrated once,
and gunicorn (or runserver) processes in production mode on free loopback ports. Everything is
stopped by its own process id. Nothing here talks to any address but 127.0.0.1.
"""

from __future__ import annotations

import atexit
import http.client
import json
import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.parse
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PYTHON = sys.executable
GUNICORN = str(Path(PYTHON).with_name("gunicorn"))
LOOPBACK = "127.0.0.1"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind((LOOPBACK, 0))
        return probe.getsockname()[1]


def base_env(database_url: str, **extra: str) -> dict[str, str]:
    """Production settings on plain HTTP: DEBUG off, a random strong key, no TLS redirect."""
    env = {k: v for k, v in os.environ.items() if k in ("PATH", "HOME", "LANG", "REDIS_URL")}
    env.update(
        DJANGO_SETTINGS_MODULE="scorekeeper.settings",
        DATABASE_URL=database_url,
        SECRET_KEY=secrets.token_urlsafe(50),
        HTTPS="0",
        LOG_LEVEL="WARNING",  # no access log lines: they would only slow the run down
        PYTHONUNBUFFERED="1",
    )
    env.update(extra)
    return env


def manage(env: dict[str, str], *args: str, timeout: float = 180) -> None:
    subprocess.run(
        [PYTHON, str(ROOT / "manage.py"), *args], env=env, cwd=ROOT, check=True,
        timeout=timeout, stdout=subprocess.DEVNULL,
    )


_TEMPLATE: list[Path] = []  # this process's migrated, empty SQLite file, once it has one


def _migrated_sqlite(path: Path) -> None:
    """A migrated, empty SQLite database at ``path``: migrated once per process (a `manage.py
    migrate` costs seconds), then copied. The migrate process has closed the file, so it holds
    everything (no write-ahead log beside it)."""
    if _TEMPLATE and _TEMPLATE[0].exists():
        shutil.copyfile(_TEMPLATE[0], path)
        return
    manage(base_env(f"sqlite:///{path}"), "migrate", "--noinput")
    keep = Path(tempfile.mkdtemp(prefix="rummytable-migrated-")) / "empty.sqlite3"
    shutil.copyfile(path, keep)
    atexit.register(shutil.rmtree, keep.parent, True)
    _TEMPLATE[:] = [keep]


@contextmanager
def fresh_database(kind: str, tmp: Path, name: str) -> Iterator[str]:
    """A migrated, empty database: ``kind`` is "sqlite" or a postgres:// URL's server part."""
    if kind == "sqlite":
        path = tmp / (name + ".sqlite3")
        _migrated_sqlite(path)
        yield f"sqlite:///{path}"
        return
    import psycopg

    admin = urllib.parse.urlsplit(kind)
    admin_url = admin._replace(path="/postgres").geturl()
    url = admin._replace(path=f"/{name}").geturl()
    with psycopg.connect(admin_url, autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        conn.execute(f'CREATE DATABASE "{name}"')
    try:
        manage(base_env(url), "migrate", "--noinput")
        yield url
    finally:
        with psycopg.connect(admin_url, autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


class Server:
    """One server process on 127.0.0.1:port; stop() ends it (and its workers) by pid."""

    def __init__(self, args: list[str], env: dict[str, str], port: int, log: Path):
        self.port = port
        self.log = log
        self._log_file = open(log, "wb")  # noqa: SIM115 - closed in stop()
        self.process = subprocess.Popen(
            args, env=env, cwd=ROOT, stdout=self._log_file, stderr=subprocess.STDOUT,
            start_new_session=True,
        )

    def wait_ready(self, timeout: float = 60) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"server exited: {self.log.read_text()[-2000:]}")
            try:
                status, _, _ = request(self.port, "GET", "/api/v1/health", timeout=2)
                if status == 200:
                    return
            except OSError:
                pass
            time.sleep(0.2)
        raise RuntimeError(f"server not ready in {timeout}s: {self.log.read_text()[-2000:]}")

    def stop(self) -> None:
        if self.process.poll() is None:
            # Its own session (start_new_session): the master and its workers, nothing else.
            os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait(timeout=5)
        self._log_file.close()


def gunicorn(env: dict[str, str], log: Path, workers: int = 2) -> Server:
    port = free_port()
    env = {**env, "WEB_CONCURRENCY": str(workers), "GUNICORN_BIND": f"{LOOPBACK}:{port}"}
    return Server([GUNICORN, "-c", str(ROOT / "gunicorn.conf.py")], env, port, log)


def runserver(env: dict[str, str], log: Path) -> Server:
    """Django's threaded development server, DEBUG on (what `make run` started before)."""
    port = free_port()
    args = [PYTHON, str(ROOT / "manage.py"), "runserver", "--noreload", f"{LOOPBACK}:{port}"]
    return Server(args, {**env, "DEBUG": "1"}, port, log)


def make_run(env: dict[str, str], log: Path) -> Server:
    """What `make run` starts: gunicorn with gunicorn.conf.py and --reload, DEBUG on."""
    port = free_port()
    env = {**env, "DEBUG": "1", "HOST": LOOPBACK, "PORT": str(port)}
    env.pop("GUNICORN_BIND", None)
    env.pop("WEB_CONCURRENCY", None)
    return Server([GUNICORN, "-c", str(ROOT / "gunicorn.conf.py"), "--reload"], env, port, log)


def request(
    port: int,
    method: str,
    path: str,
    body: object | None = None,
    headers: dict[str, str] | None = None,
    timeout: float = 30,
) -> tuple[int, dict[str, str], bytes]:
    """One HTTP request to 127.0.0.1:port; a dict body is sent as JSON."""
    conn = http.client.HTTPConnection(LOOPBACK, port, timeout=timeout)
    try:
        sent_headers = dict(headers or {})
        data = None
        if isinstance(body, dict):
            data = json.dumps(body).encode()
            sent_headers.setdefault("Content-Type", "application/json")
        elif isinstance(body, (bytes, str)):
            data = body.encode() if isinstance(body, str) else body
        conn.request(method, path, body=data, headers=sent_headers)
        response = conn.getresponse()
        return response.status, {k.lower(): v for k, v in response.getheaders()}, response.read()
    finally:
        conn.close()


class StreamCrowd:
    """``count`` open event streams (``GET /api/v1/games/{id}/events``) spread over ``game_ids``,
    held by one thread that reads and counts what arrives: phones watching their tables while
    a benchmark runs. ``close()`` ends them all."""

    def __init__(self, port: int, game_ids: list[str], count: int):
        import selectors
        import threading

        self.selector = selectors.DefaultSelector()
        self.sockets: list[socket.socket] = []
        self.events = 0
        self.bytes = 0
        self.refused = 0
        self._stop = threading.Event()
        for n in range(count):
            sock = socket.create_connection((LOOPBACK, port), timeout=10)
            game = game_ids[n % len(game_ids)]
            sock.sendall(
                f"GET /api/v1/games/{game}/events HTTP/1.1\r\nHost: {LOOPBACK}\r\n"
                "Accept: text/event-stream\r\n\r\n".encode()
            )
            sock.setblocking(False)
            self.selector.register(sock, selectors.EVENT_READ)
            self.sockets.append(sock)
        self.thread = threading.Thread(target=self._read, daemon=True)
        self.thread.start()

    def _read(self) -> None:
        while not self._stop.is_set():
            for key, _ in self.selector.select(timeout=0.5):
                try:
                    data = key.fileobj.recv(65536)
                except (BlockingIOError, InterruptedError):
                    continue
                except OSError:
                    data = b""
                if not data:
                    self.selector.unregister(key.fileobj)
                    self.refused += 1
                    continue
                self.bytes += len(data)
                self.events += data.count(b"event: state")

    def open(self) -> int:
        return len(self.sockets) - self.refused

    def close(self) -> None:
        self._stop.set()
        self.thread.join(timeout=5)
        for sock in self.sockets:
            try:
                sock.close()
            except OSError:
                pass
        self.selector.close()

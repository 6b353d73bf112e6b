"""Fault cases against a production-mode gunicorn on 127.0.0.1 (README "Deploying").

    .venv/bin/python bench/faults.py          # PostgreSQL at 127.0.0.1:5432 and Redis at :6379

The app reaches PostgreSQL and Redis through small TCP relays on 127.0.0.1 that this script
controls, so a database can be made to *hang* (connections accepted, never answered: what a
stalled server or a dropped network looks like to a client) or to *refuse* connections, and
put back, without touching the real servers. Cases, each timed from the client:

- hung database: health, a read and a hand post answer 503 (JSON) within 5 s, then recover;
- refused database: the same;
- a held lock (a table locked by another session): a hand post answers 503 once
  DB_STATEMENT_TIMEOUT passes, and is recorded once the lock goes;
- Redis down (refused, then hung): pages and writes keep working (rate limits fail open);
- kill -9 of a worker while phones post hands with request_ids and retry: no hand lost or doubled.

Bounded: every wait has a deadline, every process started here is stopped by its pid.
"""

from __future__ import annotations

import argparse
import json
import os
import secrets
import signal
import socket
import sys
import tempfile
import threading
import time
import urllib.parse
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import servers  # noqa: E402

PG = os.environ.get("FAULTS_PG", "postgres://postgres@127.0.0.1:5432/postgres")
REDIS = ("127.0.0.1", 6379)


class Relay:
    """A TCP relay on 127.0.0.1: ``forward`` (to the real server), ``hang`` or ``refuse``."""

    def __init__(self, upstream: tuple[str, int]):
        self.upstream = upstream
        self.mode = "forward"
        self.port = servers.free_port()
        self._sockets: list[socket.socket] = []
        self._listener: socket.socket | None = None
        self._lock = threading.Lock()
        self._listen()

    def _listen(self) -> None:
        listener = socket.socket()
        listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        listener.bind((servers.LOOPBACK, self.port))
        listener.listen(64)
        self._listener = listener
        threading.Thread(target=self._accept, args=(listener,), daemon=True).start()

    def _accept(self, listener: socket.socket) -> None:
        while True:
            try:
                client, _ = listener.accept()
            except OSError:
                return
            with self._lock:
                self._sockets.append(client)
            if self.mode == "forward":
                try:
                    server = socket.create_connection(self.upstream, timeout=5)
                    server.settimeout(None)
                except OSError:
                    client.close()
                    continue
                with self._lock:
                    self._sockets.append(server)
                for a, b in ((client, server), (server, client)):
                    threading.Thread(target=self._pump, args=(a, b), daemon=True).start()
            # hang: keep the socket open and never answer

    def _pump(self, source: socket.socket, target: socket.socket) -> None:
        try:
            while True:
                data = source.recv(65536)
                if not data:
                    break
                while self.mode == "hang":  # a stalled server: bytes stop moving both ways
                    time.sleep(0.05)
                target.sendall(data)
        except OSError:
            pass
        finally:
            for sock in (source, target):
                try:
                    sock.close()
                except OSError:
                    pass

    def _drop_all(self) -> None:
        with self._lock:
            for sock in self._sockets:
                try:
                    sock.close()
                except OSError:
                    pass
            self._sockets.clear()

    def hang(self) -> None:
        self.mode = "hang"

    def refuse(self) -> None:
        self.mode = "refuse"
        self._stop_listening()
        self._drop_all()

    def forward(self) -> None:
        if self.mode == "hang":
            self._drop_all()  # what a restarted server does to old connections
        self.mode = "forward"
        if self._listener is None:
            self._listen()

    def _stop_listening(self) -> None:
        if self._listener is not None:
            try:
                self._listener.shutdown(socket.SHUT_RDWR)  # wakes the accepting thread
            except OSError:
                pass
            self._listener.close()
            self._listener = None

    def close(self) -> None:
        self._stop_listening()
        self._drop_all()


def timed(port: int, method: str, path: str, body=None, headers=None, timeout: float = 30):
    start = time.monotonic()
    try:
        status, answer, content = servers.request(port, method, path, body, headers, timeout)
        kind = answer.get("content-type", "")
        json_ok = kind.startswith("application/json")
        if json_ok:
            json.loads(content)
    except OSError as err:
        status, json_ok = type(err).__name__, False
    return status, json_ok, time.monotonic() - start


def wait_healthy(port: int, deadline: float = 30) -> float:
    start = time.monotonic()
    while time.monotonic() - start < deadline:
        status, _, _ = timed(port, "GET", "/api/v1/health", timeout=10)
        if status == 200:
            return time.monotonic() - start
        time.sleep(0.1)
    raise RuntimeError("the app did not recover")


def run(args) -> list[dict]:
    rows: list[dict] = []
    admin = urllib.parse.urlsplit(PG)
    pg_relay = Relay((admin.hostname or "127.0.0.1", admin.port or 5432))
    redis_relay = Relay(REDIS)
    name = f"rt_faults_{os.getpid()}_{secrets.token_hex(3)}"
    tmp = Path(tempfile.mkdtemp(prefix="rt-faults-"))
    try:
        with servers.fresh_database(PG, tmp, name) as direct_url:
            url = urllib.parse.urlsplit(direct_url)._replace(
                netloc=f"postgres@127.0.0.1:{pg_relay.port}"
            ).geturl()
            env = servers.base_env(
                url,
                REDIS_URL=f"redis://127.0.0.1:{redis_relay.port}/{args.redis_db}",
                CACHE_KEY_PREFIX=f"rt-faults-{secrets.token_hex(4)}",
                CONN_MAX_AGE="600",
                RATE_LIMITS="0",
                DB_STATEMENT_TIMEOUT="3000",
            )
            env["STATIC_ROOT"] = str(tmp / "static")
            servers.manage(env, "collectstatic", "--noinput", "-v", "0")
            server = servers.gunicorn(env, tmp / "gunicorn.log", workers=2)
            try:
                server.wait_ready()
                rows += cases(server, pg_relay, redis_relay, direct_url, kill_worker=getattr(args, "kill_worker", True))
            finally:
                server.stop()
    finally:
        pg_relay.close()
        redis_relay.close()
    return rows


def new_game(port: int) -> tuple[str, dict]:
    status, _, body = servers.request(
        port, "POST", "/api/v1/games",
        {"variant": "standard-rummy", "options": {"target": 100000}, "players": ["Ann", "Bob"]},
    )
    assert status == 201, body
    created = json.loads(body)
    return created["id"], {"Authorization": f"Bearer {created['token']}"}


HAND = {"result": {"out": "Ann", "hands": {"Bob": {"points": 3}}}}


def probe(port: int, game_id: str, auth: dict) -> dict:
    health = timed(port, "GET", "/api/v1/health")
    read = timed(port, "GET", f"/api/v1/games/{game_id}")
    write = timed(port, "POST", f"/api/v1/games/{game_id}/hands", HAND, auth)
    return {"health": health, "read": read, "write": write}


def cases(
    server, pg_relay: Relay, redis_relay: Relay, direct_url: str, *, kill_worker: bool = True
) -> list[dict]:
    port = server.port
    game_id, auth = new_game(port)
    rows = []
    for case, fault in (("hung database", pg_relay.hang), ("refused database", pg_relay.refuse)):
        fault()
        seen = probe(port, game_id, auth)
        pg_relay.forward()
        rows.append({"case": case, **seen, "recovered_s": wait_healthy(port)})

    import psycopg

    with psycopg.connect(direct_url) as locker:
        locker.execute("LOCK TABLE games_game IN ACCESS EXCLUSIVE MODE")
        write = timed(port, "POST", f"/api/v1/games/{game_id}/hands", HAND, auth)
        health = timed(port, "GET", "/api/v1/health")
    after = timed(port, "POST", f"/api/v1/games/{game_id}/hands", HAND, auth)
    rows.append({"case": "held table lock", "health": health, "read": None, "write": write,
                 "recovered_s": 0.0, "after": after})

    for case, fault in (("Redis refused", redis_relay.refuse), ("Redis hung", redis_relay.hang)):
        fault()
        seen = probe(port, game_id, auth)
        page = timed(port, "GET", f"/games/{game_id}/")
        redis_relay.forward()
        rows.append({"case": case, **seen, "page": page, "recovered_s": wait_healthy(port)})

    if kill_worker:
        rows.append(kill_a_worker(server))
    return rows


def kill_a_worker(server) -> dict:
    """Phones post hands (each with a request_id, retried until answered) while a worker is
    killed with SIGKILL; every hand must be recorded exactly once."""
    port = server.port
    game_id, auth = new_game(port)
    total, errors, retries = 40, [], [0]
    lock = threading.Lock()

    def phone(i: int) -> None:
        body = {**HAND, "request_id": f"tap-{i}"}
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            status, _, _ = timed(port, "POST", f"/api/v1/games/{game_id}/hands", body, auth, 20)
            if status in (200, 201):
                return
            with lock:
                retries[0] += 1
            time.sleep(0.1)
        errors.append(i)

    workers = [int(pid) for pid in Path(f"/proc/{server.process.pid}/task/{server.process.pid}/children").read_text().split()]
    threads = [threading.Thread(target=phone, args=(i,)) for i in range(total)]
    for thread in threads[: total // 2]:
        thread.start()
    os.kill(workers[0], signal.SIGKILL)  # a worker of this server, by pid
    for thread in threads[total // 2:]:
        thread.start()
    for thread in threads:
        thread.join(timeout=90)
    # The count is read once the server has answered every phone; on a loaded machine the
    # restarted worker may still be catching up, so this read may wait as long as a phone.
    _, _, body = servers.request(port, "GET", f"/api/v1/games/{game_id}", timeout=90)
    hands = json.loads(body)["hands"]
    return {"case": "kill -9 of a worker", "posted": total, "recorded": len(hands),
            "retries": retries[0], "unanswered": len(errors), "recovered_s": wait_healthy(port)}


def show(value) -> str:
    if value is None:
        return ""
    status, json_ok, seconds = value
    return f"{status}{' JSON' if json_ok else ''} in {seconds:.2f} s"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--redis-db", type=int, default=int(os.environ.get("FAULTS_REDIS_DB", 3)))
    args = parser.parse_args(argv)
    rows = run(args)
    report(rows)
    return 0


def report(rows: list[dict]) -> None:
    print("| case | health | read | hand post | back to health |")
    print("| --- | --- | --- | --- | ---: |")
    for row in rows:
        if row["case"].startswith("kill"):
            print(f"| {row['case']} | {row['posted']} hands posted, {row['recorded']} recorded,"
                  f" {row['retries']} retries, {row['unanswered']} unanswered | | |"
                  f" {row['recovered_s']:.2f} s |")
            continue
        print(f"| {row['case']} | {show(row['health'])} | {show(row['read'])} |"
              f" {show(row['write'])} | {row['recovered_s']:.2f} s |"
              + (f" page {show(row['page'])}" if "page" in row else ""))


if __name__ == "__main__":
    sys.exit(main())

"""Fault cases against a production-mode gunicorn on 127.0.0.1 (docs/deploying.md).

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
- kill -9 of a worker while phones post hands with request_ids and retry: no hand lost or
  doubled. The worker is stopped (SIGSTOP) until its session holds the game's row lock, then
  killed; once with its close passed on to PostgreSQL (the transaction ends at once), once with
  the close lost on the way, as when a client host vanishes (PostgreSQL ends the orphaned
  transaction after idle_in_transaction_session_timeout).

Bounded: every wait has a deadline, every process started here is stopped by its pid.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import secrets
import shutil
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
    """A TCP relay on 127.0.0.1: ``forward`` (to the real server), ``hang`` or ``refuse``.

    A connection closed on one side is shut down on the other, as on a direct connection (a
    socket is *shut down*, not only closed: on Linux, close() leaves the connection open while
    the pump thread on the other direction is still blocked in recv on it). With
    ``lose_closes`` set, a client's close is not passed on and the server side stays open: what
    the database sees when a client host vanishes (power cut, dropped network) mid-transaction.
    ``pairs`` maps each client's port to the port of its connection to the server.
    """

    def __init__(self, upstream: tuple[str, int]):
        self.upstream = upstream
        self.mode = "forward"
        self.lose_closes = False
        self.port = servers.free_port()
        self.pairs: dict[int, int] = {}
        self._gone: set[socket.socket] = set()  # clients whose close was lost
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
                client, address = listener.accept()
            except OSError:
                return
            with self._lock:
                self._sockets.append(client)
            if self.mode == "forward":
                try:
                    server = socket.create_connection(self.upstream, timeout=5)
                    server.settimeout(None)
                except OSError:
                    _shut(client)
                    continue
                with self._lock:
                    self._sockets.append(server)
                    self.pairs[address[1]] = server.getsockname()[1]
                threading.Thread(
                    target=self._pump, args=(client, server, True), daemon=True
                ).start()
                threading.Thread(
                    target=self._pump, args=(server, client, False), daemon=True
                ).start()
            # hang: keep the socket open and never answer

    def _pump(self, source: socket.socket, target: socket.socket, from_client: bool) -> None:
        lost = False  # the client is gone and its close lost: the server's answers go nowhere
        try:
            while True:
                data = source.recv(65536)
                if not data:
                    break
                while self.mode == "hang":  # a stalled server: bytes stop moving both ways
                    time.sleep(0.05)
                if lost or target in self._gone:
                    continue
                try:
                    target.sendall(data)
                except OSError:
                    if from_client or not self.lose_closes:
                        raise
                    lost = True
        except OSError:
            pass
        if from_client and self.lose_closes:
            self._gone.add(source)
            _shut(source)  # the server side stays open, and never hears of it
            return
        _shut(source)
        _shut(target)

    def _drop_all(self) -> None:
        with self._lock:
            for sock in self._sockets:
                _shut(sock)
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
            _shut(self._listener)  # shutdown wakes the accepting thread
            self._listener = None

    def close(self) -> None:
        self._stop_listening()
        self._drop_all()


def _shut(sock: socket.socket) -> None:
    """End a connection for good: shutdown (which wakes a thread blocked on it), then close."""
    try:
        sock.shutdown(socket.SHUT_RDWR)
    except OSError:
        pass
    try:
        sock.close()
    except OSError:
        pass


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
            url = (
                urllib.parse.urlsplit(direct_url)
                ._replace(netloc=f"postgres@127.0.0.1:{pg_relay.port}")
                .geturl()
            )
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
                rows += cases(
                    server,
                    pg_relay,
                    redis_relay,
                    direct_url,
                    kill_worker=getattr(args, "kill_worker", True),
                )
            finally:
                server.stop()
    except BaseException:
        print(f"faults: kept {tmp} (gunicorn.log) for a look", file=sys.stderr)
        raise
    else:
        shutil.rmtree(tmp, ignore_errors=True)
    finally:
        pg_relay.close()
        redis_relay.close()
    return rows


def new_game(port: int) -> tuple[str, dict]:
    status, _, body = servers.request(
        port,
        "POST",
        "/api/v1/games",
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


def on_worker(workers: list[int], worker: int, call):
    """``call()`` with every worker but ``worker`` stopped (SIGSTOP), so ``worker`` serves it."""
    others = [pid for pid in workers if pid != worker]
    for pid in others:
        os.kill(pid, signal.SIGSTOP)
    try:
        return call()
    finally:
        for pid in others:
            os.kill(pid, signal.SIGCONT)


def cases(
    server, pg_relay: Relay, redis_relay: Relay, direct_url: str, *, kill_worker: bool = True
) -> list[dict]:
    port = server.port
    game_id, auth = new_game(port)
    rows = []
    # Hung: the worst case of each, a read and health each on a worker whose connection is open
    # (its check has to be cut before it reconnects); the hand post then meets a worker with none.
    workers = worker_pids(server)
    for worker in workers:  # every worker holds a connection
        on_worker(workers, worker, lambda: timed(port, "GET", f"/api/v1/games/{game_id}"))
    pg_relay.hang()
    read = on_worker(workers, workers[0], lambda: timed(port, "GET", f"/api/v1/games/{game_id}"))
    health = on_worker(workers, workers[-1], lambda: timed(port, "GET", "/api/v1/health"))
    write = timed(port, "POST", f"/api/v1/games/{game_id}/hands", HAND, auth)
    pg_relay.forward()
    rows.append(
        {
            "case": "hung database",
            "health": health,
            "read": read,
            "write": write,
            "recovered_s": wait_healthy(port),
        }
    )
    pg_relay.refuse()
    seen = probe(port, game_id, auth)
    pg_relay.forward()
    rows.append({"case": "refused database", **seen, "recovered_s": wait_healthy(port)})

    import psycopg

    with psycopg.connect(direct_url) as locker:
        locker.execute("LOCK TABLE games_game IN ACCESS EXCLUSIVE MODE")
        write = timed(port, "POST", f"/api/v1/games/{game_id}/hands", HAND, auth)
        health = timed(port, "GET", "/api/v1/health")
    after = timed(port, "POST", f"/api/v1/games/{game_id}/hands", HAND, auth)
    rows.append(
        {
            "case": "held table lock",
            "health": health,
            "read": None,
            "write": write,
            "recovered_s": 0.0,
            "after": after,
        }
    )

    for case, fault in (("Redis refused", redis_relay.refuse), ("Redis hung", redis_relay.hang)):
        fault()
        seen = probe(port, game_id, auth)
        page = timed(port, "GET", f"/games/{game_id}/")
        redis_relay.forward()
        rows.append({"case": case, **seen, "page": page, "recovered_s": wait_healthy(port)})

    if kill_worker:
        rows.append(kill_a_worker(server, pg_relay, direct_url))
        rows.append(kill_a_worker(server, pg_relay, direct_url, lose_close=True))
    return rows


def worker_pids(server) -> list[int]:
    pid = server.process.pid
    return [int(p) for p in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]


def ports_to(pid: int, remote_port: int) -> set[int]:
    """The local ports of process ``pid``'s TCP connections to 127.0.0.1:remote_port."""
    inodes = set()
    for fd in Path(f"/proc/{pid}/fd").iterdir():
        try:
            target = os.readlink(fd)
        except OSError:
            continue
        if target.startswith("socket:["):
            inodes.add(target[8:-1])
    ports = set()
    for line in Path(f"/proc/{pid}/net/tcp").read_text().splitlines()[1:]:
        fields = line.split()
        local, remote, inode = fields[1], fields[2], fields[9]
        if inode in inodes and int(remote.split(":")[1], 16) == remote_port:
            ports.add(int(local.split(":")[1], 16))
    return ports


def backends_of(pid: int, pg_relay: Relay) -> set[int]:
    """The client ports PostgreSQL sees for worker ``pid``'s connections (through the relay)."""
    return {pg_relay.pairs[p] for p in ports_to(pid, pg_relay.port) if p in pg_relay.pairs}


def hold_in_transaction(workers: list[int], pg_relay: Relay, admin, db: str, until: float):
    """Stop (SIGSTOP) one of ``workers`` at a moment its database session holds the game's row
    lock (an open transaction that has written), and return that worker and its session's
    backend pid; the worker is left stopped. Each worker is tried in turn: an asyncio worker
    may take every request while another takes none. (None, None) when no such moment came
    before ``until``."""
    while time.monotonic() < until:
        for victim in workers:
            os.kill(victim, signal.SIGSTOP)
            ports = backends_of(victim, pg_relay)
            held = (
                admin.execute(
                    "SELECT a.pid FROM pg_stat_activity a JOIN pg_locks l ON l.pid = a.pid"
                    " WHERE a.datname = %s AND a.client_port = ANY(%s)"
                    " AND a.backend_xid IS NOT NULL"
                    " AND l.relation = 'games_game'::regclass AND l.mode = 'RowExclusiveLock'"
                    " AND l.granted",
                    (db, list(ports)),
                ).fetchone()
                if ports
                else None
            )
            if held:
                return victim, held[0]
            os.kill(victim, signal.SIGCONT)
        time.sleep(random.uniform(0, 0.02))
    return None, None


def kill_a_worker(
    server, pg_relay: Relay, direct_url: str, *, lose_close: bool = False, bound: float = 120
) -> dict:
    """Phones post hands (each with a request_id, retried until answered) while a worker is
    killed with SIGKILL in the middle of a hand's transaction (it holds the game's row lock);
    every hand must be recorded exactly once. With ``lose_close`` the relay keeps the killed
    worker's database connection open (its close is lost, as when a client host vanishes):
    the database has to end the orphaned transaction itself. Every wait ends by ``bound`` s."""
    import psycopg

    port = server.port
    game_id, auth = new_game(port)
    end = time.monotonic() + bound
    total, errors, retries = 40, [], [0]
    lock = threading.Lock()

    def phone(i: int) -> None:
        body = {**HAND, "request_id": f"tap-{i}"}
        while time.monotonic() < end:
            wait = max(1.0, min(20.0, end - time.monotonic()))
            status, _, _ = timed(port, "POST", f"/api/v1/games/{game_id}/hands", body, auth, wait)
            if status in (200, 201):
                return
            with lock:
                retries[0] += 1
            time.sleep(0.1)
        with lock:
            errors.append(i)

    db = urllib.parse.urlsplit(direct_url).path[1:]
    workers = worker_pids(server)
    threads = [threading.Thread(target=phone, args=(i,), daemon=True) for i in range(total)]
    with psycopg.connect(direct_url, autocommit=True) as admin:  # not through the relay
        pg_relay.lose_closes = lose_close
        try:
            for thread in threads[: total // 2]:
                thread.start()
            victim, orphan = hold_in_transaction(workers, pg_relay, admin, db, end)
            os.kill(victim or workers[0], signal.SIGKILL)  # a worker of this server, by pid
            killed = time.monotonic()
            for thread in threads[total // 2 :]:
                thread.start()
            # The orphaned transaction ends when PostgreSQL drops its session: at once when the
            # close reaches it, else after idle_in_transaction_session_timeout.
            orphan_s = None
            while orphan is not None and time.monotonic() < end:
                gone = admin.execute(
                    "SELECT count(*) = 0 FROM pg_stat_activity WHERE pid = %s", (orphan,)
                ).fetchone()[0]
                if gone:
                    orphan_s = time.monotonic() - killed
                    break
                time.sleep(0.05)
            for thread in threads:
                thread.join(timeout=max(0.0, end - time.monotonic()))
        finally:
            pg_relay.lose_closes = False
    # Read until every phone's hand shows (or the bound passes): a worker freshly booted on a
    # loaded machine may still be catching up.
    recorded, read = None, None
    while time.monotonic() < end:
        read = timed(
            port, "GET", f"/api/v1/games/{game_id}", timeout=max(1.0, end - time.monotonic())
        )
        if read[0] == 200:
            _, _, body = servers.request(port, "GET", f"/api/v1/games/{game_id}")
            recorded = len(json.loads(body)["hands"])
            if recorded >= total:
                break
        time.sleep(0.1)
    return {
        "case": "kill -9 of a worker in a transaction" + (", its close lost" if lose_close else ""),
        "posted": total,
        "recorded": recorded,
        "retries": retries[0],
        "unanswered": len(errors) + sum(t.is_alive() for t in threads),
        "caught_in_transaction": orphan is not None,
        "orphan_ended_s": orphan_s,
        "read": read,
        "all_in_s": time.monotonic() - killed,
        "recovered_s": wait_healthy(port),
    }


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


def fmt(seconds: float | None) -> str:
    return "never" if seconds is None else f"{seconds:.2f} s"


def report(rows: list[dict]) -> None:
    print("| case | health | read | hand post | back to health |")
    print("| --- | --- | --- | --- | ---: |")
    for row in rows:
        if row["case"].startswith("kill"):
            print(
                f"| {row['case']} | {row['posted']} hands posted, {row['recorded']} recorded,"
                f" {row['retries']} retries, {row['unanswered']} unanswered;"
                f" orphaned transaction ended {fmt(row['orphan_ended_s'])} after the kill,"
                f" every hand in {fmt(row['all_in_s'])} | | {show(row['read'])} |"
                f" {row['recovered_s']:.2f} s |"
            )
            continue
        print(
            f"| {row['case']} | {show(row['health'])} | {show(row['read'])} |"
            f" {show(row['write'])} | {row['recovered_s']:.2f} s |"
            + (f" page {show(row['page'])}" if "page" in row else "")
        )


if __name__ == "__main__":
    sys.exit(main())

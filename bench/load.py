"""Load benchmark: gunicorn (2 workers) on SQLite and on PostgreSQL, 20 concurrent clients.

    .venv/bin/python bench/load.py                     # both databases, 20 s each
    .venv/bin/python bench/load.py --backends sqlite --duration 5
    .venv/bin/python bench/load.py --streams 200       # with 200 phones holding event streams

For each database: a fresh, migrated database (a SQLite file in a temporary folder; on
PostgreSQL its own database, rt_ops_bench, dropped afterwards), gunicorn in production mode
(DEBUG off, 2 workers: gunicorn's asgi workers as gunicorn.conf.py starts them, or
``--worker-class sync`` for the WSGI workers of before) on a free port of 127.0.0.1, 50 games created through the API.
Then CLIENTS threads, for DURATION seconds, each cycle through three requests:

- post a hand (``POST /api/v1/games/{id}/hands``) to one of the first 25 games;
- poll an unchanged scoreboard (the page's htmx poll with ``If-None-Match``: a 304) of one of
  the other 25 games;
- ``GET /api/v1/health``.

It prints, per database and request kind, the count, throughput and p50/p95/p99 latency, and
the ratios to the health endpoint. With ``--streams N``, N event streams (the live game page's
Server-Sent Events) stay open on the 50 games for the whole run, as N watching phones would
hold them, and the report says how many were still open and how many events they got. Targets: hand post p95 within 3x of health, unchanged poll
p95 within 1.5x, no errors. It exits non-zero only on errors; times are figures, not tests.
Only 127.0.0.1 is ever contacted; every server it starts is stopped by its process id.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import tempfile
import threading
import time
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import servers  # noqa: E402

GAMES = 50
PLAYERS = ["Ann", "Bob", "Cy", "Dee"]
KINDS = ("hand post", "unchanged poll", "health")
MAX_REQUESTS = 200_000  # a hard bound whatever the duration


def percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(q / 100 * (len(ordered) - 1))))
    return ordered[index]


def setup_games(port: int) -> list[dict]:
    games = []
    for _ in range(GAMES):
        body = {"variant": "standard-rummy", "options": {"target": 100000}, "players": PLAYERS}
        status, _, raw = servers.request(port, "POST", "/api/v1/games", body)
        if status != 201:
            raise SystemExit(f"could not create a game: {status} {raw[:300]!r}")
        created = json.loads(raw)
        games.append({"id": created["id"], "token": created["token"]})
    # The scoreboards the pollers watch: their ETags, as a phone has them after its first poll.
    for game in games[GAMES // 2 :]:
        path = f"/games/{game['id']}/"
        status, headers, _ = servers.request(port, "GET", path, headers={"HX-Request": "true"})
        if status != 200 or "etag" not in headers:
            raise SystemExit(f"scoreboard poll without an ETag: {status}")
        game["etag"] = headers["etag"]
    return games


def run_clients(port: int, games: list[dict], clients: int, duration: float) -> dict:
    writers, watched = games[: GAMES // 2], games[GAMES // 2 :]
    times: dict[str, list[float]] = defaultdict(list)
    errors: list[str] = []
    lock = threading.Lock()
    count = [0]
    stop_at = time.monotonic() + duration
    barrier = threading.Barrier(clients)

    def client(n: int) -> None:
        rnd = random.Random(n)
        step = n % 3
        barrier.wait()
        while time.monotonic() < stop_at:
            with lock:
                if count[0] >= MAX_REQUESTS:
                    return
                count[0] += 1
            kind = KINDS[step % 3]
            step += 1
            if kind == "hand post":
                game = rnd.choice(writers)
                hand = {"out": "Ann", "hands": {p: {"points": rnd.randint(0, 60)} for p in PLAYERS[1:]}}
                args = ("POST", f"/api/v1/games/{game['id']}/hands", {"result": hand},
                        {"Authorization": f"Bearer {game['token']}"})
                expected = 201
            elif kind == "unchanged poll":
                game = rnd.choice(watched)
                args = ("GET", f"/games/{game['id']}/", None,
                        {"HX-Request": "true", "If-None-Match": game["etag"]})
                expected = 304
            else:
                args = ("GET", "/api/v1/health", None, None)
                expected = 200
            started = time.perf_counter()
            try:
                status, _, body = servers.request(port, *args)
            except OSError as err:
                with lock:
                    errors.append(f"{kind}: {err}")
                continue
            elapsed = (time.perf_counter() - started) * 1000
            with lock:
                if status == expected:
                    times[kind].append(elapsed)
                else:
                    errors.append(f"{kind}: {status} {body[:200]!r}")

    threads = [threading.Thread(target=client, args=(n,), daemon=True) for n in range(clients)]
    began = time.monotonic()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=duration + 60)
    return {"times": times, "errors": errors, "elapsed": time.monotonic() - began}


def report(name: str, result: dict) -> list[str]:
    times, elapsed = result["times"], result["elapsed"]
    health = percentile(times["health"], 95)
    health50 = percentile(times["health"], 50)
    lines = [
        f"\n{name}: {sum(len(v) for v in times.values())} requests in {elapsed:.1f} s, "
        f"{len(result['errors'])} errors",
        f"| {'request':<15} | {'count':>6} | {'req/s':>6} | {'p50 ms':>7} | {'p95 ms':>7} | "
        f"{'p99 ms':>7} | {'p50 / health':>12} | {'p95 / health':>12} |",
        f"| {'-' * 15} | {'-' * 5}: | {'-' * 5}: | {'-' * 6}: | {'-' * 6}: | {'-' * 6}: | "
        f"{'-' * 11}: | {'-' * 11}: |",
    ]
    for kind in KINDS:
        values = times[kind]
        p50, p95, p99 = (percentile(values, q) for q in (50, 95, 99))
        lines.append(
            f"| {kind:<15} | {len(values):>6} | {len(values) / elapsed:>6.1f} | {p50:>7.1f} | "
            f"{p95:>7.1f} | {p99:>7.1f} | {p50 / health50:>11.2f}x | {p95 / health:>11.2f}x |"
        )
    post = percentile(times["hand post"], 95) / health
    poll = percentile(times["unchanged poll"], 95) / health
    lines.append(
        f"targets: hand post p95 {post:.2f}x of health (within 3x: {'met' if post <= 3 else 'NOT met'}); "
        f"unchanged poll p95 {poll:.2f}x (within 1.5x: {'met' if poll <= 1.5 else 'NOT met'}); "
        f"errors {len(result['errors'])} ({'met' if not result['errors'] else 'NOT met'})"
    )
    for error in result["errors"][:5]:
        lines.append(f"  error: {error}")
    return lines


def run_backend(kind: str, args, tmp: Path) -> list[str]:
    label = "SQLite" if kind == "sqlite" else "PostgreSQL"
    with servers.fresh_database(kind, tmp, args.pg_database) as url:
        env = servers.base_env(url, RATE_LIMITS="0")  # one address sends it all
        env["GUNICORN_WORKER_CLASS"] = args.worker_class
        server = servers.gunicorn(env, tmp / f"gunicorn-{label}.log", workers=args.workers)
        crowd = None
        try:
            server.wait_ready()
            games = setup_games(server.port)
            if args.streams:
                crowd = servers.StreamCrowd(server.port, [g["id"] for g in games], args.streams)
            result = run_clients(server.port, games, args.clients, args.duration)
            held = crowd.open() if crowd else 0
            heard = crowd.events if crowd else 0
        finally:
            if crowd:
                crowd.close()
            server.stop()
    name = f"{label}, gunicorn {args.workers} {args.worker_class} workers, {args.clients} clients"
    if args.streams:
        name += f", {args.streams} open streams ({held} still open at the end, {heard} events)"
    return report(name, result)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--backends", default="sqlite,postgres")
    parser.add_argument("--duration", type=float, default=20.0, help="seconds per database")
    parser.add_argument("--clients", type=int, default=20)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--streams", type=int, default=0, help="open event streams, 0-2000")
    parser.add_argument("--worker-class", default="asgi", choices=["asgi", "sync"])
    parser.add_argument(
        "--pg-url",
        default=os.environ.get("BENCH_PG_URL", "postgres://postgres@127.0.0.1:5432/postgres"),
        help="the PostgreSQL server (its own database is created there and dropped)",
    )
    parser.add_argument("--pg-database", default="rt_ops_bench")
    args = parser.parse_args(argv)
    if not 1 <= args.clients <= 100 or not 0 < args.duration <= 600:
        parser.error("clients 1-100, duration up to 600 s")
    if not 0 <= args.streams <= 2000 or (args.streams and args.worker_class != "asgi"):
        parser.error("streams 0-2000, and only with asgi workers")
    lines = []
    failed = False
    with tempfile.TemporaryDirectory(prefix="rt-load-") as tmp:
        for backend in args.backends.split(","):
            kind = "sqlite" if backend.strip() == "sqlite" else args.pg_url
            part = run_backend(kind, args, Path(tmp))
            print("\n".join(part), flush=True)
            lines += part
            failed |= "NOT met)" in part[-1] and "errors 0 (met)" not in part[-1]
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())

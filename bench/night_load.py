"""A club night under load (issue 34): 10 tables, each with a keeper and 3 viewers following its
game's event stream, plus the room screen following the night's stream; a hand every 2 s at
each table. The figure: from the moment a keeper sends a hand to the event on each of its
table's four streams (the write's own time included), and from the post's answer to the room
screen's event (the night's hand count reaching it): median, p90, max; and the errors.

    .venv/bin/python bench/night_load.py                           # SQLite, then PG + Redis
    .venv/bin/python bench/night_load.py --backends sqlite --duration 30

- ``sqlite``: the embedded default, one server (gunicorn, 2 asgi workers), no Redis;
- ``pg``: two servers (2 asgi workers each) on one PostgreSQL database of their own
  (``--pg-database``, dropped afterwards) and one Redis (its own channel prefix). Keepers post
  to both servers in turn; the keeper streams are held on the first, the viewers and the room
  screen on the second, so every event the viewers see crossed servers.

The night is made through the API (40 players, a 2-4 player variant: 10 tables of 4). Streams
are read by one thread each, timestamping every event as it arrives. Figures, not tests: only
127.0.0.1 is contacted, every process is stopped by its id, every wait is bounded, and the run
stops by itself after ``--duration`` seconds.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import random
import secrets
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import servers  # noqa: E402

PLAYERS = [f"P{n:02d}" for n in range(40)]
VARIANT = {"variant": "caloochi", "options": {"target": 100000}}


class Reader(threading.Thread):
    """One open event stream, read line by line: (arrival time, event data) for each event."""

    def __init__(self, port: int, path: str, stop: threading.Event):
        super().__init__(daemon=True)
        self.port, self.path, self.stop = port, path, stop
        self.events: list[tuple[float, dict]] = []
        self.error: str | None = None

    def run(self) -> None:
        try:
            conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
            conn.request("GET", self.path)
            response = conn.getresponse()
            if response.status != 200:
                self.error = f"{self.path}: {response.status}"
                return
            data = None
            while not self.stop.is_set():
                line = response.readline()
                if not line:
                    if not self.stop.is_set():
                        self.error = f"{self.path}: stream ended"
                    return
                text = line.decode().rstrip("\r\n")
                if text.startswith("data:"):
                    data = json.loads(text[5:].strip())
                elif text == "" and data is not None:
                    self.events.append((time.monotonic(), data))
                    data = None
        except OSError as err:
            if not self.stop.is_set():
                self.error = f"{self.path}: {err}"


def call(port: int, method: str, path: str, body=None, token=None):
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    status, _, raw = servers.request(port, method, path, body, headers)
    if status not in (200, 201):
        raise RuntimeError(f"{method} {path}: {status} {raw[:200]!r}")
    return json.loads(raw)


def run_night(ports: list[int], duration: float, interval: float) -> dict:
    first, last = ports[0], ports[-1]
    league = call(first, "POST", "/api/v1/leagues", {"name": "Load club"})
    night = call(
        first,
        "POST",
        f"/api/v1/leagues/{league['id']}/nights",
        {"played_on": "2026-12-03", **VARIANT, "players": PLAYERS, "rounds": 1},
        league["token"],
    )
    drawn = call(
        first,
        "POST",
        f"/api/v1/leagues/{league['id']}/nights/{night['id']}/rounds",
        {"seed": 1},
        league["token"],
    )
    tables = drawn["rounds"][0]["tables"]
    stop = threading.Event()
    readers: dict[str, list[Reader]] = {}
    for table in tables:
        path = f"/api/v1/games/{table['game_id']}/events"
        readers[table["game_id"]] = [Reader(first, path, stop)] + [
            Reader(last, path, stop) for _ in range(3)
        ]
    screen = Reader(last, f"/api/v1/leagues/{league['id']}/nights/{night['id']}/events", stop)
    everyone = [r for group in readers.values() for r in group] + [screen]
    for reader in everyone:
        reader.start()
    time.sleep(1.0)  # every stream open and past its first event (a bench: not a test)

    posts: list[tuple[str, int, float]] = []  # (game, version, sent at)
    total_hands: list[tuple[int, float]] = []  # (hands at the night after this post, at)
    counter = {"hands": 0}
    lock = threading.Lock()
    errors: list[str] = []
    ends = time.monotonic() + duration

    def keeper(index: int, table: dict) -> None:
        names = [p["name"] for p in table["players"]]
        rng = random.Random(index)
        time.sleep(rng.uniform(0, interval))
        n = 0
        while time.monotonic() < ends:
            port = ports[n % len(ports)]
            out = names[n % len(names)]
            result = {"out": out, "hands": {p: {"points": rng.randint(0, 30)} for p in names if p != out}}
            sent = time.monotonic()
            try:
                state = call(port, "POST", f"/api/v1/games/{table['game_id']}/hands",
                             {"result": result}, table["token"])
                at = time.monotonic()
                with lock:
                    posts.append((table["game_id"], state["version"], sent))
                    counter["hands"] += 1
                    total_hands.append((counter["hands"], at))
            except Exception as err:  # noqa: BLE001 - counted as an error of the run
                errors.append(str(err))
            n += 1
            time.sleep(max(0.0, interval + rng.uniform(-0.3, 0.3)))

    keepers = [threading.Thread(target=keeper, args=(i, t)) for i, t in enumerate(tables)]
    for thread in keepers:
        thread.start()
    for thread in keepers:
        thread.join(timeout=duration + 60)
    time.sleep(3.0)  # the last events on their way
    stop.set()

    waits: list[float] = []
    missed = 0
    for game, version, at in posts:
        for reader in readers[game]:
            seen = next((t for t, d in reader.events if d["version"] >= version), None)
            if seen is None:
                missed += 1
            else:
                waits.append(max(0.0, seen - at))
    screen_waits = []
    for hands, at in total_hands:
        seen = next((t for t, d in screen.events if d["hands"] >= hands), None)
        if seen is None:
            missed += 1
        else:
            screen_waits.append(max(0.0, seen - at))
    errors += [r.error for r in everyone if r.error]
    return {"posts": len(posts), "waits": waits, "screen": screen_waits, "missed": missed,
            "errors": errors, "streams": len(everyone)}


def report(name: str, found: dict) -> None:
    def line(values: list[float]) -> str:
        if not values:
            return "none"
        ordered = sorted(values)
        p90 = ordered[int(0.9 * (len(ordered) - 1))]
        return (f"median {statistics.median(ordered) * 1000:.0f} ms, p90 {p90 * 1000:.0f} ms,"
                f" max {ordered[-1] * 1000:.0f} ms ({len(ordered)} events)")

    print(f"{name}: {found['posts']} hands posted, {found['streams']} streams,"
          f" {len(found['errors'])} errors, {found['missed']} events missed")
    print(f"  phones (keeper + 3 viewers a table): {line(found['waits'])}")
    print(f"  room screen (night stream):          {line(found['screen'])}")
    for err in found["errors"][:5]:
        print("  error:", err)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--backends", nargs="+", default=["sqlite", "pg"], choices=["sqlite", "pg"])
    parser.add_argument("--duration", type=float, default=300.0)
    parser.add_argument("--interval", type=float, default=2.0)
    parser.add_argument("--pg-url", default=os.environ.get(
        "BENCH_PG_URL", "postgres://postgres@127.0.0.1:5432/postgres"))
    parser.add_argument("--pg-database", default="rt_bench_nights_load")
    parser.add_argument("--redis-url", default="redis://127.0.0.1:6379/0")
    args = parser.parse_args()
    print(f"load average before: {os.getloadavg()[0]:.1f}")
    with tempfile.TemporaryDirectory() as tmp_dir:
        tmp = Path(tmp_dir)
        for backend in args.backends:
            kind = "sqlite" if backend == "sqlite" else args.pg_url
            name = "nights_load" if backend == "sqlite" else args.pg_database
            with servers.fresh_database(kind, tmp, name) as url:
                extra = {"RATE_LIMITS": "0"}
                if backend == "pg":
                    extra.update(REDIS_URL=args.redis_url,
                                 CACHE_KEY_PREFIX=f"rt-nights-{secrets.token_hex(4)}")
                env = servers.base_env(url, **extra)
                if backend == "sqlite":
                    env.pop("REDIS_URL", None)
                count = 1 if backend == "sqlite" else 2
                started = [servers.gunicorn(env, tmp / f"{backend}-{i}.log") for i in range(count)]
                try:
                    for server in started:
                        server.wait_ready()
                    found = run_night([s.port for s in started], args.duration, args.interval)
                finally:
                    for server in started:
                        server.stop()
                label = ("one server, SQLite, no Redis" if backend == "sqlite"
                         else "two servers, PostgreSQL + Redis")
                report(label, found)
    print(f"load average after: {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()

"""Real servers on 127.0.0.1, in production mode, on this run's kind of database.

- Two gunicorn instances on one database behave as one: a request_id posted to both at once is
  recorded once, simultaneous hands get distinct numbers, and with Redis they share their rate
  limits.
- `make run` (gunicorn with --reload, DEBUG on) takes 50 phones writing at once, and 20 posting
  hand pages at once without a single "database is locked".

Bounded: a fresh database per module, a few seconds of requests, every process stopped by pid.
"""

from __future__ import annotations

import html
import os
import re
import secrets
import threading
import urllib.parse
from collections import Counter
from pathlib import Path

import pytest

from tests.real_servers import fresh_database, servers

THREADS = 20
ABC = ["Ann", "Bob", "Cy"]
REDIS = os.environ.get("REDIS_URL") or "redis://127.0.0.1:6379/0"


@pytest.fixture(scope="module")
def database(tmp_path_factory):
    with fresh_database(tmp_path_factory, "rt_srv") as database_url:
        yield database_url


@pytest.fixture(scope="module")
def pair(database, tmp_path_factory):
    """Two gunicorn instances (2 workers each) on one database and one Redis."""
    logs = tmp_path_factory.mktemp("logs")
    env = servers.base_env(
        database,
        REDIS_URL=REDIS,
        CACHE_KEY_PREFIX=f"rt-test-{secrets.token_hex(4)}",
        TRUST_PROXY="1",  # each test names its own client in X-Forwarded-For
        RATE_LIMIT_CREATE="8",
    )
    started = [servers.gunicorn(env, logs / f"gunicorn-{i}.log") for i in range(2)]
    try:
        for server in started:
            server.wait_ready()
        yield [server.port for server in started]
    finally:
        for server in started:
            server.stop()


def together(jobs):
    """Run every job at the same moment; their results in order."""
    barrier = threading.Barrier(len(jobs))
    results: list = [None] * len(jobs)

    def run(i, job):
        barrier.wait(timeout=30)
        results[i] = job()

    threads = [threading.Thread(target=run, args=(i, job)) for i, job in enumerate(jobs)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    return results


def create(port: int, client: str) -> tuple[str, str]:
    status, _, body = servers.request(
        port, "POST", "/api/v1/games",
        {"variant": "standard-rummy", "options": {"target": 100000}, "players": ABC},
        {"X-Forwarded-For": client},
    )
    assert status == 201, body
    created = __import__("json").loads(body)
    return created["id"], created["token"]


def hand(points: int) -> dict:
    return {"out": "Ann", "hands": {"Bob": {"points": points}, "Cy": {"points": 1}}}


def state(port: int, game_id: str) -> dict:
    status, _, body = servers.request(port, "GET", f"/api/v1/games/{game_id}")
    assert status == 200
    return __import__("json").loads(body)


def test_a_request_id_raced_across_two_servers_is_recorded_once(pair):
    game_id, token = create(pair[0], "10.0.0.1")
    headers = {"Authorization": f"Bearer {token}", "X-Forwarded-For": "10.0.0.1"}
    body = {"result": hand(5), "request_id": "same-tap"}
    path = f"/api/v1/games/{game_id}/hands"
    answers = together(
        [
            (lambda port=pair[i % 2]: servers.request(port, "POST", path, body, headers))
            for i in range(THREADS)
        ]
    )
    # Every repeat answers what the first answered (201), marked as a replay (API.md).
    assert [status for status, _, _ in answers] == [201] * THREADS
    replayed = Counter(h.get("idempotent-replayed") for _, h, _ in answers)
    assert replayed == {None: 1, "true": THREADS - 1}
    for port in pair:
        assert len(state(port, game_id)["hands"]) == 1


def test_simultaneous_hands_on_two_servers_all_count_once_each(pair):
    game_id, token = create(pair[1], "10.0.0.2")
    headers = {"Authorization": f"Bearer {token}", "X-Forwarded-For": "10.0.0.2"}
    path = f"/api/v1/games/{game_id}/hands"
    statuses = together(
        [
            (lambda i=i: servers.request(pair[i % 2], "POST", path, {"result": hand(i + 2)}, headers)[0])
            for i in range(THREADS)
        ]
    )
    assert statuses == [201] * THREADS
    final = state(pair[0], game_id)
    assert [h["n"] for h in final["hands"]] == list(range(1, THREADS + 1))
    assert sorted(h["result"]["hands"]["Bob"]["points"] for h in final["hands"]) == list(
        range(2, THREADS + 2)
    )
    assert final["totals"]["Ann"] == sum(range(2, THREADS + 2)) + THREADS


def test_two_servers_share_one_rate_limit(pair):
    body = {"variant": "standard-rummy", "players": ABC}
    headers = {"X-Forwarded-For": "10.0.0.3"}
    answers = [servers.request(pair[i % 2], "POST", "/api/v1/games", body, headers) for i in range(12)]
    assert [status for status, _, _ in answers] == [201] * 8 + [429] * 4
    assert all(int(headers["retry-after"]) > 0 for status, headers, _ in answers if status == 429)


# -- `make run`: the development server on SQLite, 20 phones at once ------------------------


def test_make_run_serves_with_gunicorn_and_reload():
    makefile = (Path(__file__).resolve().parents[2] / "Makefile").read_text()
    run = makefile.split("\nrun:", 1)[1].split("\n\n", 1)[0]
    assert "gunicorn -c gunicorn.conf.py --reload" in run
    assert "runserver" not in run


def test_fifty_phones_writing_at_once_on_make_run_all_get_answers(database, tmp_path):
    """A game night on `make run` (issue 16 item 10): 50 phones post a hand each at the same
    instant, each on its own connection; every one is answered and recorded once."""
    server = servers.make_run(servers.base_env(database, RATE_LIMITS="0"), tmp_path / "run.log")
    try:
        server.wait_ready()
        game_id, token = create(server.port, "10.0.0.9")
        headers = {"Authorization": f"Bearer {token}"}
        path = f"/api/v1/games/{game_id}/hands"
        statuses = together(
            [
                (lambda i=i: servers.request(
                    server.port, "POST", path, {"result": hand(i + 2), "request_id": f"p{i}"},
                    headers, timeout=120,
                )[0])
                for i in range(50)
            ]
        )
        assert statuses == [201] * 50, Counter(statuses)
        assert len(state(server.port, game_id)["hands"]) == 50
    finally:
        server.stop()
    assert "database is locked" not in (tmp_path / "run.log").read_text()


def test_twenty_phones_posting_hand_pages_at_once_never_see_a_locked_database(database, tmp_path):
    server = servers.make_run(servers.base_env(database, RATE_LIMITS="0"), tmp_path / "run.log")
    try:
        server.wait_ready()
        phone = Phone(server.port)
        game_id = phone.start_game()
        results = []
        for round_ in range(2):  # twenty at the same instant, twice
            first = round_ * THREADS
            results += together(
                [(lambda i=i: phone.post_hand(game_id, i)) for i in range(first, first + THREADS)]
            )
        assert results == [302] * (THREADS * 2), results
        assert len(state(server.port, game_id)["hands"]) == THREADS * 2
    finally:
        server.stop()
    assert "database is locked" not in (tmp_path / "run.log").read_text()


class Phone:
    """One browser: its cookies (session, CSRF) shared by every request, as when one phone
    double-taps, or several tabs of it post at once."""

    def __init__(self, port: int):
        self.port = port
        self.cookies: dict[str, str] = {}
        self.csrf = ""

    def _send(self, method: str, path: str, form: dict | None = None) -> tuple[int, str]:
        headers = {"Cookie": "; ".join(f"{k}={v}" for k, v in self.cookies.items())}
        body = None
        if form is not None:
            body = urllib.parse.urlencode({**form, "csrfmiddlewaretoken": self.csrf})
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        status, answer, content = servers.request(self.port, method, path, body, headers)
        for part in answer.get("set-cookie", "").split(","):
            name, _, rest = part.strip().partition("=")
            if name in ("csrftoken", "sessionid"):
                self.cookies[name] = rest.split(";")[0]
        return status, answer.get("location", "") or content.decode()

    def start_game(self) -> str:
        _, page = self._send("GET", "/games/new/")
        self.csrf = html.unescape(re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page)[1])
        form = {"variant": "knock-rummy", "seats": "3", "action": "create", "opt-target": "100000"}
        form.update({f"player-{i}": name for i, name in enumerate(ABC)})
        status, location = self._send("POST", "/games/new/", form)
        assert status == 302, location[:3000]
        return location.rstrip("/").rsplit("/", 1)[-1]

    def post_hand(self, game_id: str, i: int) -> int:
        form = {"winner": "0", "p0-points": "2", "p1-points": str(5 + i % 7), "p2-points": "9"}
        form["request_id"] = f"tap-{i}"
        status, _ = self._send("POST", f"/games/{game_id}/hands/", form)
        return status

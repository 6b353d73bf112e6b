"""The live table's event stream on real servers (gunicorn's asgi workers, production mode).

- One server (the run's database, no Redis: how `make serve` on SQLite runs): a stream opened
  on a game gets the game's state at once, then one `state` event after a hand is saved;
  reconnecting with Last-Event-ID gets the current state at once only when the game changed
  since; keep-alive comments come when nothing happens.
- Two servers on one database and one Redis (fan-out): a hand saved through one reaches a
  stream held by the other.

Bounded: every read waits for a line with a deadline; every process stopped by its pid.
"""

from __future__ import annotations

import http.client
import json
import os
import secrets
import time

import pytest

from tests.real_servers import fresh_database, servers

ABC = ["Ann", "Bob", "Cy"]
REDIS = os.environ.get("REDIS_URL") or "redis://127.0.0.1:6379/0"


@pytest.fixture(scope="module")
def database(tmp_path_factory):
    with fresh_database(tmp_path_factory, "rt_live") as database_url:
        yield database_url


@pytest.fixture(scope="module")
def single(database, tmp_path_factory):
    """One server, two asgi workers, no Redis; keep-alives every second for the test."""
    env = servers.base_env(database, LIVE_KEEPALIVE_SECONDS="1", RATE_LIMITS="0")
    env.pop("REDIS_URL", None)
    server = servers.gunicorn(env, tmp_path_factory.mktemp("logs") / "single.log", workers=2)
    try:
        server.wait_ready()
        yield server.port
    finally:
        server.stop()


@pytest.fixture(scope="module")
def pair(database, tmp_path_factory):
    """Two servers on one database and one Redis (its own channel prefix)."""
    logs = tmp_path_factory.mktemp("logs")
    env = servers.base_env(
        database,
        REDIS_URL=REDIS,
        CACHE_KEY_PREFIX=f"rt-live-{secrets.token_hex(4)}",
        RATE_LIMITS="0",
        # The safety check is not what carries the news here: only pub/sub is fast enough.
        LIVE_SAFETY_SECONDS="60",
    )
    started = [servers.gunicorn(env, logs / f"pair-{i}.log", workers=2) for i in range(2)]
    try:
        for server in started:
            server.wait_ready()
        yield [server.port for server in started]
    finally:
        for server in started:
            server.stop()


class Stream:
    """An open event stream: its events and comments, read line by line with a deadline."""

    def __init__(self, port: int, game_id: str, headers: dict[str, str] | None = None):
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        self.conn.request("GET", f"/api/v1/games/{game_id}/events", headers=headers or {})
        self.response = self.conn.getresponse()

    def next(self, deadline: float = 10.0) -> dict:
        """The next event (``{"id", "event", "data"}``) or comment (``{"comment": text}``)."""
        ends = time.monotonic() + deadline
        item: dict = {}
        while time.monotonic() < ends:
            line = self.response.readline().decode()
            if line == "":
                raise AssertionError("the stream ended")
            line = line.rstrip("\r\n")
            if line == "":
                if item and set(item) != {"retry"}:
                    return item
                item = {}
            elif line.startswith(":"):
                return {"comment": line[1:].strip()}
            else:
                name, _, value = line.partition(":")
                item[name] = value.lstrip()
        raise AssertionError("no event before the deadline")

    def next_event(self, deadline: float = 10.0) -> dict:
        ends = time.monotonic() + deadline
        while time.monotonic() < ends:
            item = self.next(ends - time.monotonic())
            if "comment" not in item:
                return item
        raise AssertionError("no event before the deadline")

    def close(self) -> None:
        self.conn.close()


def create(port: int) -> tuple[str, str]:
    body = {"variant": "standard-rummy", "options": {"target": 100000}, "players": ABC}
    status, _, raw = servers.request(port, "POST", "/api/v1/games", body)
    assert status == 201, raw
    created = json.loads(raw)
    return created["id"], created["token"]


def post_hand(port: int, game_id: str, token: str, points: int) -> dict:
    result = {"out": "Ann", "hands": {"Bob": {"points": points}, "Cy": {"points": 1}}}
    status, _, raw = servers.request(
        port, "POST", f"/api/v1/games/{game_id}/hands", {"result": result},
        {"Authorization": f"Bearer {token}"},
    )
    assert status == 201, raw
    return json.loads(raw)


def test_a_stream_hears_each_saved_hand(single):
    game_id, token = create(single)
    stream = Stream(single, game_id)
    try:
        assert stream.response.status == 200
        assert stream.response.getheader("Content-Type").startswith("text/event-stream")
        assert stream.response.getheader("X-Accel-Buffering") == "no"
        first = stream.next_event()
        assert first["event"] == "state" and first["id"] == "0"
        assert json.loads(first["data"])["hands"] == 0
        state = post_hand(single, game_id, token, 7)
        event = stream.next_event()
        data = json.loads(event["data"])
        assert event["id"] == str(data["version"]) == str(state["version"]) == "1"
        assert data["hands"] == 1 and data["over"] is False
        assert data["etag"].startswith(f"{game_id}-")
        # Nothing happens: a keep-alive comment keeps proxies from closing the stream.
        assert stream.next(deadline=5) == {"comment": "keep-alive"}
    finally:
        stream.close()


def test_reconnecting_with_last_event_id_gets_what_it_missed_at_once(single):
    game_id, token = create(single)
    post_hand(single, game_id, token, 3)  # version 1
    # Up to date: no event at once, only keep-alives.
    stream = Stream(single, game_id, {"Last-Event-ID": "1"})
    try:
        assert stream.next(deadline=5) == {"comment": "keep-alive"}
    finally:
        stream.close()
    post_hand(single, game_id, token, 4)  # version 2, while this phone was away
    stream = Stream(single, game_id, {"Last-Event-ID": "1"})
    try:
        event = stream.next_event(deadline=3)
        assert event["id"] == "2" and json.loads(event["data"])["hands"] == 2
    finally:
        stream.close()


def test_an_unknown_game_has_no_stream(single):
    status, headers, raw = servers.request(single, "GET", "/api/v1/games/nosuchgame/events")
    assert status == 404
    assert json.loads(raw)["error"]["code"] == "not_found"


def test_a_hand_saved_on_one_server_reaches_streams_on_the_other(pair):
    game_id, token = create(pair[0])
    streams = [Stream(port, game_id) for port in pair]
    try:
        for stream in streams:
            assert stream.next_event()["id"] == "0"
        for n in range(1, 4):
            post_hand(pair[n % 2], game_id, token, n)
            for stream in streams:
                event = stream.next_event(deadline=5)
                assert event["id"] == str(n)
                assert json.loads(event["data"])["hands"] == n
    finally:
        for stream in streams:
            stream.close()

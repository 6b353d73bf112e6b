"""A club night's event stream on real servers (API.md "Club nights": the night's
``GET .../nights/{night_id}/events`` streams every change of any table, as a game's events).

- One server, no Redis (the embedded default): a stream opened on a night gets its state at
  once, then an event for a drawn round, for a hand at a table, for a table's call.
- Two servers on one database and one Redis: a hand saved at a table through one server
  reaches the night's stream held by the other.

Bounded: every read waits for a line with a deadline; every process is stopped by its pid.
"""

from __future__ import annotations

import http.client
import json

from tests.real_servers import servers

from . import test_live_events as live
from .test_live_events import Stream

# The live events' servers, for this module too (fixtures are found by name in the module).
database, single, pair = live.database, live.single, live.pair

EIGHT = ["Ann", "Bob", "Cy", "Di", "Ed", "Fay", "Gus", "Hal"]


class NightStream(Stream):
    def __init__(self, port: int, league: str, night: int):
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        self.conn.request("GET", f"/api/v1/leagues/{league}/nights/{night}/events")
        self.response = self.conn.getresponse()


def call(port, method, path, body=None, token=None):
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    status, _, raw = servers.request(port, method, path, body, headers)
    assert status in (200, 201), (status, raw)
    return json.loads(raw)


def a_drawn_night(port):
    league = call(port, "POST", "/api/v1/leagues", {"name": "Thursday club"})
    night = call(
        port,
        "POST",
        f"/api/v1/leagues/{league['id']}/nights",
        {"played_on": "2026-12-03", "variant": "german-rummy", "options": {"hands": 2},
         "players": EIGHT},
        league["token"],
    )
    return league, night


def hand(port, table, points):
    names = [p["name"] for p in table["players"]]
    result = {"out": names[0], "hands": {n: {"points": points} for n in names[1:]}}
    call(port, "POST", f"/api/v1/games/{table['game_id']}/hands", {"result": result}, table["token"])


def test_a_night_stream_hears_draws_hands_and_calls(single):
    league, night = a_drawn_night(single)
    stream = NightStream(single, league["id"], night["id"])
    try:
        assert stream.response.status == 200
        first = json.loads(stream.next_event()["data"])
        assert first["round"] == 0 and first["tables"] == 0
        drawn = call(
            single, "POST", f"/api/v1/leagues/{league['id']}/nights/{night['id']}/rounds", {},
            league["token"],
        )
        seen = json.loads(stream.next_event()["data"])
        while seen["tables"] < 2:  # the draw may reach the stream as one event or as several
            seen = json.loads(stream.next_event()["data"])
        assert seen["round"] == 1 and seen["hands"] == 0
        table = drawn["rounds"][0]["tables"][1]
        hand(single, table, 7)
        event = stream.next_event()
        assert json.loads(event["data"])["hands"] == 1 and int(event["id"]) > seen["version"]
        call(single, "POST", f"/api/v1/games/{table['game_id']}/call", {"reason": "?"}, table["token"])
        later = stream.next_event()
        assert int(later["id"]) > int(event["id"])
    finally:
        stream.close()


def test_another_leagues_night_has_no_stream(single):
    league, night = a_drawn_night(single)
    other = call(single, "POST", "/api/v1/leagues", {"name": "Other club"})
    status, _, raw = servers.request(
        single, "GET", f"/api/v1/leagues/{other['id']}/nights/{night['id']}/events"
    )
    assert status == 404 and json.loads(raw)["error"]["code"] == "not_found"


def test_a_hand_on_one_server_reaches_the_night_stream_on_the_other(pair):
    league, night = a_drawn_night(pair[0])
    drawn = call(
        pair[0], "POST", f"/api/v1/leagues/{league['id']}/nights/{night['id']}/rounds", {},
        league["token"],
    )
    streams = [NightStream(port, league["id"], night["id"]) for port in pair]
    try:
        for stream in streams:
            assert json.loads(stream.next_event()["data"])["tables"] == 2
        for n, table in enumerate(drawn["rounds"][0]["tables"], start=1):
            hand(pair[n % 2], table, n)
            for stream in streams:
                assert json.loads(stream.next_event(deadline=5)["data"])["hands"] == n
    finally:
        for stream in streams:
            stream.close()

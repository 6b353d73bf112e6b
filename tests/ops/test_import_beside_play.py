"""A league import never stops the club (issue 35; API.md "moving a league"): while a real
server imports a season, a hand posted to another game is answered within a second, on this
run's kind of database (a SQLite file, or PostgreSQL when DATABASE_URL says so).

Bounded: one gunicorn (2 workers) on 127.0.0.1 over a fresh database, one import of a few
hundred games, hands posted only while it runs; every process stopped by pid.
"""

from __future__ import annotations

import importlib.util
import json
import random
import sys
import threading
import time
from pathlib import Path

import pytest

from tests.real_servers import fresh_database, servers

BENCH = Path(__file__).resolve().parents[2] / "bench" / "league.py"
spec = importlib.util.spec_from_file_location("bench_league", BENCH)
bench = importlib.util.module_from_spec(spec)
sys.modules[spec.name] = bench  # its dataclasses look their module up
spec.loader.exec_module(bench)

GAMES = 400
LIMIT_S = 1.0
# The contract's figure (every hand within 1 s) is measured by bench/league.py on a quiet
# machine. The suite shares two cores with other workers, so here the typical hand must meet it
# and the slowest may take a few times longer: a hand queued behind the whole import would
# wait as long as the import takes (several seconds), which this still catches.
SLOWEST_S = 3 * LIMIT_S


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    with fresh_database(tmp_path_factory, "rt_import") as database_url:
        env = servers.base_env(database_url, RATE_LIMITS="0")
        started = servers.gunicorn(env, tmp_path_factory.mktemp("logs") / "gunicorn.log")
        try:
            started.wait_ready()
            yield started.port
        finally:
            started.stop()


def call(port, method, path, body=None, token=None):
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    status, _, raw = servers.request(port, method, path, body, headers, timeout=120)
    return status, json.loads(raw) if raw else None


def test_a_hand_of_another_game_is_answered_within_a_second_during_an_import(server):
    status, league = call(server, "POST", "/api/v1/leagues", {"name": "Thursday club"})
    assert status == 201
    status, game = call(
        server,
        "POST",
        "/api/v1/games",
        {"variant": "standard-rummy", "options": {"target": 100000}, "players": ["A", "B", "C"]},
    )
    assert status == 201
    games = bench.plan_games(random.Random(7), GAMES, 0)
    answer: dict = {}

    def run_import():
        answer["status"], answer["body"] = call(
            server,
            "POST",
            f"/api/v1/leagues/{league['id']}/import",
            {"games": games},
            league["token"],
        )

    importing = threading.Thread(target=run_import)
    importing.start()
    waits = []
    try:
        number = 0
        while importing.is_alive():  # a hand at a time, for as long as the import runs
            number += 1
            entry = {"out": "A", "hands": {"B": {"points": number % 50}, "C": {"points": 1}}}
            started = time.perf_counter()
            status, _body = call(
                server,
                "POST",
                f"/api/v1/games/{game['id']}/hands",
                {"result": entry},
                game["token"],
            )
            waits.append(time.perf_counter() - started)
            assert status == 201, _body
    finally:
        importing.join(timeout=300)
    assert answer["status"] == 201, answer["body"]
    assert answer["body"]["summary"]["imported"] == GAMES
    assert len(waits) >= 5, "the import ended before the table could post five hands"
    assert sorted(waits)[len(waits) // 2] <= LIMIT_S, sorted(waits)
    assert max(waits) <= SLOWEST_S, sorted(waits)[-5:]
    status, state = call(server, "GET", f"/api/v1/games/{game['id']}")
    assert len(state["hands"]) == len(waits)

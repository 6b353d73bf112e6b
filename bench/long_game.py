"""Benchmark of a long game: does a write at hand 200 cost what it costs at hand 10?

    .venv/bin/python bench/long_game.py                 # 200 hands, SQLite (a temporary file)
    .venv/bin/python bench/long_game.py --hands 500 --profile

The script makes its own throwaway database (Django's test database: a temporary SQLite file,
or ``<name>_bench`` on PostgreSQL, dropped at the end), starts a Standard Rummy game through
the API (target 100,000, so it never ends) and posts its hands one by one, as a keeper's phone
or a script does: ``POST /api/v1/games/{id}/hands`` with the hand's number. It times every
post, and the game page (``GET /games/{id}/``, what a phone loads) at hand 5 and at the last
hand, through Django's test client (no network), and prints the medians and their ratios:

- hand post: the median of posts 6-15 against the median of the last ten posts
  (issue 33 §6: at hand 200 at most 1.5x);
- game page: the median of ``--repeat`` loads at hand 5 against at the last hand (at most 2x).

``--profile`` prints where a post at the last hand spends its time (cProfile, top 25).
"""

from __future__ import annotations

import argparse
import cProfile
import json
import os
import pstats
import random
import secrets
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import TextIO

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

SEED = 20261203
PLAYERS = ["Ann", "Bob", "Cy", "Dan"]


def setup_django() -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "scorekeeper.settings")
    os.environ.setdefault("DEBUG", "0")
    os.environ.setdefault("SECRET_KEY", secrets.token_urlsafe(50))
    os.environ.setdefault("RATE_LIMITS", "0")  # one client posting hundreds of hands
    os.environ.setdefault("LOG_LEVEL", "WARNING")
    import django
    from django.conf import settings

    django.setup()
    settings.STORAGES = {
        **settings.STORAGES,
        "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
    }
    settings.SECURE_SSL_REDIRECT = False  # the test client speaks plain HTTP


def a_hand(rng: random.Random) -> dict:
    out = rng.choice(PLAYERS)
    return {"out": out, "hands": {p: {"points": rng.randrange(0, 25)} for p in PLAYERS if p != out}}


def run(args: argparse.Namespace, out: TextIO) -> dict[str, float]:
    from django.test import Client
    from django.urls import reverse

    rng = random.Random(args.seed)
    api = Client()
    body = {"variant": "standard-rummy", "players": PLAYERS, "options": {"target": 100_000}}
    created = api.post("/api/v1/games", json.dumps(body), content_type="application/json")
    game_id, token = created.json()["id"], created.json()["token"]
    auth = {"HTTP_AUTHORIZATION": f"Bearer {token}"}
    page = Client()
    page_url = reverse("game", args=[game_id])

    def load_page() -> float:
        started = time.perf_counter()
        response = page.get(page_url)
        elapsed = (time.perf_counter() - started) * 1000
        assert response.status_code == 200
        return elapsed

    posts: list[float] = []
    page_early: list[float] = []
    profiler = cProfile.Profile() if args.profile else None
    for n in range(1, args.hands + 1):
        payload = json.dumps({"result": a_hand(rng), "number": n})
        last = n > args.hands - 10
        if profiler is not None and last:
            profiler.enable()
        started = time.perf_counter()
        response = api.post(
            f"/api/v1/games/{game_id}/hands", payload, content_type="application/json", **auth
        )
        posts.append((time.perf_counter() - started) * 1000)
        if profiler is not None and last:
            profiler.disable()
        assert response.status_code == 201, response.content[:300]
        if n == 5:
            load_page()  # warm
            page_early = [load_page() for _ in range(args.repeat)]
    load_page()
    page_late = [load_page() for _ in range(args.repeat)]
    figures = {
        "post_6_15": statistics.median(posts[5:15]),
        "post_last_10": statistics.median(posts[-10:]),
        "page_5": statistics.median(page_early),
        "page_last": statistics.median(page_late),
    }
    figures["post_ratio"] = figures["post_last_10"] / figures["post_6_15"]
    figures["page_ratio"] = figures["page_last"] / figures["page_5"]
    hands = args.hands
    print(f"hand post, hands 6-15:        {figures['post_6_15']:7.1f} ms (median)", file=out)
    print(f"hand post, hands {hands - 9}-{hands}:   {figures['post_last_10']:7.1f} ms", file=out)
    print(f"  ratio {figures['post_ratio']:.2f}x (target <= 1.5x)", file=out)
    print(f"game page at hand 5:          {figures['page_5']:7.1f} ms", file=out)
    print(f"game page at hand {hands}:        {figures['page_last']:7.1f} ms", file=out)
    print(f"  ratio {figures['page_ratio']:.2f}x (target <= 2x)", file=out)
    if profiler is not None:
        pstats.Stats(profiler, stream=out).sort_stats("cumulative").print_stats(args.top)
    return figures


def main(argv: list[str] | None = None, out: TextIO = sys.stdout) -> dict[str, float]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=200)
    parser.add_argument("--repeat", type=int, default=15)
    parser.add_argument("--seed", type=int, default=SEED)
    parser.add_argument("--profile", action="store_true")
    parser.add_argument("--top", type=int, default=40)
    args = parser.parse_args(argv)
    setup_django()
    from django.db import connection
    from django.test.utils import setup_test_environment, teardown_test_environment

    with tempfile.TemporaryDirectory() as folder:
        if connection.vendor == "sqlite":
            connection.settings_dict["TEST"]["NAME"] = str(Path(folder) / "bench.sqlite3")
        else:
            connection.settings_dict["TEST"]["NAME"] = f"{connection.settings_dict['NAME']}_bench"
        setup_test_environment()
        old_name = connection.creation.create_test_db(verbosity=0, autoclobber=True)
        try:
            figures = run(args, out)
        finally:
            connection.creation.destroy_test_db(old_name, verbosity=0)
            teardown_test_environment()
    return figures


if __name__ == "__main__":
    main()

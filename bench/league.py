"""Benchmark of a big league: standings time and query count beside the home page's.

    .venv/bin/python bench/league.py                      # 2,000 games, 20,000 hands, SQLite
    DATABASE_URL=postgres://postgres@127.0.0.1:5432/rt_bench .venv/bin/python bench/league.py
    .venv/bin/python bench/league.py --games 200          # scaled down

The script makes its own throwaway database (Django's test database: a temporary SQLite file,
or ``<name>_bench`` on PostgreSQL, dropped at the end) and fills one league through the real
services (the same import path the organiser uses: every hand replayed by the engine, places
and ratings derived). Half the games are German Rummy (3-4 players, 10 hands, fewest penalty
points first), half Nowrang (2 players, a match of 10 one-hand games, most games won first),
among 16 players, seeded so every run builds the same league.

It measures, at a tenth of the games and at all of them (the query counts must not grow):
the home page, the league page (standings), the standings API, a player's page, and the
writes: finishing one more game (one rating update per scope), and correcting a hand of the
middle game and of the first game (ratings rebuilt from that game on). Times are medians of
``--repeat`` requests through Django's test client (no network); figures, not pass/fail.
"""

from __future__ import annotations

import argparse
import os
import random
import secrets
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TextIO

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

SEED = 20261130
NAMES = [
    "Ann", "Bob", "Cy", "Di", "Ed", "Flo", "Gus", "Hal",
    "Ida", "Jo", "Kim", "Lu", "Max", "Ned", "Ola", "Pia",
]  # fmt: skip
HANDS = 10


def setup_django() -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "scorekeeper.settings")
    os.environ.setdefault("DEBUG", "0")
    # Production settings want a strong secret key; a benchmark's throwaway database needs
    # no lasting one, so run as the README says without setting one.
    os.environ.setdefault("SECRET_KEY", secrets.token_urlsafe(50))
    import django
    from django.conf import settings

    django.setup()
    # Production settings, except static files: no collectstatic needed for a benchmark.
    settings.STORAGES = {
        **settings.STORAGES,
        "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
    }
    settings.SECURE_SSL_REDIRECT = False  # the test client speaks plain HTTP


@dataclass
class Figure:
    label: str
    games: int
    median_ms: float
    queries: int


def plan_games(rng: random.Random, count: int, start_day: int) -> list[dict]:
    """``count`` finished games as the import's JSON, one or two a day."""
    import datetime as dt

    games = []
    first = dt.date(2024, 1, 1)
    for i in range(count):
        day = first + dt.timedelta(days=(start_day + i) // 2)
        if i % 2 == 0:
            players = rng.sample(NAMES, rng.choice((3, 4)))
            hands = []
            for _ in range(HANDS):
                out = rng.choice(players)
                held = {p: {"points": rng.randrange(0, 80)} for p in players if p != out}
                hands.append({"out": out, "hands": held})
            variant, options = "german-rummy", {"hands": HANDS}
        else:
            players = rng.sample(NAMES, 2)
            hands = [{"out": rng.choice(players)} for _ in range(HANDS)]
            variant, options = "nowrang", {"match-games": HANDS}
        games.append(
            {
                "date": day.isoformat(),
                "variant": variant,
                "options": options,
                "players": players,
                "hands": hands,
            }
        )
    return games


def measure(label: str, games: int, repeat: int, action: Callable[[], object]) -> Figure:
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    action()  # warm caches (templates, the engine's tables)
    times, counts = [], []
    for _ in range(repeat):
        with CaptureQueriesContext(connection) as captured:
            started = time.perf_counter()
            action()
            times.append((time.perf_counter() - started) * 1000)
        counts.append(len(captured.captured_queries))
    return Figure(label, games, statistics.median(times), max(counts))


def run(args: argparse.Namespace, out: TextIO) -> list[Figure]:
    from django.test import Client
    from django.urls import reverse

    from scorekeeper.games.scoresheet.services import hand_add, hand_correction
    from scorekeeper.leagues.models import LeagueGame
    from scorekeeper.leagues.services import league_create, league_game_create
    from scorekeeper.leagues.transfer import import_games

    rng = random.Random(args.seed)
    league, token = league_create(name="Bench club", variants=["german-rummy", "nowrang"])
    client = Client()
    figures: list[Figure] = []
    built = 0
    for target in sorted({max(2, args.games // 10), args.games}):
        started = time.perf_counter()
        while built < target:
            batch = plan_games(rng, min(500, target - built), built)
            report = import_games(league=league, token=token, data={"games": batch}, dry_run=False)
            assert report.ok, report.errors[:3]
            built += len(batch)
        print(
            f"built {built} games in the league ({time.perf_counter() - started:.1f} s)",
            file=out,
        )
        player = league.players.order_by("pk").first()
        pages = [
            ("home page", reverse("home")),
            ("league page (standings)", reverse("league", args=[league.public_id]) + "?season=all"),
            ("standings API", f"/api/v1/leagues/{league.public_id}/standings"),
            (
                "standings API, one variant",
                f"/api/v1/leagues/{league.public_id}/standings?variant=nowrang",
            ),
            ("player page", reverse("league_player", args=[league.public_id, player.pk])),
            ("player API", f"/api/v1/leagues/{league.public_id}/players/{player.pk}"),
            ("games API (latest 100)", f"/api/v1/leagues/{league.public_id}/games?limit=100"),
        ]
        for _label, url in pages:  # every page once first: the session exists at each size
            client.get(url)
        for label, url in pages:

            def get(url=url):
                response = client.get(url)
                assert response.status_code == 200, (url, response.status_code)

            figures.append(measure(label, built, args.repeat, get))

    # Writes on the full league.
    def finish_one() -> None:
        link, _ = league_game_create(
            league=league,
            token=token,
            variant="nowrang",
            options={"match-games": 1},
            players=rng.sample(NAMES, 2),
            dealer=None,
        )
        hand_add(game=link.game, entry={"out": link.game.seats.first().name})

    figures.append(measure("write: finish one more game", built, args.repeat, finish_one))
    links = list(LeagueGame.objects.filter(league=league, variant="nowrang").order_by("played"))

    def correct(link: LeagueGame) -> Callable[[], None]:
        names = list(link.game.seats.values_list("name", flat=True))
        flip = iter(range(10**6))

        def action() -> None:  # alternate the winner of hand 1 so each run changes places
            hand_correction(game=link.game, number=1, entry={"out": names[next(flip) % 2]})

        return action

    middle = links[len(links) // 2]
    figures.append(measure("write: correct a hand, middle game", built, 3, correct(middle)))
    figures.append(measure("write: correct a hand, first game", built, 3, correct(links[0])))

    # The whole league moves: its export imported into a new league (API.md "moving a
    # league": 2,000 games within 15 s), written aside in short steps and switched in.
    from scorekeeper.leagues.transfer import export_document

    document = export_document(league=league)
    copies = iter(range(10**6))

    def move() -> None:
        copy, copy_token = league_create(name=f"Bench copy {next(copies)}")
        report = import_games(league=copy, token=copy_token, data=document, dry_run=False)
        assert report.ok and len(report.created) == len(document["games"]), report.errors[:3]

    figures.append(measure("import the whole league's export", built, 1, move))
    return figures


def report(figures: list[Figure], out: TextIO, vendor: str) -> None:
    print(f"\ndatabase: {vendor}", file=out)
    print(f"{'what':40} {'games':>6} {'median ms':>10} {'queries':>8}", file=out)
    for f in figures:
        print(f"{f.label:40} {f.games:>6} {f.median_ms:>10.1f} {f.queries:>8}", file=out)


def main(argv: list[str] | None = None, out: TextIO = sys.stdout, own_database: bool = True):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--repeat", type=int, default=20)
    parser.add_argument("--seed", type=int, default=SEED)
    args = parser.parse_args(argv)
    setup_django()
    from django.db import connection

    if not own_database:  # inside the test suite: its database is already set up
        figures = run(args, out)
        report(figures, out, connection.vendor)
        return figures

    from django.test.utils import setup_test_environment, teardown_test_environment

    with tempfile.TemporaryDirectory() as folder:
        if connection.vendor == "sqlite":
            connection.settings_dict["TEST"]["NAME"] = str(Path(folder) / "bench.sqlite3")
        else:  # never the test suite's test_<name>, which may be in use
            connection.settings_dict["TEST"]["NAME"] = f"{connection.settings_dict['NAME']}_bench"
        setup_test_environment()
        old_name = connection.creation.create_test_db(verbosity=0, autoclobber=True)
        try:
            figures = run(args, out)
            report(figures, out, connection.vendor)
        finally:
            if connection.vendor == "postgresql":
                # Dropping the database is the bench's own housekeeping, not a request: on a
                # busy machine it may take longer than the app's statement_timeout.
                connection.close()
                connection.settings_dict.setdefault("OPTIONS", {})
                options = connection.settings_dict["OPTIONS"].get("options", "")
                connection.settings_dict["OPTIONS"]["options"] = (
                    options + " -c statement_timeout=0"
                ).strip()
            connection.creation.destroy_test_db(old_name, verbosity=0)
            teardown_test_environment()
    return figures


if __name__ == "__main__":
    main()

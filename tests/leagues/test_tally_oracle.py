"""A player's record read from the stored tallies equals the record replayed from every stored
hand (:func:`tally_oracle.stats_from_hands`), for random leagues of three families (penalty
points, Knock Rummy's undercuts, Phỏm's chips) after many edits: hands recorded, corrected,
deleted and restored, players renamed and merged, games moved to other nights or made
friendlies, games imported (by CSV into another league, and into the same one), seasons
added. And the data migration's fill gives the very same tallies."""

from __future__ import annotations

import datetime as dt
import random

import pytest
from django.apps import apps

from scorekeeper.games.models import Game
from scorekeeper.leagues.models import ChipTally, HandTally, League, LeagueGame
from scorekeeper.leagues.selectors import player_hand_stats
from scorekeeper.leagues.services import (
    league_game_set_played_on,
    league_game_set_ranked,
    player_merge,
    player_rename,
    season_create,
)
from scorekeeper.leagues.transfer import export_csv, import_games
from scorekeeper.rules.errors import RulesError
from tests.writes import hand_correct, hand_delete, hand_record, hand_restore

from .helpers import new_league, penalties, play, when
from .tally_oracle import stats_from_hands

pytestmark = pytest.mark.django_db

NAMES = ["Ann", "Bob", "Cy", "Di", "Eve", "Fay", "Gus"]
VARIANTS = {
    "german-rummy": lambda rnd: {"hands": rnd.randint(1, 3)},
    "knock-rummy": lambda rnd: {"target": rnd.choice([1, 40])},
    "phom": lambda rnd: {"hands": rnd.randint(1, 3)},
}


def an_entry(rnd: random.Random, variant: str, players: list[str]) -> dict:
    first = rnd.choice(players)
    if variant == "german-rummy":
        return penalties(first, **{p: rnd.randint(0, 40) for p in players if p != first})
    if variant == "knock-rummy":
        return {
            "knocker": first,
            "hands": {p: {"points": rnd.randint(0, 10 if p == first else 30)} for p in players},
        }
    if rnd.random() < 0.4:
        return {"u": first, "u_cards": 9}
    return {
        "hands": {p: {"points": rnd.randint(0, 40), "mom": rnd.random() < 0.2} for p in players}
    }


def scopes(league: League):
    yield {}
    variants = set(league.games.values_list("variant", flat=True)) | {"phom"}
    for season in [None, *league.seasons.all()]:
        for variant in [None, *sorted(variants)]:
            if season or variant:
                yield {"season": season, "variant": variant}


def check(league: League) -> int:
    """Every player's record in every scope, stored against replayed; how many hands counted."""
    counted = 0
    for player in league.players.all():
        for scope in scopes(league):
            stored = player_hand_stats(league=league, player=player, **scope)
            assert stored == stats_from_hands(league=league, player=player, **scope), (
                player.name,
                scope,
            )
            if not scope:
                counted += sum(item["hands"] for item in stored["by_variant"])
    return counted


def live(game: Game) -> int:
    return game.hands.filter(deleted_at__isnull=True).count()


def build(rnd: random.Random, league: League, token: str, games: int) -> list[LeagueGame]:
    links = []
    for _ in range(games):
        variant = rnd.choice(list(VARIANTS))
        players = rnd.sample(NAMES, rnd.randint(2, 4))
        link, _ = play(
            league,
            token,
            players,
            None,
            played=when(rnd.randint(1, 28)),
            ranked=rnd.random() < 0.8,
            variant=variant,
            options=VARIANTS[variant](rnd),
        )
        for _ in range(rnd.randint(0, 3)):
            link.game.refresh_from_db()
            if link.game.over:
                break
            try:
                hand_record(game=link.game, entry=an_entry(rnd, variant, players))
            except RulesError:
                pass
        links.append(link)
    return links


def edit(rnd: random.Random, league: League, token: str, links: list[LeagueGame]) -> str:
    """One random edit of the league; returns what was done."""
    action = rnd.choice(
        ["correct", "correct", "delete", "delete", "restore", "record", "rename", "merge", "night"]
        + ["rank", "merge"]
    )
    link = rnd.choice(links)
    link.refresh_from_db()
    game = link.game
    game.refresh_from_db()
    players = list(game.seats.order_by("position").values_list("name", flat=True))
    try:
        if action == "correct" and live(game):
            number = rnd.randint(1, live(game))
            hand_correct(game=game, number=number, entry=an_entry(rnd, link.variant, players))
        elif action == "delete" and live(game):
            hand_delete(game=game, number=rnd.randint(1, live(game)))
        elif action == "restore":
            gone = game.hands.filter(deleted_at__isnull=False).first()
            if gone is None:
                return "nothing to restore"
            hand_restore(game=game, hand_id=gone.pk)
        elif action == "record" and not game.over:
            hand_record(game=game, entry=an_entry(rnd, link.variant, players))
        elif action == "rename":
            player = rnd.choice(list(league.players.all()))
            player_rename(
                league=league, token=token, player=player, name=f"{player.name}{rnd.randint(1, 9)}"
            )
        elif action == "merge":
            people = list(league.players.all())
            sat = [set(g.seats.values()) for g in league.games.all()]
            pairs = [
                (a, b)
                for a in people
                for b in people
                if a.pk != b.pk and not any({a.pk, b.pk} <= seats for seats in sat)
            ]
            if not pairs:
                return "nobody to merge"
            player, into = rnd.choice(pairs)
            player_merge(league=league, token=token, player=player, into=into)
        elif action == "night":
            day = dt.date(2026, 3, rnd.randint(1, 28))
            league_game_set_played_on(league=league, token=token, link=link, played_on=day)
        elif action == "rank":
            league_game_set_ranked(league=league, token=token, link=link, ranked=not link.ranked)
        else:
            return "skipped"
    except RulesError:
        return f"{action} refused"
    return action


@pytest.mark.parametrize("seed", range(4))
def test_stored_tallies_equal_the_replayed_hands(seed):
    rnd = random.Random(seed)
    league, token = new_league()
    season_create(
        league=league, token=token, name="Early", starts=dt.date(2026, 3, 1), ends=when(10).date()
    )
    links = build(rnd, league, token, 14)
    assert check(league) > 0
    # A stand-in who sat at one Phỏm table turns out to be another of the league's players.
    other = rnd.choice(NAMES)
    extra, _ = play(league, token, [other, "Stand-in"], None, variant="phom", options={"hands": 2})
    hand_record(game=extra.game, entry={"u": "Stand-in", "u_cards": 9})
    links.append(extra)
    check(league)
    into = league.players.get(name=rnd.choice([n for n in NAMES if n != other]))
    player_merge(league=league, token=token, player=league.players.get(name="Stand-in"), into=into)
    check(league)
    done = []
    for step in range(40):
        done.append(edit(rnd, league, token, links))
        if step % 10 == 9:
            check(league)
    assert {"correct", "delete", "rename"} <= set(done), done
    # A season added afterwards scopes the same rows.
    season_create(
        league=league, token=token, name="Late", starts=when(11).date(), ends=when(28).date()
    )
    check(league)
    # An import into another league (players matched by name), then the same CSV into this
    # league again (duplicates allowed): each game's tallies written as it is created.
    copy, copy_token = new_league(name="Copy")
    text = export_csv(league=league)
    report = import_games(league=copy, token=copy_token, csv_text=text, dry_run=False)
    assert report.ok and report.created
    report = import_games(
        league=league, token=token, csv_text=text, dry_run=False, allow_duplicates=True
    )
    assert report.ok and report.created
    assert check(copy) > 0
    counted = check(league)
    # Editing the copy's games never touches this league's tallies.
    copy_links = list(copy.games.all())
    for _ in range(8):
        edit(rnd, copy, copy_token, copy_links)
    check(copy)
    assert check(league) == counted
    # A deleted game takes its tallies with it.
    gone = rnd.choice(list(league.games.all()))
    gone.game.delete()
    assert not HandTally.objects.filter(league_game_id=gone.pk).exists()
    check(league)


def test_the_migration_fills_the_same_tallies():
    rnd = random.Random(7)
    league, token = new_league()
    links = build(rnd, league, token, 12)
    for _ in range(12):
        edit(rnd, league, token, links)

    def rows():
        return (
            sorted(
                HandTally.objects.values_list(
                    "league_game", "player", "counts", "tallied", "chip_game"
                )
            ),
            sorted(
                ChipTally.objects.values_list("league_game", "player", "opponent", "won", "lost")
            ),
        )

    kept = rows()
    assert kept[0] and kept[1]  # some chips moved in the Phỏm games
    HandTally.objects.all().delete()
    ChipTally.objects.all().delete()
    migration = __import__(
        "scorekeeper.leagues.migrations.0004_hand_tallies", fromlist=["fill_tallies"]
    )
    migration.fill_tallies(apps, None)
    assert rows() == kept
    check(league)


def test_a_rename_shows_the_new_name_and_a_merge_adds_up_both_records():
    league, token = new_league()
    link, _ = play(league, token, ["Ann", "Bob"], None, variant="phom", options={"hands": 1})
    hand_record(game=link.game, entry={"u": "Ann", "u_cards": 9})
    link, _ = play(league, token, ["Ann", "Bobby"], None, variant="phom", options={"hands": 1})
    hand_record(game=link.game, entry={"u": "Ann", "u_cards": 9})
    ann = league.players.get(name="Ann")
    before = player_hand_stats(league=league, player=ann)
    assert {c["player"]: c["won"] for c in before["chips"]} == {"Bob": 6, "Bobby": 6}
    bob = league.players.get(name="Bob")
    player_rename(league=league, token=token, player=bob, name="Robert")
    assert [c["player"] for c in player_hand_stats(league=league, player=ann)["chips"]] == [
        "Bobby",
        "Robert",
    ]
    bobby = league.players.get(name="Bobby")
    player_merge(league=league, token=token, player=bobby, into=bob)
    after = player_hand_stats(league=league, player=ann)
    assert [(c["player"], c["won"]) for c in after["chips"]] == [("Robert", 12)]
    robert = player_hand_stats(league=league, player=league.players.get(name="Robert"))
    assert robert["by_variant"][0]["hands"] == 2
    assert robert["chips"] == [
        {"player_id": ann.pk, "player": "Ann", "won": 0, "lost": 12, "net": -12}
    ]
    check(league)


def test_a_site_export_and_import_brings_every_record_back(tmp_path):
    """import_data links the imported games to the league (no hand is recorded again): the
    tallies are written as each link is synced."""
    from tests.ops.test_export_import import export, load, make_league, wipe

    league, token = make_league()
    link, _ = play(
        league, token, ["Ann", "Robert", "Cy"], None, variant="phom", options={"hands": 2}
    )
    hand_record(game=link.game, entry={"u": "Cy", "u_cards": 9})

    def records(league):
        out = {}
        for player in league.players.all():
            stats = player_hand_stats(league=league, player=player)
            for line in stats["chips"]:
                line.pop("player_id")
            out[player.name] = stats
        return out

    before = records(league)
    assert before["Cy"]["chips"] and before["Ann"]["by_variant"]
    document = export()
    wipe()
    load(document, tmp_path, "--commit")
    restored = League.objects.get(public_id=league.public_id)
    assert records(restored) == before
    check(restored)

"""How a rebuild writes its rating snapshots: each carries its game's date, edits of every kind
leave what a rebuild from scratch gives, and a correction overwrites the later ratings rather
than deleting and inserting them (SQLite) or replaces them in bulk (PostgreSQL)."""

import datetime as dt

import pytest
from django.db import connection

from scorekeeper.leagues.models import RatingSnapshot, Standing
from scorekeeper.leagues.services import (
    league_game_set_played_on,
    league_game_set_ranked,
    rebuild_league,
    season_create,
)
from tests.writes import hand_correct

from .helpers import new_league, penalties, play, when

pytestmark = pytest.mark.django_db

TABLES = [
    (["Ann", "Bob", "Cy"], penalties("Ann", Bob=10, Cy=20)),
    (["Ann", "Bob", "Di"], penalties("Di", Ann=5, Bob=5)),
    (["Bob", "Cy"], penalties("Cy", Bob=7)),
    (["Ann", "Cy", "Di"], penalties("Ann", Cy=3, Di=30)),
    (["Ann", "Bob", "Cy", "Di"], penalties("Bob", Ann=1, Cy=2, Di=3)),
]


def build():
    league, token = new_league(min_games=1)
    season_create(
        league=league, token=token, name="Spring", starts=when(2).date(), ends=when(4).date()
    )
    links = [
        play(league, token, players, entry, played=when(day))[0]
        for day, (players, entry) in enumerate(TABLES, start=1)
    ]
    return league, token, links


def state(league):
    snaps = sorted(
        (s.scope, s.league_game_id, s.player_id, s.played, s.mu, s.sigma)
        for s in RatingSnapshot.objects.filter(league=league)
    )
    table = sorted(
        (s.scope, s.player_id, s.games, s.wins, s.place_sum, s.score, s.mu, s.sigma)
        for s in Standing.objects.filter(league=league)
    )
    return snaps, table


def check(league):
    latest = {}
    for snap in (
        RatingSnapshot.objects.filter(league=league)
        .select_related("league_game")
        .order_by("played", "league_game_id")
    ):
        assert snap.played == snap.league_game.played
        latest[(snap.scope, snap.player_id)] = (snap.mu, snap.sigma)
    # Every float arrives in the snapshots as computed: the last one of each player in each
    # scope is the table's rating, written through the ORM.
    assert latest == {
        (s.scope, s.player_id): (s.mu, s.sigma)
        for s in Standing.objects.filter(league=league)
        if (s.scope, s.player_id) in latest
    }
    assert latest
    kept = state(league)
    rebuild_league(league=league)
    assert state(league) == kept  # exactly: the same floats


def test_every_kind_of_edit_leaves_what_a_rebuild_from_scratch_gives():
    league, token, links = build()
    check(league)
    hand_correct(game=links[0].game, number=1, entry=penalties("Cy", Ann=4, Bob=9))
    check(league)
    # Out of the season and to the front of the history, then back into the season.
    league_game_set_played_on(
        league=league, token=token, link=links[3], played_on=dt.date(2026, 2, 1)
    )
    check(league)
    league_game_set_played_on(league=league, token=token, link=links[3], played_on=when(3).date())
    check(league)
    league_game_set_ranked(league=league, token=token, link=links[1], ranked=False)
    check(league)
    league_game_set_ranked(league=league, token=token, link=links[1], ranked=True)
    check(league)
    play(league, token, ["Bob", "Di"], penalties("Bob", Di=8), played=when(6))
    check(league)


def test_a_correction_of_the_first_game_rewrites_every_later_rating():
    league, _token, links = build()
    before = {
        (s.scope, s.league_game_id, s.player_id): (s.pk, s.mu, s.sigma)
        for s in RatingSnapshot.objects.filter(league=league)
    }
    hand_correct(game=links[0].game, number=1, entry=penalties("Cy", Ann=4, Bob=9))
    after = {
        (s.scope, s.league_game_id, s.player_id): (s.pk, s.mu, s.sigma)
        for s in RatingSnapshot.objects.filter(league=league)
    }
    assert after.keys() == before.keys()
    assert all(after[key][1:] != before[key][1:] for key in before if key[0] == "|")
    if connection.vendor != "postgresql":  # SQLite overwrites the rows where they are
        assert {key: value[0] for key, value in after.items()} == {
            key: value[0] for key, value in before.items()
        }
    check(league)


def test_snapshots_go_with_their_game_player_and_league():
    """The snapshot table has no foreign key constraints in the database (see the model):
    Django's cascades must still delete the rows of whatever they belonged to."""
    league, _token, links = build()
    links[0].game.delete()
    assert not RatingSnapshot.objects.filter(league_game_id=links[0].pk).exists()
    ann = league.players.get(key="ann")
    ann.delete()
    assert not RatingSnapshot.objects.filter(player_id=ann.pk).exists()
    assert RatingSnapshot.objects.filter(league=league).exists()
    league.delete()
    assert not RatingSnapshot.objects.exists()


@pytest.mark.parametrize("per_night", [1, 2, 40])
def test_game_nights_read_newest_first_give_every_night(monkeypatch, per_night):
    """The last N nights come from the newest games only; a night with more games than are
    read per night is read on past, never cut short or skipped. (A night is a day with a
    finished ranked game, so each game here is played to its end.)"""
    from scorekeeper.leagues import selectors

    league, token = new_league()
    for day, hours in ((1, [20]), (2, [19, 21]), (4, [18, 19, 20, 21, 22]), (6, [20])):
        for hour in hours:
            at = when(day).replace(hour=hour)
            play(league, token, ["Ann", "Bob"], penalties("Ann", Bob=5), played=at)
    every = selectors.game_nights(league=league)
    assert every == [when(d).date() for d in (6, 4, 2, 1)]
    monkeypatch.setattr(selectors, "NIGHT_GAMES", per_night)
    for limit in range(1, 6):
        assert selectors.game_nights(league=league, limit=limit) == every[:limit]
        until = when(4).date()
        assert selectors.game_nights(league=league, until=until, limit=limit) == every[1:][:limit]

"""Correcting, deleting or un-finishing a league game leaves the league exactly as if history had
always been so: compared with a league built from scratch with the corrected data."""

import pytest

from scorekeeper.leagues.models import RatingSnapshot
from scorekeeper.leagues.selectors import standings
from scorekeeper.leagues.services import rebuild_league, season_create
from tests.writes import hand_correct, hand_delete, hand_record, hand_restore

from .helpers import new_league, penalties, play, when

pytestmark = pytest.mark.django_db

ABCD = ["Ann", "Bob", "Cy", "Di"]
GAMES = [
    penalties("Ann", Bob=10, Cy=20, Di=30),
    penalties("Bob", Ann=5, Cy=40, Di=1),
    penalties("Cy", Ann=7, Bob=3, Di=9),
    penalties("Di", Ann=2, Bob=8, Cy=4),
    penalties("Ann", Bob=1, Cy=2, Di=3),
]
CORRECTED = penalties("Di", Ann=50, Bob=10, Cy=20)  # game 1 as it really was


def table(league, **scope):
    return [
        (
            r.player,
            r.rank,
            r.games,
            r.wins,
            r.score,
            round(r.avg_place, 9),
            round(r.mu, 9),
            round(r.sigma, 9),
            r.provisional,
        )
        for r in standings(league=league, **scope)
    ]


def history(league):
    return sorted(
        (
            s.scope.split("|")[1],
            s.league_game.played,
            s.player.name,
            round(s.mu, 9),
            round(s.sigma, 9),
        )
        for s in RatingSnapshot.objects.filter(league=league).select_related(
            "player", "league_game"
        )
    )


def build(entries, *, season=True):
    league, token = new_league(min_games=2)
    if season:
        season_create(
            league=league, token=token, name="Spring", starts=when(1).date(), ends=when(3).date()
        )
    links = [
        play(league, token, ABCD, entry, played=when(day))[0]
        for day, entry in enumerate(entries, start=1)
    ]
    return league, token, links


def same(edited, fresh):
    assert table(edited) == table(fresh)
    assert table(edited, variant="german-rummy") == table(fresh, variant="german-rummy")
    season_e, season_f = edited.seasons.get(), fresh.seasons.get()
    assert table(edited, season=season_e) == table(fresh, season=season_f)
    assert history(edited) == history(fresh)


def test_correcting_an_early_hand_equals_a_league_built_with_the_right_hand():
    edited, _, links = build(GAMES)
    before = table(edited)
    hand_correct(game=links[0].game, number=1, entry=CORRECTED)
    fresh, _, _ = build([CORRECTED, *GAMES[1:]])
    same(edited, fresh)
    assert table(edited) != before


def test_only_the_changed_game_and_later_are_rated_again():
    edited, _, links = build(GAMES)
    first_two = set(
        RatingSnapshot.objects.filter(league_game__in=links[:2]).values_list("pk", flat=True)
    )
    hand_correct(game=links[2].game, number=1, entry=penalties("Bob", Ann=1, Cy=2, Di=3))
    kept = set(
        RatingSnapshot.objects.filter(league_game__in=links[:2]).values_list("pk", flat=True)
    )
    assert kept == first_two  # untouched rows, not recomputed ones


def test_unfinishing_a_game_by_deleting_its_hand_then_restoring_it():
    edited, _, links = build(GAMES)
    hand = hand_delete(game=links[1].game, number=1)
    links[1].refresh_from_db()
    assert not links[1].finished
    # The fresh league holds that game unfinished, on the same day, counting for nothing.
    fresh, _, _ = build([GAMES[0], None, *GAMES[2:]])
    same(edited, fresh)

    hand_restore(game=links[1].game, hand_id=hand.pk)
    again, _, _ = build(GAMES)
    same(edited, again)


def test_finishing_an_old_unfinished_game_later_slots_it_into_history():
    edited, token, links = build([GAMES[0], None, *GAMES[2:]])
    hand_record(game=links[1].game, entry=GAMES[1])
    fresh, _, _ = build(GAMES)
    same(edited, fresh)


def test_rebuild_from_scratch_changes_nothing():
    league, _, _ = build(GAMES)
    before_table, before_history = table(league), history(league)
    rebuild_league(league=league)
    assert table(league) == before_table
    assert history(league) == before_history

"""Players: renames (former names kept, clashes refused, also two at once), merges, and names
that may not hold invisible characters (league and season names too)."""

import datetime as dt

import pytest

from scorekeeper.leagues.models import Player
from scorekeeper.leagues.selectors import standings
from scorekeeper.leagues.services import (
    league_create,
    league_update,
    player_merge,
    player_rename,
    rebuild_league,
    season_create,
)
from scorekeeper.rules.errors import ResultError
from tests.games.test_concurrency import run_together

from .helpers import new_league, penalties, play, when

pytestmark = pytest.mark.django_db


def table(league):
    return [(r.player, r.games, r.wins, round(r.mu, 9)) for r in standings(league=league)]


def test_rename_keeps_former_names_and_refuses_a_taken_name():
    league, token = new_league(min_games=1)
    play(league, token, ["Cy", "Ann"], penalties("Cy", Ann=5), played=when(1))
    cy = Player.objects.get(league=league, key="cy")
    player_rename(league=league, token=token, player=cy, name="  Cyrus ")
    cy.refresh_from_db()
    assert (cy.name, cy.former_names) == ("Cyrus", ["Cy"])
    player_rename(league=league, token=token, player=cy, name="Cy")  # back again
    cy.refresh_from_db()
    assert (cy.name, cy.former_names) == ("Cy", ["Cyrus"])
    with pytest.raises(ResultError) as err:
        player_rename(league=league, token=token, player=cy, name="ANN")
    assert err.value.field == "name"
    with pytest.raises(ResultError) as err:
        player_rename(league=league, token=token, player=cy, name="C\u202ey")
    assert err.value.field == "name" and "202E" in str(err.value)


@pytest.mark.parametrize("bad", ["Club\u202e", "Cl\u200bub", "Club\u2066x", "\u200f"])
def test_league_and_season_names_refuse_invisible_characters(bad):
    with pytest.raises(ResultError) as err:
        league_create(name=bad)
    assert err.value.field == "name"
    league, token = new_league()
    with pytest.raises(ResultError):
        league_update(league=league, token=token, name=bad)
    with pytest.raises(ResultError) as err:
        season_create(
            league=league,
            token=token,
            name=bad,
            starts=dt.date(2026, 1, 1),
            ends=dt.date(2026, 2, 1),
        )
    assert err.value.field == "name"


@pytest.mark.parametrize("char", ["\x07", "\u2028", "\u3164", "\U000e0041", "\ud800"])
def test_league_names_refuse_what_player_names_refuse(char):
    """One definition (scorekeeper.rules.text): a league's name refuses a character with the
    message a player's name gets, naming it and its place."""
    from scorekeeper.rules.scoring.setup import player_name

    with pytest.raises(ResultError) as engine:
        player_name(f"Club{char}x")
    with pytest.raises(ResultError) as league:
        league_create(name=f"Club{char}x")
    assert league.value.message == engine.value.message
    assert league.value.message.params["position"] == 5


def test_a_line_break_in_a_league_name_is_a_space_as_in_a_player_name():
    league, _token = league_create(name="Thursday\x0bclub")
    assert league.name == "Thursday club"


@pytest.mark.django_db(transaction=True)
def test_two_renames_to_one_name_at_once_refuse_one():
    league, token = new_league()
    play(league, token, ["Ann", "Bob", "Cy"], None)
    ann, bob = (Player.objects.get(league=league, key=k) for k in ("ann", "bob"))
    outcomes = []

    def rename(player):
        def work():
            try:
                player_rename(league=league, token=token, player=player, name="Dee")
                outcomes.append("renamed")
            except ResultError as err:
                outcomes.append(err.field)

        return work

    run_together([rename(ann), rename(bob)])
    assert sorted(outcomes) == ["name", "renamed"]
    assert Player.objects.filter(league=league, key="dee").count() == 1


def test_merge_makes_one_player_of_two():
    league, token = new_league(min_games=1)
    play(league, token, ["Cy", "Ann"], penalties("Cy", Ann=5), played=when(1))
    play(league, token, ["Cyrus", "Bob"], penalties("Cyrus", Bob=5), played=when(2))
    play(league, token, ["Ann", "Bob"], penalties("Bob", Ann=5), played=when(3))
    cy, cyrus = (Player.objects.get(league=league, key=k) for k in ("cy", "cyrus"))
    player_merge(league=league, token=token, player=cyrus, into=cy)
    cy.refresh_from_db()
    assert cy.former_names == ["Cyrus"]
    assert not Player.objects.filter(pk=cyrus.pk).exists()
    rows = {r.player: r for r in standings(league=league)}
    assert (rows["Cy"].games, rows["Cy"].wins) == (2, 2)
    merged = table(league)
    rebuild_league(league=league)
    assert table(league) == merged


def test_merge_refuses_two_people_of_one_game():
    league, token = new_league()
    play(league, token, ["Ann", "Bob"], penalties("Ann", Bob=5), played=when(1))
    ann, bob = (Player.objects.get(league=league, key=k) for k in ("ann", "bob"))
    with pytest.raises(ResultError) as err:
        player_merge(league=league, token=token, player=ann, into=bob)
    assert err.value.field == "into"
    with pytest.raises(ResultError):
        player_merge(league=league, token=token, player=ann, into=ann)

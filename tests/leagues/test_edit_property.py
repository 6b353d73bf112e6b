"""Property: whatever games a league holds and whichever is corrected, deleted or restored, the
incrementally kept standings and rating history equal a rebuild from scratch."""

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.leagues.models import RatingSnapshot
from scorekeeper.leagues.selectors import standings
from scorekeeper.leagues.services import (
    league_game_remove,
    league_game_restore,
    rebuild_league,
    season_create,
)
from scorekeeper.leagues.transfer import export_csv, export_document, import_games
from tests.writes import hand_correct, hand_delete, hand_restore

from .helpers import new_league, penalties, play, when

NAMES = ["Ann", "Bob", "Cy", "Di"]


@st.composite
def a_game(draw):
    players = draw(st.lists(st.sampled_from(NAMES), min_size=2, max_size=4, unique=True))
    return players, draw(an_entry(players))


@st.composite
def an_entry(draw, players):
    winner = draw(st.sampled_from(players))
    held = {p: draw(st.integers(0, 60)) for p in players if p != winner}
    return penalties(winner, **held)


def state(league):
    tables = [
        [
            (r.player, r.rank, r.games, r.wins, r.score, round(r.mu, 9), round(r.sigma, 9))
            for r in standings(league=league, **scope)
        ]
        for scope in ({}, {"variant": "german-rummy"}, {"season": league.seasons.get()})
    ]
    snaps = sorted(
        (s.scope, s.league_game_id, s.player_id, round(s.mu, 9), round(s.sigma, 9))
        for s in RatingSnapshot.objects.filter(league=league)
    )
    return tables, snaps


def portable(league):
    """The league's tables and rating history by names and game order (no database ids):
    what a league rebuilt elsewhere through export and import must give again."""
    games = {link.pk: i for i, link in enumerate(league.games.order_by("played", "pk"), start=1)}
    names = dict(league.players.values_list("pk", "name"))
    seasons = {str(s.pk): s.name for s in league.seasons.all()}
    tables = [
        [
            (r.player, r.rank, r.games, r.wins, r.score, round(r.mu, 9), round(r.sigma, 9))
            for r in standings(league=league, **scope)
        ]
        for scope in ({}, {"variant": "german-rummy"}, {"season": league.seasons.get()})
    ]
    snaps = sorted(
        (
            seasons.get(s.scope.partition("|")[0], "") + "|" + s.scope.partition("|")[2],
            games[s.league_game_id],
            names[s.player_id],
            round(s.mu, 9),
            round(s.sigma, 9),
        )
        for s in RatingSnapshot.objects.filter(league=league)
    )
    return tables, snaps


@settings(
    max_examples=12,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(
    games=st.lists(a_game(), min_size=1, max_size=5),
    edits=st.lists(
        st.tuples(st.integers(0, 4), st.sampled_from(["correct", "delete", "remove"]), st.data()),
        max_size=3,
    ),
)
@pytest.mark.django_db
def test_incremental_equals_rebuilt(games, edits):
    league, token = new_league(min_games=2)
    season_create(
        league=league, token=token, name="Early", starts=when(1).date(), ends=when(3).date()
    )
    links = [
        play(league, token, players, entry, played=when(day))[0]
        for day, (players, entry) in enumerate(games, start=1)
    ]
    deleted = {}
    for index, action, data in edits:
        if index >= len(links):
            continue
        game = links[index].game
        game.refresh_from_db()
        if action == "remove":
            link = links[index]
            link.refresh_from_db()
            change = league_game_restore if link.removed else league_game_remove
            change(league=league, token=token, link=link)
        elif index in deleted:
            hand_restore(game=game, hand_id=deleted.pop(index))
        elif action == "correct":
            players = games[index][0]
            hand_correct(game=game, number=1, entry=data.draw(an_entry(players)))
        else:
            deleted[index] = hand_delete(game=game, number=1).pk
        kept = state(league)
        rebuild_league(league=league)
        assert state(league) == kept
    # The league rebuilt from scratch elsewhere, through its export and an import (JSON and
    # CSV: every hand, its recorded dealer, removed games, seasons and settings), is the same.
    original = portable(league)
    for text in (None, export_csv(league=league)):
        copy, copy_token = new_league(min_games=5)
        report = import_games(
            league=copy,
            token=copy_token,
            data=export_document(league=league) if text is None else None,
            csv_text=text,
        )
        assert report.ok, report.errors
        assert portable(copy) == original

"""Every two kinds of write that change a league's history, sent at the same moment: the league
ends up exactly as a rebuild from scratch says (issue 27, item 1).

The kinds: a hand correction, a hand deletion, a move to another night (``played_on``), a
rename, a merge and an import. On PostgreSQL they really overlap (each waits on the league's
lock, and the one that waits must then rebuild from where the history changed, as committed by
the other); on SQLite one writer goes at a time, and the test checks that any order of the two
composes to the same league as a rebuild.
"""

from __future__ import annotations

import itertools

import pytest

from scorekeeper.games.models import Game
from scorekeeper.leagues.models import LeagueGame, Player, RatingSnapshot
from scorekeeper.leagues.services import (
    league_game_set_played_on,
    player_merge,
    player_rename,
    rebuild_league,
)
from scorekeeper.leagues.transfer import import_games
from tests.games.test_concurrency import run_together
from tests.writes import hand_correct, hand_delete

from .helpers import QUICK, new_league, penalties, play, when

ABC = ["Ann", "Bob", "Cy"]


def table(league):
    from scorekeeper.leagues.selectors import standings

    return sorted(
        (r.player, r.games, r.wins, round(r.mu, 9), round(r.sigma, 9))
        for r in standings(league=league)
    )


def every_scope(league):
    return sorted(
        RatingSnapshot.objects.filter(league=league).values_list(
            "scope", "league_game_id", "player_id", "mu", "sigma"
        )
    )


def arrange():
    """Six finished games among Ann, Bob and Cy (days 2 to 7, Ann wins each), and one with
    Dee (who never sat with Cy, so Dee can be merged into Cy)."""
    league, token = new_league(min_games=0)
    links = [
        play(league, token, ABC, penalties("Ann", Bob=10 + day, Cy=30), played=when(day))[0]
        for day in range(2, 8)
    ]
    play(league, token, ["Ann", "Bob", "Dee"], penalties("Dee", Ann=5, Bob=9), played=when(8))
    return league, token, links


def writers(league, token, links):
    """Each kind of write, read before the threads start (the threads only run services)."""
    corrected = Game.objects.get(pk=links[2].game_id)  # day 4
    deleted = Game.objects.get(pk=links[3].game_id)  # day 5
    moved = LeagueGame.objects.get(pk=links[2].pk)  # the corrected game, to the first night
    bob = Player.objects.get(league=league, key="bob")
    dee = Player.objects.get(league=league, key="dee")
    cy = Player.objects.get(league=league, key="cy")
    document = {
        "games": [
            {
                "played_on": "2026-03-01",
                "variant": QUICK,
                "options": {"hands": 1},
                "players": ["Cy", "Ann", "Bob"],
                "hands": [penalties("Cy", Ann=40, Bob=2)],
            }
        ]
    }

    def correct():
        # Bob wins the game that Ann had won: the winner changes, so every rating after it.
        hand_correct(game=corrected, number=1, entry=penalties("Bob", Ann=50, Cy=30))

    def delete():
        hand_delete(game=deleted, number=1)

    def move():
        league_game_set_played_on(league=league, token=token, link=moved, played_on="2026-03-01")

    def rename():
        player_rename(league=league, token=token, player=bob, name="Robert")

    def merge():
        player_merge(league=league, token=token, player=dee, into=cy)

    def import_():
        report = import_games(league=league, token=token, data=document, dry_run=False)
        assert report.ok and report.created, report.errors

    return {
        "correct": correct,
        "delete": delete,
        "move": move,
        "rename": rename,
        "merge": merge,
        "import": import_,
    }


KINDS = ["correct", "delete", "move", "rename", "merge", "import"]


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize(("first", "second"), list(itertools.combinations(KINDS, 2)))
def test_two_history_writes_at_once_leave_the_league_as_a_rebuild_does(first, second):
    league, token, links = arrange()
    work = writers(league, token, links)
    run_together([work[first], work[second]])

    together, snapshots = table(league), every_scope(league)
    rebuild_league(league=league)
    assert table(league) == together
    assert every_scope(league) == snapshots


@pytest.mark.django_db(transaction=True)
def test_a_correction_and_a_move_of_the_same_game_rate_it_where_it_now_is():
    """The issue's case, three rounds: Bob's corrected win counts on the first night, before
    every game Ann won, so Bob leads the ratings."""
    for _round in range(3):
        league, token, links = arrange()
        work = writers(league, token, links)
        run_together([work["correct"], work["move"]])
        together = table(league)
        rebuild_league(league=league)
        assert table(league) == together
        moved = LeagueGame.objects.get(pk=links[2].pk)
        assert moved.played.date().isoformat() == "2026-03-01"

"""Tables finishing league games at the same moment, against the real database: the league
ends up exactly as a rebuild from scratch says (no game's rating update lost)."""

import pytest

from scorekeeper.games.models import Game
from scorekeeper.leagues.models import RatingSnapshot
from scorekeeper.leagues.selectors import standings
from scorekeeper.leagues.services import rebuild_league
from tests.games.test_concurrency import run_together
from tests.writes import hand_record

from .helpers import new_league, penalties, play, when

PLAYERS = ["Ann", "Bob", "Cy"]


def table(league):
    return [
        (r.player, r.games, r.wins, round(r.mu, 9), round(r.sigma, 9))
        for r in standings(league=league)
    ]


@pytest.mark.django_db(transaction=True)
def test_games_finishing_together_all_count():
    league, token = new_league(min_games=0)
    links = [play(league, token, PLAYERS, None, played=when(day))[0] for day in range(1, 7)]

    games = [Game.objects.get(pk=link.game_id) for link in links]  # read before the threads

    def finisher(i: int):
        def work():
            game = games[i]
            winner = PLAYERS[i % 3]
            others = {p: 5 + i for p in PLAYERS if p != winner}
            hand_record(game=game, entry=penalties(winner, **others))

        return work

    run_together([finisher(i) for i in range(len(links))])
    together = table(league)
    assert sum(games for _, games, *_ in together) == 3 * len(links)
    snapshots = RatingSnapshot.objects.filter(league=league).count()
    rebuild_league(league=league)
    assert table(league) == together
    assert RatingSnapshot.objects.filter(league=league).count() == snapshots

"""Two organiser phones acting on one club night at the same moment, against the real
database (API.md "Club nights": two draws or two approvals at once give one result). The
threads start together at a barrier; nothing waits for time."""

import threading

import pytest
from django.db import connection

from scorekeeper.games.models import Game
from scorekeeper.leagues.models import League, Night, NightRound, NightTable
from scorekeeper.leagues.nights import NightConflict, night_create, round_approve, round_draw
from tests.writes import hand_record

from .helpers import new_league

EIGHT = ["Ann", "Bob", "Cy", "Di", "Ed", "Fay", "Gus", "Hal"]


def together(works):
    """Run each of ``works`` on a thread of its own, released at once; their outcomes ("ok" or
    the error's class name), sorted. The works only call services (which retry a collision):
    everything they need is read before."""
    barrier = threading.Barrier(len(works))
    outcomes = []

    def run(work):
        try:
            barrier.wait()
            work()
            outcomes.append("ok")
        except Exception as error:  # noqa: BLE001 - reported below as an outcome
            outcomes.append(type(error).__name__)
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(work,)) for work in works]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert len(outcomes) == len(works)
    return sorted(outcomes)


def drawer(league, token, night):
    mine_league, mine_night = League.objects.get(pk=league.pk), Night.objects.get(pk=night.pk)
    return lambda: round_draw(league=mine_league, token=token, night=mine_night)


def a_night():
    league, token = new_league()
    night = night_create(
        league=league,
        token=token,
        played_on="2026-12-03",
        variant="german-rummy",
        options={"hands": 1},
        players=EIGHT,
    )
    return league, token, night


@pytest.mark.django_db(transaction=True)
def test_two_draws_at_once_draw_one_round():
    league, token, night = a_night()
    outcomes = together([drawer(league, token, night) for _ in range(2)])
    assert outcomes == ["NightConflict", "ok"]
    assert NightRound.objects.filter(night=night).count() == 1
    assert NightTable.objects.filter(round__night=night).count() == 2


@pytest.mark.django_db(transaction=True)
def test_two_approvals_at_once_approve_once():
    league, token, night = a_night()
    made = round_draw(league=league, token=token, night=night)
    for table in made.tables.select_related("league_game__game"):
        game = Game.objects.get(pk=table.league_game.game_id)
        names = list(game.seats.values_list("name", flat=True))
        hand_record(
            game=game,
            entry={"out": names[0], "hands": {n: {"points": 10} for n in names[1:]}},
        )
    stamps = []

    def approver():
        mine_league, mine_night = League.objects.get(pk=league.pk), Night.objects.get(pk=night.pk)

        def work():
            done = round_approve(league=mine_league, token=token, night=mine_night, number=1)
            stamps.append(done.approved)

        return work

    assert together([approver() for _ in range(2)]) == ["ok", "ok"]
    approved = NightRound.objects.get(night=night, number=1).approved
    assert approved is not None and stamps == [approved, approved]
    # The next round is drawn once, after the approval, whoever asks.
    assert together([drawer(league, token, night) for _ in range(2)]) == ["NightConflict", "ok"]
    assert NightRound.objects.filter(night=night).count() == 2


def test_night_conflict_is_a_409():
    assert NightConflict.status == 409

"""A keeper's hand POST from the page takes a bounded number of queries, the same at hand 5 and
at hand 40 (issue 36 §7), and the view reads the seats once (it read them twice, the service a
third time).

The issue's goal is 12 without JavaScript and 16 with htmx. On 2026-12-03 (SQLite, no league,
no seat claimed) it is 11 and 15: the game, with whether it is an approved club-night table and
its league link (1), the grants (1), the seats (1), the write (its savepoint pair, lock, hand,
game, revision: 6), the session the undo is kept in (load, one UPDATE: 2), and for htmx the
game page's reads (4). The bounds are what it takes now, so that any query added fails here.
"""

import pytest
from django.contrib.sessions.backends.base import UpdateError
from django.contrib.sessions.models import Session
from django.db import connection
from django.test.utils import CaptureQueriesContext

from scorekeeper.games.models import Game, Seat
from scorekeeper.games.scoresheet.selectors import Players, game_get, game_players
from scorekeeper.games.scoresheet.services import game_create, hand_add
from scorekeeper.rules.errors import RulesError
from scorekeeper.sessions import SessionStore
from tests.api.helpers import send as api

from .page_helpers import HTMX, knock_hand, post_hand, start_game

pytestmark = pytest.mark.django_db

PLAIN_QUERIES = 11  # the goal: 12
HTMX_QUERIES = 15  # the goal: 16


def _queries(client, **extra) -> dict[int, list[str]]:
    game_id = start_game(client, options={"target": 100_000})
    seen = {}
    for n in range(1, 41):
        with CaptureQueriesContext(connection) as queries:
            response = post_hand(client, game_id, knock_hand(n % 3, 5, 12, 20), **extra)
        assert response.status_code == (200 if extra else 302), response.content[:500]
        seen[n] = [q["sql"] for q in queries.captured_queries]
    return seen


@pytest.mark.parametrize(
    ("extra", "most"), [({}, PLAIN_QUERIES), (HTMX, HTMX_QUERIES)], ids=["plain", "htmx"]
)
def test_a_keepers_hand_post_takes_the_same_few_queries_at_hand_5_and_40(client, extra, most):
    seen = _queries(client, **extra)
    assert len(seen[5]) == len(seen[40]) <= most, (len(seen[5]), len(seen[40]), seen[40])
    write = seen[40][: next(i for i, q in enumerate(seen[40]) if "RELEASE SAVEPOINT" in q)]
    # The seats are read once, by the view; the write takes them (nothing renamed them).
    assert sum('FROM "games_seat"' in q for q in write) == 1, write
    # Whether the game is closed and its league link come with the game, not asked again.
    assert not any("leagues_" in q for q in write[1:]), write


def test_the_write_reads_the_seats_again_when_they_were_renamed_after_the_form_read_them():
    """A club night's seat swap renames a seat of a game without a hand: a form built on the
    old names must not record a hand for a player who left the table."""
    game, _token = _game()
    read_by_the_form = game_players(game=game)
    Seat.objects.filter(game=game, name="Cy").update(name="Dee")
    Game.objects.filter(pk=game.pk).update(totals={"Ann": 0, "Bob": 0, "Dee": 0})
    entry = {
        "knocker": "Cy",
        "hands": {"Ann": {"points": 5}, "Bob": {"points": 1}, "Cy": {"points": 2}},
    }
    with pytest.raises(RulesError):
        hand_add(game=game_get(public_id=game.public_id), entry=entry, players=read_by_the_form)
    assert game_get(public_id=game.public_id).hand_count == 0


def test_the_write_takes_the_seats_the_form_read_while_they_stand():
    game, _token = _game()
    players = Players(["Ann", "Bob", "Cy"])
    players.claimed = []
    entry = {
        "knocker": "Cy",
        "hands": {"Ann": {"points": 5}, "Bob": {"points": 1}, "Cy": {"points": 2}},
    }
    fresh = game_get(public_id=game.public_id)
    with CaptureQueriesContext(connection) as queries:
        hand_add(game=fresh, entry=entry, players=players)
    assert not any('FROM "games_seat"' in q["sql"] for q in queries.captured_queries)
    assert fresh.hand_count == 1


def test_a_session_is_saved_in_one_update_and_a_deleted_one_says_so():
    store = SessionStore()
    store["undo"] = {"a": 1}
    store.save()  # a new session: Django's insert
    store["undo"] = {"a": 2}
    with CaptureQueriesContext(connection) as queries:
        store.save()
    assert [q["sql"].split()[0] for q in queries.captured_queries] == ["UPDATE"]
    assert SessionStore(store.session_key).load() == {"undo": {"a": 2}}
    Session.objects.filter(session_key=store.session_key).delete()
    with pytest.raises(UpdateError):
        store.save()


def _game():
    return game_create(
        variant="knock-rummy",
        options={"target": 100_000},
        players=["Ann", "Bob", "Cy"],
        dealer=None,
    )


def test_a_league_games_api_hand_post_reads_its_league_link_once_after_the_lock(client):
    """A league game's link is read with the game and again after the game's lock (a merge or a
    seat swap may have changed it meanwhile), and its hand post rewrites the league's tallies."""
    league = api(client, "post", "/api/v1/leagues", {"name": "Thursday club"}).json()
    body = {"variant": "standard-rummy", "players": ["Ann", "Bob", "Cy"], "league": league["id"]}
    created = api(
        client, "post", "/api/v1/games", {**body, "options": {"target": 100_000}}, league["token"]
    ).json()
    for n in range(1, 6):
        result = {"out": "Ann", "hands": {"Bob": {"points": n}, "Cy": {"points": 0}}}
        with CaptureQueriesContext(connection) as queries:
            response = api(
                client,
                "post",
                f"/api/v1/games/{created['id']}/hands",
                {"result": result},
                created["token"],
            )
        assert response.status_code == 201, response.content
    sqls = [q["sql"] for q in queries.captured_queries]
    lock = next(i for i, q in enumerate(sqls) if 'UPDATE "games_game" SET "hand_count"' in q)
    assert sum('FROM "leagues_leaguegame"' in q for q in sqls[lock:]) == 1, sqls
    # 13: the 9 of a game without a league (and without an Idempotency-Key), the link read
    # after the lock, and the league's tallies rewritten from the game's hands (read, delete,
    # insert).
    assert len(sqls) <= 13, sqls

"""Organiser grants are rows, as the games' edit grants are (issue 24 section 5: one grant model
for both): two requests of one phone at once keep both their grants, a session from before rows
trades what it kept for a row, watching many leagues takes no right away, a grant dies with a
new organiser token, and a game page asks nothing of a browser that organises no league."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from scorekeeper.games.models import Grant, hash_token
from scorekeeper.leagues import access
from scorekeeper.leagues.models import League
from tests.games.page_helpers import request_of, start_game

from .helpers import new_league, play

pytestmark = pytest.mark.django_db


def manages(phone: Client, league: League) -> bool:
    return phone.get(reverse("league_settings", args=[league.public_id])).status_code == 200


def test_two_requests_of_one_phone_at_once_keep_both_grants(client):
    first, first_token = new_league(name="Monday club")
    second, second_token = new_league(name="Friday club")
    client.get(reverse("league", args=[first.public_id]))  # the phone has a session
    start_game(client)
    key = client.session.session_key
    # Two tabs of the phone open the two organiser links at once: both requests loaded the
    # session before either saved it; the older copy is saved last.
    a, b = request_of(key), request_of(key)
    assert access.join_league(a, first, first_token)
    assert access.join_league(b, second, second_token)
    a.session.save()
    b.session.save()  # its copy never saw the first league's grant
    assert manages(client, first) and manages(client, second)
    mine = client.get(reverse("my_leagues")).content.decode()
    assert "Monday club" in mine and "Friday club" in mine
    assert Grant.objects.filter(session_id=key, kind="league").count() == 2


@pytest.mark.parametrize("kept", ["grant", "token"])
def test_a_session_from_before_rows_trades_its_grant_for_a_row(kept):
    league, token = new_league()
    phone = Client()
    session = phone.session
    value = access.grant_for(league) if kept == "grant" else token
    session[access.LEAGUES] = {league.public_id: {kept: value, "seen": "2026-01-01T00:00:00"}}
    session.save()
    phone.cookies["sessionid"] = session.session_key
    assert not Grant.objects.exists()
    assert manages(phone, league)
    # Traded on first use: a row holds the grant, the session only when the league was seen.
    row = Grant.objects.get(session_id=session.session_key, kind="league")
    assert row.public_id == league.public_id and row.grant == access.grant_for(league)
    assert set(phone.session[access.LEAGUES][league.public_id]) == {"seen"}
    assert token not in str(dict(phone.session.items()))
    assert manages(phone, league)  # from the row now
    assert league.public_id in phone.get(reverse("my_leagues")).content.decode()


def test_an_old_session_grant_for_another_league_is_no_good():
    league, _token = new_league()
    other, _other_token = new_league(name="Other club")
    phone = Client()
    session = phone.session
    session[access.LEAGUES] = {other.public_id: {"grant": access.grant_for(league), "seen": "x"}}
    session.save()
    phone.cookies["sessionid"] = session.session_key
    assert not manages(phone, other)
    assert not Grant.objects.exists()


def test_watching_more_leagues_than_the_list_keeps_takes_no_right_away(client):
    managed, token = new_league(name="Managed club")
    joined = client.post(reverse("league_join", args=[managed.public_id]), {"token": token})
    assert joined.status_code == 302
    watched = [new_league(name=f"Club {n}")[0] for n in range(access.LIMIT + 5)]
    for league in watched:
        assert client.get(reverse("league", args=[league.public_id])).status_code == 200
    listed = client.session[access.LEAGUES]
    assert len(listed) == access.LIMIT
    # The list drops the entry a row lists anyway first, then the oldest watched ones.
    assert managed.public_id not in listed
    assert watched[0].public_id not in listed and watched[-1].public_id in listed
    assert manages(client, managed)
    ids = access.my_league_ids(request_of(client.session.session_key))
    assert managed.public_id in ids and watched[-1].public_id in ids
    assert watched[4].public_id not in ids and len(ids) == access.LIMIT + 1
    mine = client.get(reverse("my_leagues")).content.decode()
    assert "Managed club" in mine


def test_my_leagues_lists_newest_first_the_managed_and_the_watched(client):
    older, _token = new_league(name="Older club")
    client.get(reverse("league", args=[older.public_id]))
    create(client, "Newer club")
    mine = client.get(reverse("my_leagues")).content.decode()
    assert mine.index("Newer club") < mine.index("Older club")


def create(client: Client, name: str) -> League:
    data = {"name": name, "description": "", "min_games": 3}
    assert client.post(reverse("league_new"), data).status_code == 302
    return League.objects.get(name=name)


def test_a_grant_dies_with_a_new_organiser_token(client):
    league = create(client, "Thursday club")
    assert manages(client, league)
    League.objects.filter(pk=league.pk).update(token_hash=hash_token("a new token"))
    assert not manages(client, league)
    assert (
        client.post(
            reverse("league_join", args=[league.public_id]), {"token": "a new token"}
        ).status_code
        == 302
    )
    assert manages(client, league)


def test_a_game_page_asks_nothing_of_a_browser_that_organises_no_league(client):
    league, token = new_league()
    link, _game_token = play(league, token, ["Ann", "Bob"], None)
    game_id = link.game.public_id
    start_game(client)  # a browser with a session and a grant of its own, for another game
    client.get(reverse("league", args=[league.public_id]))  # and a league it only watches

    def league_lookups(phone: Client) -> int:
        with CaptureQueriesContext(connection) as seen:
            assert phone.get(reverse("hand_new", args=[game_id])).status_code in (200, 403)
        # The game's own read joins its league link (whether it is a closed club-night table,
        # issue 36 §7); a lookup of the league for this browser is another query.
        return sum(
            "leagues_leaguegame" in query["sql"]
            and not query["sql"].startswith('SELECT "games_game"."id"')
            for query in seen.captured_queries
        )

    assert league_lookups(client) == 0
    assert client.get(reverse("hand_new", args=[game_id])).status_code == 403
    # The organiser's phone asks, and may correct the league's game.
    organiser = Client()
    joined = organiser.post(reverse("league_join", args=[league.public_id]), {"token": token})
    assert joined.status_code == 302
    assert league_lookups(organiser) >= 1
    assert organiser.get(reverse("hand_new", args=[game_id])).status_code == 200

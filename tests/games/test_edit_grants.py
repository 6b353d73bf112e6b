"""Edit rights that survive (issue 16 item 2): a grant is never lost.

Session data is saved whole, so when two requests of one phone run at once the later save
drops what the other added; and a session's list of games keeps only its newest 50. Grants
therefore live in rows of their own: these tests replay the race deterministically (two
requests load one session, both change it, the older copy is saved last), view more games than
the list keeps, and check that a grant is refreshed when used. The same race on a real server
is in tests/ops/test_production_smoke.py. Both run on SQLite and PostgreSQL.
"""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.contrib.sessions.backends.db import SessionStore
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from scorekeeper.games.models import Grant
from scorekeeper.games.rights import access
from scorekeeper.games.scoresheet.selectors import game_get
from scorekeeper.games.scoresheet.services import game_create

from .page_helpers import knock_hand, post_hand, request_of, start_game

pytestmark = pytest.mark.django_db


def editable(phone: Client, game_id: str) -> bool:
    return phone.get(reverse("hand_new", args=[game_id])).status_code == 200


def test_a_grant_survives_a_concurrent_save_of_the_same_session(client):
    first = start_game(client)
    key = client.session.session_key
    # Two requests of this phone at once: A starts a game, B saves a hand of the first game
    # (setting its undo). Both loaded the session before either saved it.
    a, b = request_of(key), request_of(key)
    game, token = game_create(variant="knock-rummy", options=None, players=["Ann", "Bob"], dealer=None)
    access.remember_game(a, game, token=token)
    access.set_undo(b, game_get(public_id=first), kind="recorded", number=1)
    a.session.save()
    b.session.save()  # the later save: its copy never saw A's game
    assert editable(client, game.public_id)
    assert editable(client, first)
    mine = client.get(reverse("my_games")).content.decode()
    assert game.public_id in mine


def test_a_grant_outlives_viewing_more_games_than_the_session_keeps(client):
    granted = start_game(client)
    for _ in range(access.GAMES_LIMIT + 5):
        other, _token = game_create(variant="knock-rummy", options=None, players=["A", "B"], dealer=None)
        assert client.get(reverse("game", args=[other.public_id])).status_code == 200
    assert editable(client, granted)
    assert post_hand(client, granted, knock_hand(0, 5, 12, 20)).status_code == 302
    assert granted in access.my_game_ids(request_of(client.session.session_key))


def test_a_grant_is_refreshed_when_used(client):
    game_id = start_game(client)
    old = timezone.now() - timedelta(days=200)
    Grant.objects.filter(kind="game", public_id=game_id).update(seen=old)
    assert editable(client, game_id)
    assert Grant.objects.get(kind="game", public_id=game_id).seen > old + timedelta(days=199)


def test_a_grant_goes_with_its_session(client):
    start_game(client)
    assert Grant.objects.count() == 1
    SessionStore(client.session.session_key).delete()
    assert Grant.objects.count() == 0

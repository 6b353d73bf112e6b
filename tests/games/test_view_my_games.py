"""My games: what this browser started or opened, unfinished first."""

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from .page_helpers import knock_hand, post_hand, start_game

pytestmark = pytest.mark.django_db
URL = reverse("my_games")


def test_empty(client):
    html = client.get(URL).content.decode()
    assert "No games yet on this phone." in html


def test_lists_started_and_watched_games_unfinished_first(client):
    finished = start_game(client, "knock-rummy", ["Ann", "Bob"], options={"target": 10})
    post_hand(client, finished, knock_hand(0, 0, 30))
    running = start_game(client, "phom", ["Cy", "Dan"])
    other = Client()
    watched = start_game(other, "nowrang", ["Eve", "Fay"])
    client.get(reverse("game", args=[watched]))

    html = client.get(URL).content.decode()
    positions = [html.index(f"/games/{g}/") for g in (watched, running, finished)]  # recent first
    assert positions == sorted(positions)
    assert "finished" in html
    assert "watching" in html
    assert "Eve, Fay" in html
    assert "1 hand, last change" in html


def test_other_browsers_games_are_not_listed(client):
    game_id = start_game(Client())
    assert f"/games/{game_id}/" not in client.get(URL).content.decode()


def test_the_list_takes_the_same_queries_for_one_game_or_five():
    def queries(client):
        with CaptureQueriesContext(connection) as seen:
            assert client.get(URL).status_code == 200
        return len(seen)

    one, five = Client(), Client()
    start_game(one)
    for _ in range(5):
        start_game(five)
    assert queries(one) == queries(five)

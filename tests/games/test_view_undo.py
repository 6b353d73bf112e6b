"""Undo: this browser's last change to a game, while nobody has changed the game since."""

import pytest
from django.test import Client
from django.urls import reverse

from .page_helpers import HTMX, edit_link, join, knock_hand, post_hand, start_game, state

pytestmark = pytest.mark.django_db


def undo(client, game_id, **extra):
    return client.post(reverse("game_undo", args=[game_id]), **extra)


def page(client, game_id):
    return client.get(reverse("game", args=[game_id])).content.decode()


def test_undo_a_new_hand(client):
    game_id = start_game(client)
    post_hand(client, game_id, knock_hand(0, 5, 12, 20))
    assert "Undo: remove hand 1" in page(client, game_id)
    assert undo(client, game_id).status_code == 302
    assert state(game_id)["hands"] == []
    html = page(client, game_id)
    assert "Undone: hand 1 is gone again." in html
    assert "Undo: remove hand" not in html


def test_undo_a_correction(client):
    game_id = start_game(client)
    post_hand(client, game_id, knock_hand(0, 5, 12, 20))
    client.post(reverse("hand_update", args=[game_id, 1]), knock_hand(0, 5, 30, 20))
    assert state(game_id)["totals"]["Ann"] == 40
    assert "Undo the correction of hand 1" in page(client, game_id)
    undo(client, game_id)
    assert state(game_id)["totals"]["Ann"] == 22


def test_undo_deleting_the_last_hand(client):
    game_id = start_game(client)
    post_hand(client, game_id, knock_hand(0, 5, 12, 20))
    client.post(reverse("hand_delete", args=[game_id, 1]))
    assert "Undo: bring back hand 1" in page(client, game_id)
    undo(client, game_id)
    assert state(game_id)["totals"]["Ann"] == 22


def test_htmx_undo_returns_the_scoreboard(client):
    game_id = start_game(client)
    post_hand(client, game_id, knock_hand(0, 5, 12, 20))
    html = undo(client, game_id, **HTMX).content.decode()
    assert html.lstrip().startswith('<div id="scoreboard"')
    assert "No hands yet." in html


def test_undo_is_gone_once_someone_else_changes_the_game(client):
    game_id = start_game(client)
    post_hand(client, game_id, knock_hand(0, 5, 12, 20))
    other = Client()
    join(other, edit_link(client, game_id))
    post_hand(other, game_id, knock_hand(1, 5, 1, 20))
    assert "undo-bar" not in page(client, game_id)
    undo(client, game_id)
    assert len(state(game_id)["hands"]) == 2
    assert "There is nothing to undo." in page(client, game_id)


def test_viewer_cannot_undo(client):
    game_id = start_game(client)
    post_hand(client, game_id, knock_hand(0, 5, 12, 20))
    assert undo(Client(), game_id).status_code == 403
    assert len(state(game_id)["hands"]) == 1


def test_undo_deleting_a_hand_in_the_middle_puts_it_back_in_its_place(client):
    game_id = start_game(client)
    post_hand(client, game_id, knock_hand(0, 5, 12, 20))  # Ann +22
    post_hand(client, game_id, knock_hand(1, 12, 3, 20))  # Bob +26
    post_hand(client, game_id, knock_hand(2, 12, 20, 1))  # Cy +30
    client.post(reverse("hand_delete", args=[game_id, 2]))
    assert [h["deltas"]["Cy"] for h in state(game_id)["hands"]] == [0, 30]
    html = page(client, game_id)
    assert "Undo: bring back hand 2" in html
    assert "One deleted hand" in html, "the deleted hand stays visible on the page"
    undo(client, game_id)
    hands = state(game_id)["hands"]
    assert [h["n"] for h in hands] == [1, 2, 3]
    assert [h["deltas"]["Bob"] for h in hands] == [0, 26, 0]
    assert state(game_id)["totals"] == {"Ann": 22, "Bob": 26, "Cy": 30}
    assert "deleted hand" not in page(client, game_id)

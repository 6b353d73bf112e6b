"""Game over: standings in order, the winner celebrated, a rematch, the result to share."""

import re

import pytest
from django.test import Client
from django.urls import reverse

from scorekeeper.games.models import Game
from scorekeeper.games.pages.presentation import initials, standings
from scorekeeper.games.table.rematch import GameNotOver, game_rematch
from scorekeeper.rules import get_variant

from .page_helpers import edit_link, game, join, knock_hand, post_hand, start_game, state

pytestmark = pytest.mark.django_db


def finished(client):
    game_id = start_game(
        client, "knock-rummy", ["Ann", "Bob", "Cy"], options={"target": 30}, dealer="Bob"
    )
    post_hand(client, game_id, knock_hand(1, 20, 2, 40))  # Bob knocks: +56, over
    assert state(game_id)["over"]
    return game_id


def test_final_standings_in_order_and_the_winner_celebrated(client):
    game_id = finished(client)
    html = client.get(reverse("game", args=[game_id])).content.decode()
    assert "Bob wins!" in html
    names = re.findall(r'<li class="standing[^"]*" data-rank="(\d)" data-name="(\w+)"', html)
    assert names == [("1", "Bob"), ("2", "Ann"), ("2", "Cy")]  # Ann and Cy both on 0
    assert '<li class="standing winner" data-rank="1" data-name="Bob"' in html


def test_standings_follow_the_variant_direction():
    lowest = get_variant("german-rummy")  # a penalty game: the lowest total wins
    table = standings(
        lowest,
        {"players": ["A", "B", "C"], "totals": {"A": 30, "B": 5, "C": 12}, "winners": ["B"]},
    )
    assert [(s.rank, s.name) for s in table] == [(1, "B"), (2, "C"), (3, "A")]


def test_initials():
    assert [initials(n) for n in ("Ann", "mary-jo", "Cyrano de Bergerac")] == ["A", "MJ", "CD"]


def test_result_text_to_copy_without_javascript(client):
    game_id = finished(client)
    html = client.get(reverse("game", args=[game_id])).content.decode()
    text = re.search(r'<textarea id="result-text"[^>]*>(.*?)</textarea>', html, re.S).group(1)
    lines = text.split("\n")
    assert lines[0] == "Knock Rummy: Bob won!"
    assert lines[1:4] == ["1. Bob: 56", "2. Ann: 0", "2. Cy: 0"]
    assert lines[4] == "1 hand played."
    assert lines[5].endswith(f"/games/{game_id}/")


def test_rematch_starts_the_next_game_with_the_same_settings(client):
    game_id = finished(client)
    response = client.post(reverse("game_rematch", args=[game_id]))
    assert response.status_code == 302
    new_id = response["Location"].rstrip("/").rsplit("/", 1)[-1]
    old, new = game(game_id), game(new_id)
    assert new.variant == old.variant and new.options == old.options == {"target": 30}
    assert [s.name for s in new.seats.order_by("position")] == ["Ann", "Bob", "Cy"]
    assert new.dealer == "Cy"  # Bob dealt hand 1; the deal passes left
    assert new.rematch_of == old and not new.over and new.hand_count == 0
    # This phone keeps score there; a second tap finds the same game.
    page = client.get(reverse("game", args=[new_id])).content.decode()
    assert "Enter hand 1" in page
    again = client.post(reverse("game_rematch", args=[game_id]))
    assert again["Location"] == response["Location"]
    assert Game.objects.count() == 2
    # The old game's page now leads to it.
    assert f'href="/games/{new_id}/"' in client.get(reverse("game", args=[game_id])).content.decode()


def test_another_scorekeeping_phone_keeps_score_in_the_rematch(client):
    game_id = finished(client)
    other = Client()
    join(other, edit_link(client, game_id))
    new_id = client.post(reverse("game_rematch", args=[game_id]))["Location"].split("/")[-2]
    assert "Enter hand 1" in other.get(reverse("game", args=[new_id])).content.decode()
    watcher = Client()
    assert "Enter hand 1" not in watcher.get(reverse("game", args=[new_id])).content.decode()
    assert watcher.post(reverse("game_rematch", args=[game_id])).status_code == 403


def test_no_rematch_before_the_end(client):
    game_id = start_game(client)
    with pytest.raises(GameNotOver):
        game_rematch(game=game(game_id))
    response = client.post(reverse("game_rematch", args=[game_id]), follow=True)
    assert "A rematch can start once this game is over." in response.content.decode()
    assert Game.objects.count() == 1


def test_long_games_fold_older_hands_and_show_progress(client):
    game_id = start_game(client, "phom", ["Ann", "Bob", "Cy", "Dan"], options={"hands": 8})
    for _ in range(6):
        post_hand(client, game_id, {"winner": "none", "p0-points": 5, "p1-points": 9,
                                    "p2-points": 22, "p3-points": 30})
    html = client.get(reverse("game", args=[game_id])).content.decode()
    assert "Hand 7 of 8" in html
    folded = html[html.index('<details class="older-hands'):]
    assert 'id="hand-3"' in folded and 'id="hand-1"' in folded
    assert 'id="hand-6"' not in folded and 'id="hand-4"' not in folded
    assert "The 3 earlier hands (1–3)" in html
    # Who pays whom comes before the list of hands.
    assert html.index("Who pays whom") < html.index('id="hands-heading"')


def test_seat_colours_are_classes_not_inline_styles(client):
    game_id = start_game(client)
    post_hand(client, game_id, knock_hand(0, 5, 12, 20))
    html = client.get(reverse("game", args=[game_id])).content.decode()
    assert "style=" not in html
    assert html.count('class="avatar seat-2"') >= 1
    assert '<g class="series seat-0">' in html

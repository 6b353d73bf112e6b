"""Gin Rummy's end of game on the page: the hand points, each bonus as its own line, the total
(RULES.md 10, example 53)."""

import re

import pytest
from django.urls import reverse

from .page_helpers import knock_hand, post_hand, start_game, state

pytestmark = pytest.mark.django_db

AB = ("Ann", "Bob")


def play(client, hands):
    """A Gin game of ``hands``: (knocker's seat, points he wins), each typed as deadwood."""
    game_id = start_game(client, "gin-rummy", AB)
    for knocker, won in hands:
        deadwood = [1 + won, 1 + won]
        deadwood[knocker] = 1
        response = post_hand(client, game_id, knock_hand(knocker, *deadwood))
        assert response.status_code == 302, response.content.decode()[:2000]
    assert state(game_id)["over"]
    return game_id


def standing(html, name):
    """The text lines of one player's final standing, in page order."""
    match = re.search(rf'<li class="standing[^"]*"[^>]*data-name="{name}"(.*?)</ul>', html, re.S)
    assert match, f"no itemised standing for {name}"
    items = re.findall(r"<li class=\"([\w-]+)\">(.*?)</li>", match.group(1), re.S)
    return [(css, " ".join(re.sub(r"<[^>]+>", " ", text).split())) for css, text in items]


def test_example_53_game_and_box_bonuses_as_separate_lines(client):
    # Bob wins 2 hands (30 + 31 = 61), Ann 5 (4 × 20 + 24 = 104).
    game_id = play(client, [(1, 30), (1, 31), *[(0, 20)] * 4, (0, 24)])
    html = client.get(reverse("game", args=[game_id])).content.decode()
    assert re.search(r'data-name="Ann" data-total="329"', html)
    assert re.search(r'data-name="Bob" data-total="111"', html)
    assert standing(html, "Ann") == [
        ("hand-points", "Hand points 104"),
        ("bonus-line", "Ann: game bonus +100"),
        ("bonus-line", "Ann: box bonus 25 × 5 hands won = +125"),
        ("line-total", "Final total 329"),
    ]
    assert standing(html, "Bob") == [
        ("hand-points", "Hand points 61"),
        ("bonus-line", "Bob: box bonus 25 × 2 hands won = +50"),
        ("line-total", "Final total 111"),
    ]
    # the result to copy says the same
    text = re.search(r'<textarea id="result-text"[^>]*>(.*?)</textarea>', html, re.S).group(1)
    assert "1. Ann: 329\n   Hand points: 104\n   Ann: game bonus +100\n" in text
    assert "2. Bob: 111\n   Hand points: 61\n   Bob: box bonus 25 × 2 hands won = +50\n" in text


def test_example_53_shutout_doubles_the_hand_points_before_the_bonuses(client):
    game_id = play(client, [(0, 26)] * 4)  # Ann 104 over 4 hands, Bob none
    html = client.get(reverse("game", args=[game_id])).content.decode()
    assert standing(html, "Ann") == [
        ("hand-points", "Hand points 104"),
        ("bonus-line", "Ann shut out the other player: hand points 104 doubled, +104"),
        ("bonus-line", "Ann: game bonus +100"),
        ("bonus-line", "Ann: box bonus 25 × 4 hands won = +100"),
        ("line-total", "Final total 408"),
    ]
    assert standing(html, "Bob") == [
        ("hand-points", "Hand points 0"),
        ("line-total", "Final total 0"),
    ]


def test_a_game_without_bonuses_shows_the_totals_alone(client):
    game_id = start_game(client, "knock-rummy", ("Ann", "Bob", "Cy"), options={"target": 30})
    post_hand(client, game_id, knock_hand(1, 20, 2, 40))
    html = client.get(reverse("game", args=[game_id])).content.decode()
    assert 'class="standing winner"' in html
    assert "standing-lines" not in html and "Hand points" not in html

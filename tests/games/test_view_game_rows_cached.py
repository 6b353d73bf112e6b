"""The game page draws each hand's row once per version of the hand (issue 33 §6: the page at
hand 200 costs about what it costs at hand 5). A cached row must never show a hand as it was:
a correction, a confirmation, the reader's rights or language each draw it anew."""

import re

import pytest
from django.core.cache import cache
from django.test import Client
from django.urls import reverse

from scorekeeper.games.pages import kept

from .page_helpers import knock_hand, post_hand, start_game, state

pytestmark = pytest.mark.django_db


@pytest.fixture
def drawn(monkeypatch):
    """The hand numbers whose rows the presenter draws (not found in the cache)."""
    numbers: list[int] = []
    real = kept.render_to_string

    def counting(name, context=None, *args, **kwargs):
        if name == "game.html#hand-item":
            numbers.append(context["hand"]["n"])
        return real(name, context, *args, **kwargs)

    monkeypatch.setattr(kept, "render_to_string", counting)
    return numbers


def page(phone, game_id) -> str:
    response = phone.get(reverse("game", args=[game_id]))
    assert response.status_code == 200
    return response.content.decode()


def hand_row(html: str, n: int) -> str:
    match = re.search(rf'<li class="hand[^"]*" id="hand-{n}">.*?</li>\s*(?=<li class="hand|</ol>)', html, re.S)
    assert match, f"no row for hand {n}"
    return match.group(0)


def three_hands(client) -> str:
    game_id = start_game(client)
    post_hand(client, game_id, knock_hand(0, 5, 12, 20))
    post_hand(client, game_id, knock_hand(1, 12, 3, 20))
    post_hand(client, game_id, knock_hand(2, 9, 30, 4))
    return game_id


def test_a_second_load_draws_only_the_newest_hand(client, drawn):
    game_id = three_hands(client)
    first = page(client, game_id)
    assert sorted(drawn) == [1, 2, 3]
    drawn.clear()
    second = page(client, game_id)
    assert drawn == [3]  # the newest is drawn each time (the scoreboard reads it)
    for n in (1, 2, 3):
        assert hand_row(first, n) == hand_row(second, n)


def test_a_correction_of_an_old_hand_is_never_shown_stale(client, drawn):
    game_id = three_hands(client)
    before = hand_row(page(client, game_id), 1)
    assert "corrected" not in before
    client.post(reverse("hand_update", args=[game_id, 1]), knock_hand(0, 5, 13, 40))
    drawn.clear()
    after = hand_row(page(client, game_id), 1)
    assert 1 in drawn
    assert '<span class="badge">corrected</span>' in after
    assert "Show the earlier version" in after
    assert after != before


def test_a_confirmation_draws_the_row_anew(client):
    game_id = three_hands(client)
    viewer = Client()
    assert "Confirmed by" not in hand_row(page(viewer, game_id), 1)
    bob = Client()
    bob.post(reverse("seat_take", args=[game_id]), {"player": "Bob"})
    etag = state(game_id)["hands"][0]["etag"]
    bob.post(reverse("hand_confirm", args=[game_id, 1]), {"etag": etag})
    assert "Confirmed by Bob" in hand_row(page(viewer, game_id), 1)


def test_the_keeper_and_a_viewer_each_get_their_own_rows(client):
    game_id = three_hands(client)
    assert "Correct hand 1" in hand_row(page(client, game_id), 1)
    viewer = Client()
    assert "Correct hand 1" not in hand_row(page(viewer, game_id), 1)
    assert "Correct hand 1" in hand_row(page(client, game_id), 1)


def test_a_seated_phone_gets_its_own_forms_with_its_csrf_token(client):
    game_id = three_hands(client)
    page(Client(), game_id)  # every row cached for viewers
    bob = Client(enforce_csrf_checks=True)
    page(bob, game_id)
    token = bob.cookies["csrftoken"].value
    bob.post(reverse("seat_take", args=[game_id]), {"player": "Bob", "csrfmiddlewaretoken": token})
    row = hand_row(page(bob, game_id), 1)
    assert "Confirm hand 1" in row
    csrf = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', row).group(1)
    etag = state(game_id)["hands"][0]["etag"]
    answer = bob.post(
        reverse("hand_confirm", args=[game_id, 1]), {"etag": etag, "csrfmiddlewaretoken": csrf}
    )
    assert answer.status_code in (200, 302)
    assert "Bob" in state(game_id)["hands"][0]["confirmed"]


def section(html: str, heading: str) -> str:
    match = re.search(rf'<section[^>]*aria-labelledby="{heading}">.*?</section>', html, re.S)
    assert match, heading
    return match.group(0)


def test_after_corrections_the_cached_page_is_the_page_drawn_afresh(client):
    """The oracle: whatever was cached before, the page equals one drawn with an empty cache."""
    game_id = three_hands(client)
    page(client, game_id)
    client.post(reverse("hand_update", args=[game_id, 1]), knock_hand(0, 5, 13, 40))
    page(client, game_id)
    client.post(reverse("hand_update", args=[game_id, 2]), knock_hand(2, 12, 3, 20))
    client.post(reverse("hand_delete", args=[game_id, 3]))
    warm = page(client, game_id)
    cache.clear()
    cold = page(client, game_id)
    for heading in ("running-heading", "hands-heading"):
        assert section(warm, heading) == section(cold, heading)
    ann = state(game_id)["hands"][0]["totals"]["Ann"]
    assert re.search(rf'<th scope="row">1</th>\s*<td class="num">{ann}<', warm)


def test_a_warm_load_neither_hashes_rows_nor_draws_the_running_totals(client, monkeypatch):
    """Per version of the game the row keys are hashed and the running totals drawn once;
    the next write (a correction) makes both anew."""
    game_id = three_hands(client)
    hashed, drawn_running = [], []
    real_key, real_render = kept.row_key, kept.render_to_string

    def counting_key(item, **kwargs):
        hashed.append(item["n"])
        return real_key(item, **kwargs)

    def counting_render(name, context=None, *args, **kwargs):
        if name == "game.html#running":
            drawn_running.append(len(context["running"]))
        return real_render(name, context, *args, **kwargs)

    monkeypatch.setattr(kept, "row_key", counting_key)
    monkeypatch.setattr(kept, "render_to_string", counting_render)
    first = page(client, game_id)
    assert sorted(hashed) == [1, 2, 3] and drawn_running == [3]
    hashed.clear()
    drawn_running.clear()
    second = page(client, game_id)
    assert hashed == [] and drawn_running == []
    for heading in ("running-heading", "hands-heading"):
        assert section(second, heading) == section(first, heading)
    client.post(reverse("hand_update", args=[game_id, 1]), knock_hand(0, 5, 13, 40))
    corrected = page(client, game_id)
    assert sorted(hashed) == [1, 2, 3] and drawn_running == [3]
    assert section(corrected, "running-heading") != section(first, "running-heading")


def five_hands(client) -> str:
    game_id = three_hands(client)
    post_hand(client, game_id, knock_hand(0, 7, 2, 11))
    post_hand(client, game_id, knock_hand(1, 4, 8, 15))
    return game_id


def test_the_folded_rows_kept_as_one_piece_are_never_shown_stale(client):
    """Hands 1-2 are folded (older) rows, kept together per version of the game: a correction
    of one of them, or a new hand, shows the page as drawn from an empty cache."""
    game_id = five_hands(client)
    before = page(client, game_id)
    assert page(client, game_id).count('id="hand-1"') == 1
    client.post(reverse("hand_update", args=[game_id, 1]), knock_hand(0, 5, 13, 40))
    warm = page(client, game_id)
    assert hand_row(warm, 1) != hand_row(before, 1)
    assert '<span class="badge">corrected</span>' in hand_row(warm, 1)
    post_hand(client, game_id, knock_hand(2, 3, 6, 9))
    warm = page(client, game_id)
    cache.clear()
    cold = page(client, game_id)
    for heading in ("running-heading", "hands-heading"):
        assert section(warm, heading) == section(cold, heading)


def test_a_seated_phone_gets_its_forms_in_the_folded_rows_too(client):
    game_id = five_hands(client)
    page(Client(), game_id)  # the folded rows kept for viewers
    bob = Client()
    bob.post(reverse("seat_take", args=[game_id]), {"player": "Bob"})
    assert "Confirm hand 1" in hand_row(page(bob, game_id), 1)
    assert "Confirm hand 1" not in hand_row(page(Client(), game_id), 1)

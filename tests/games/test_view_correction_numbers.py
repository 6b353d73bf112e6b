"""A saved correction says what it changed in numbers (issue 15 bug 2): the hand's scores
before → after and every total that moved, in the page message and in the hand's history."""

import pytest
from django.urls import reverse

from scorekeeper.games.models import HandRevision

from .page_helpers import knock_hand, post_hand, start_game, state

pytestmark = pytest.mark.django_db


def signed(value: int) -> str:
    return f"−{-value}" if value < 0 else (f"+{value}" if value else "0")


def plain(value: int) -> str:
    return f"−{-value}" if value < 0 else str(value)


def played(client):
    game_id = start_game(client)  # Knock Rummy: Ann, Bob, Cy
    post_hand(client, game_id, knock_hand(0, 5, 12, 20))
    post_hand(client, game_id, knock_hand(1, 30, 2, 20))
    return game_id


def correct(client, game_id, data):
    form = client.get(reverse("hand_edit", args=[game_id, 1])).content.decode()
    etag = form.split('name="etag" value="')[1].split('"')[0]
    return client.post(
        reverse("hand_update", args=[game_id, 1]), {**data, "etag": etag}, follow=True
    ).content.decode()


def test_the_message_and_the_history_give_the_scores_and_totals_before_and_after(client):
    game_id = played(client)
    before = state(game_id)
    # Bob knocked with 3 and Ann held 4: an undercut, Ann's score moves and Bob's appears.
    html = correct(client, game_id, knock_hand(1, 4, 3, 20))
    after = state(game_id)
    old, new = before["hands"][0]["deltas"], after["hands"][0]["deltas"]
    moved = [p for p in ("Ann", "Bob", "Cy") if old[p] != new[p]]
    totals = [p for p in ("Ann", "Bob", "Cy") if before["totals"][p] != after["totals"][p]]
    assert len(moved) >= 2 and totals
    scores_line = "Hand 1: " + ", ".join(
        f"{p} {signed(old[p])} → {signed(new[p])}" for p in moved
    ) + "."
    totals_line = "Totals: " + ", ".join(
        f"{p} {plain(before['totals'][p])} → {plain(after['totals'][p])}" for p in totals
    ) + "."
    assert "Hand 1 corrected." in html
    assert scores_line in html and totals_line in html
    page = client.get(reverse("game", args=[game_id])).content.decode()
    assert "The correction changed:" in page
    assert scores_line in page and totals_line in page
    revision = HandRevision.objects.filter(action="corrected").get()
    assert revision.consequences["totals"] == [
        [p, before["totals"][p], after["totals"][p]] for p in totals
    ]


def test_a_correction_that_moves_no_number_says_so_by_saying_none(client):
    game_id = played(client)
    html = correct(client, game_id, knock_hand(0, 5, 12, 20))
    assert "Hand 1 corrected." in html
    assert "Totals:" not in html and "The correction changed:" not in html


def test_deleting_says_which_totals_move_before_and_after(client):
    game_id = played(client)
    totals = state(game_id)["totals"]
    ann = totals["Ann"]
    ask = client.get(reverse("hand_delete", args=[game_id, 1])).content.decode()
    assert f"Totals: Ann {plain(ann)} → 0." in ask
    done = client.post(reverse("hand_delete", args=[game_id, 1]), follow=True).content.decode()
    assert f"Totals: Ann {plain(ann)} → 0." in done

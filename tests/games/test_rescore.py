"""Changing an old hand says which later hands it re-scored (issue 10, bug 5)."""

import pytest
from django.urls import reverse

from scorekeeper.games.models import HandRevision
from scorekeeper.games.scoresheet.rescore import hand_delete_preview

from .page_helpers import game, knock_hand, post_hand, start_game, state

pytestmark = pytest.mark.django_db

PHOM = ["Ann", "Bob", "Cy", "Dan"]


def phom_hand(*points):
    data = {"winner": "none"}
    for i, value in enumerate(points):
        data[f"p{i}-points"] = value
    return data


def tie_game(client):
    """Ann deals hand 2, where Ann and Cy tie: Cy plays before Ann (the dealer plays last)."""
    game_id = start_game(client, "phom", PHOM, dealer="Dan")
    post_hand(client, game_id, phom_hand(5, 9, 22, 30))
    post_hand(client, game_id, phom_hand(10, 20, 10, 30))
    hands = state(game_id)["hands"]
    assert hands[1]["dealer"] == "Ann" and hands[1]["winners"] == ["Cy"]
    return game_id


def test_deleting_a_hand_keeps_who_dealt_a_later_tie_and_its_winner(client):
    # Issue 15 bug 3: deleting hand 1 used to hand the tied hand's deal to Dan, so Ann took
    # the tie. Who dealt is a fact of the table: Ann dealt it, Cy (before her) keeps the tie.
    game_id = tie_game(client)
    response = client.post(reverse("hand_delete", args=[game_id, 1]), follow=True)
    html = response.content.decode()
    assert "Hand 1 deleted." in html
    assert "dealer changed" not in html and "winner Cy" not in html
    hands = state(game_id)["hands"]
    assert hands[0]["dealer"] == "Ann" and hands[0]["winners"] == ["Cy"]
    assert state(game_id)["dealer"] == "Bob"  # the next suggestion: after Ann, the deal passes
    gone = HandRevision.objects.filter(action="deleted").get()
    assert gone.consequences["hands"] == []


def continental(client):
    game_id = start_game(client, "continental-rum", ["Ann", "Bob", "Cy"])
    post_hand(client, game_id, {"winner": "0", "jokers": 1})
    post_hand(client, game_id, {"winner": "1", "jokers": 0})
    assert state(game_id)["hands"][1]["dealer"] == "Ann"  # the winner deals the next hand
    return game_id


def test_a_correction_of_a_winner_keeps_who_dealt_the_next_hand(client):
    # Continental: the winner deals next. Hand 2 was dealt by Ann; a correction of hand 1's
    # winner to Cy no longer rewrites hand 2's dealer, and no other hand is re-scored.
    game_id = continental(client)
    response = client.post(
        reverse("hand_update", args=[game_id, 1]), {"winner": "2", "jokers": 1}, follow=True
    )
    html = response.content.decode()
    assert "Hand 1 corrected." in html
    assert "dealer changed" not in html
    assert state(game_id)["hands"][1]["dealer"] == "Ann"
    latest = HandRevision.objects.filter(hand__number=1).order_by("-version").first()
    assert latest.consequences["hands"] == []


def test_a_correction_that_changes_nothing_else_says_nothing_more(client):
    game_id = continental(client)
    response = client.post(
        reverse("hand_update", args=[game_id, 1]), {"winner": "0", "jokers": 0}, follow=True
    )
    html = response.content.decode()
    assert "Hand 1 corrected." in html
    assert "Hand 2:" not in html


def test_delete_asks_first_and_no_other_hand_changes_its_dealer(client):
    game_id = start_game(client)  # Knock: the deal passes left
    for hand in (knock_hand(0, 5, 12, 20), knock_hand(1, 30, 2, 20), knock_hand(2, 9, 8, 1)):
        post_hand(client, game_id, hand)
    dealers = [hand["dealer"] for hand in state(game_id)["hands"]]
    url = reverse("hand_delete", args=[game_id, 1])
    confirm = client.get(url)
    assert confirm.status_code == 200
    html = confirm.content.decode()
    assert "Delete hand 1?" in html
    assert "dealer changed" not in html
    assert f'action="{url}"' in html and 'method="post"' in html
    assert len(state(game_id)["hands"]) == 3  # asking changed nothing

    done = client.post(url, follow=True).content.decode()
    assert "Hand 1 deleted." in done
    assert "dealer changed" not in done
    assert [hand["dealer"] for hand in state(game_id)["hands"]] == dealers[1:]


def test_game_page_delete_is_a_link_to_the_question(client):
    game_id = start_game(client)
    post_hand(client, game_id, knock_hand(0, 5, 12, 20))
    html = client.get(reverse("game", args=[game_id])).content.decode()
    assert f'href="{reverse("hand_delete", args=[game_id, 1])}"' in html


def test_delete_preview_reports_the_game_no_longer_over(client):
    game_id = start_game(client, "knock-rummy", ["Ann", "Bob"], options={"target": 10})
    post_hand(client, game_id, knock_hand(0, 0, 30))
    preview = hand_delete_preview(game=game(game_id), number=1)
    assert preview.game_winners == (["Ann"], [])

"""Changing an old hand says which later hands it re-scored (issue 10, bug 5)."""

import pytest
from django.urls import reverse

from scorekeeper.games.models import HandRevision
from scorekeeper.games.rescore import hand_delete_preview

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


def test_deleting_a_hand_flips_a_later_tie_and_says_so(client):
    game_id = tie_game(client)
    # Without hand 1, Dan deals the tied hand: Ann now plays first and takes the tie.
    response = client.post(reverse("hand_delete", args=[game_id, 1]), follow=True)
    html = response.content.decode()
    assert "Hand 1 deleted." in html
    assert "Hand 1: winner Cy → Ann." in html
    assert "Hand 1: dealer changed, Ann → Dan." in html
    assert state(game_id)["hands"][0]["winners"] == ["Ann"]
    gone = HandRevision.objects.filter(action="deleted").get()
    assert gone.consequences["hands"][0]["winners"] == [["Cy"], ["Ann"]]


def continental(client):
    game_id = start_game(client, "continental-rum", ["Ann", "Bob", "Cy"])
    post_hand(client, game_id, {"winner": "0", "jokers": 1})
    post_hand(client, game_id, {"winner": "1", "jokers": 0})
    assert state(game_id)["hands"][1]["dealer"] == "Ann"  # the winner deals the next hand
    return game_id


def test_a_correction_names_the_later_hand_it_re_scored(client):
    game_id = continental(client)
    response = client.post(
        reverse("hand_update", args=[game_id, 1]), {"winner": "2", "jokers": 1}, follow=True
    )
    html = response.content.decode()
    assert "Hand 1 corrected." in html
    assert "Hand 2: dealer changed, Ann → Cy." in html
    # The hand's history keeps it, with the correction that caused it.
    page = client.get(reverse("game", args=[game_id])).content.decode()
    assert "This change re-scored other hands:" in page
    assert "Hand 2: dealer changed, Ann → Cy." in page
    latest = HandRevision.objects.filter(hand__number=1).order_by("-version").first()
    assert latest.consequences["hands"][0]["dealer"] == ["Ann", "Cy"]


def test_a_correction_that_changes_nothing_else_says_nothing_more(client):
    game_id = continental(client)
    response = client.post(
        reverse("hand_update", args=[game_id, 1]), {"winner": "0", "jokers": 0}, follow=True
    )
    html = response.content.decode()
    assert "Hand 1 corrected." in html
    assert "Hand 2:" not in html


def test_delete_asks_first_and_names_what_changes(client):
    game_id = start_game(client)  # Knock: the deal passes left, so deleting shifts dealers
    for hand in (knock_hand(0, 5, 12, 20), knock_hand(1, 30, 2, 20), knock_hand(2, 9, 8, 1)):
        post_hand(client, game_id, hand)
    url = reverse("hand_delete", args=[game_id, 1])
    confirm = client.get(url)
    assert confirm.status_code == 200
    html = confirm.content.decode()
    assert "Delete hand 1?" in html
    assert "Hand 1: dealer changed, Ann → Cy." in html  # the old hand 2, dealt by Ann
    assert f'action="{url}"' in html and 'method="post"' in html
    assert len(state(game_id)["hands"]) == 3  # asking changed nothing

    done = client.post(url, follow=True).content.decode()
    assert "Hand 1 deleted." in done
    assert "Hand 1: dealer changed, Ann → Cy." in done
    assert "Hand 2: dealer changed, Bob → Ann." in done
    assert "Deleting it re-scored:" in done  # in the deleted hand's history


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

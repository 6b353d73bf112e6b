"""The live table on the game page: a phone says which player it is, confirms or disputes each
hand, every phone sees who confirmed what, and a ruling kept from a rule-search answer or a
checker result shows on every phone."""

import pytest
from django.contrib.sessions.models import Session
from django.test import Client
from django.urls import reverse

from scorekeeper.games.models import Hand, Ruling, SeatClaim, SeatGrant

from .page_helpers import HTMX, game, knock_hand, post_hand, start_game, state

pytestmark = pytest.mark.django_db


@pytest.fixture
def table(client):
    """A keeper's phone with a game of two hands, and a phone opened from the view link."""
    game_id = start_game(client)
    post_hand(client, game_id, knock_hand(0, 5, 12, 20))
    post_hand(client, game_id, knock_hand(1, 12, 3, 20))
    return client, Client(), game_id


def read(game_id, n) -> dict:
    """What the page's confirm and dispute forms post besides the reason: the etag of the hand
    they show."""
    hands = state(game_id)["hands"]
    return {"etag": hands[n - 1]["etag"] if 1 <= n <= len(hands) else "gone"}


def page(phone, game_id) -> str:
    return phone.get(reverse("game", args=[game_id])).content.decode()


def take(phone, game_id, player):
    return phone.post(reverse("seat_take", args=[game_id]), {"player": player})


def test_a_viewer_says_who_they_are_and_gets_confirm_and_dispute(table):
    _keeper, phone, game_id = table
    html = page(phone, game_id)
    assert f'action="/games/{game_id}/seat/"' in html and "I am this player" in html
    assert "Confirm hand" not in html
    response = take(phone, game_id, "Bob")
    assert response.status_code == 302
    html = page(phone, game_id)
    assert "This phone is Bob&#x27;s." in html or "This phone is Bob's." in html
    assert "Confirm hand 2" in html and "Confirm hand 1" in html
    assert f'action="/games/{game_id}/hands/2/dispute/"' in html
    assert state(game_id)["seats"] == ["Bob"]


def test_the_seat_is_a_grant_row_never_the_token_in_the_session(table):
    _keeper, phone, game_id = table
    take(phone, game_id, "Bob")
    grant = SeatGrant.objects.get()
    assert grant.player == "Bob" and grant.session_id == phone.session.session_key
    session = Session.objects.get(session_key=phone.session.session_key).get_decoded()
    claim = SeatClaim.objects.get()
    assert claim.token_hash not in str(session) and grant.grant not in str(session)


def test_a_held_seat_is_refused_to_another_phone_and_moved_by_the_keeper(table):
    keeper, phone, game_id = table
    take(phone, game_id, "Bob")
    other = Client()
    html = other.post(reverse("seat_take", args=[game_id]), {"player": "Bob"}, follow=True)
    assert "held by another phone" in html.content.decode()
    assert SeatGrant.objects.filter(player="Bob").count() == 1
    # The free seats only are offered to a viewer; the keeper is offered every seat.
    viewer_html = page(other, game_id)
    assert '<option value="Bob">' not in viewer_html and '<option value="Ann">' in viewer_html
    assert '<option value="Bob">' in page(keeper, game_id)
    take(keeper, game_id, "Bob")
    # The first phone lost the seat: its grant no longer matches the claim.
    html = page(phone, game_id)
    assert "Confirm hand" not in html
    assert "Confirm hand 1" in page(keeper, game_id)


def test_confirm_shows_a_tick_on_every_phone_and_a_dispute_its_reason(table):
    keeper, phone, game_id = table
    take(phone, game_id, "Bob")
    response = phone.post(reverse("hand_confirm", args=[game_id, 1]), read(game_id, 1))
    assert response.status_code == 302
    for html in (page(keeper, game_id), page(phone, game_id), page(Client(), game_id)):
        assert "Confirmed by Bob" in html
        assert 'class="said confirmed"' in html
    html = page(phone, game_id)
    assert "Confirm hand 1" not in html and "Confirm hand 2" in html
    phone.post(
        reverse("hand_dispute", args=[game_id, 2]),
        {**read(game_id, 2), "reason": "Cy had 13, not 3"},
    )
    for html in (page(keeper, game_id), page(Client(), game_id)):
        assert "Bob disputes this hand" in html and "Cy had 13, not 3" in html
        assert 'class="said disputed"' in html


def test_a_correction_clears_the_ticks_of_that_hand(table):
    keeper, phone, game_id = table
    take(phone, game_id, "Bob")
    phone.post(reverse("hand_confirm", args=[game_id, 1]), read(game_id, 1))
    phone.post(reverse("hand_confirm", args=[game_id, 2]), read(game_id, 2))
    keeper.post(reverse("hand_update", args=[game_id, 2]), knock_hand(1, 12, 4, 20))
    hands = state(game_id)["hands"]
    assert hands[0]["confirmed"] == ["Bob"] and hands[1]["confirmed"] == []
    assert "Confirm hand 2" in page(phone, game_id)


def test_confirming_without_a_seat_is_403_and_changes_nothing(table):
    keeper, _phone, game_id = table
    assert (
        keeper.post(reverse("hand_confirm", args=[game_id, 1]), read(game_id, 1)).status_code == 403
    )
    assert (
        Client()
        .post(reverse("hand_dispute", args=[game_id, 1]), {**read(game_id, 1), "reason": "x"})
        .status_code
        == 403
    )
    assert not Hand.objects.exclude(checks={}).exists()


def test_a_long_reason_is_refused_with_a_message(table):
    _keeper, phone, game_id = table
    take(phone, game_id, "Bob")
    response = phone.post(
        reverse("hand_dispute", args=[game_id, 1]),
        {**read(game_id, 1), "reason": "x" * 201},
        follow=True,
    )
    assert "at most 200 characters" in response.content.decode()
    assert not Hand.objects.exclude(checks={}).exists()


def test_an_unknown_player_or_hand_is_a_message_not_an_error(table):
    _keeper, phone, game_id = table
    response = take(phone, game_id, "Dan")
    assert response.status_code == 302
    assert "Dan is not a player of this game" in page(phone, game_id)
    take(phone, game_id, "Bob")
    response = phone.post(reverse("hand_confirm", args=[game_id, 9]), read(game_id, 9), follow=True)
    assert response.status_code == 200
    assert "Nothing was recorded: hand 9 changed" in response.content.decode()


def test_the_forms_carry_the_etag_of_the_hand_they_show(table):
    _keeper, phone, game_id = table
    take(phone, game_id, "Bob")
    html = page(phone, game_id)
    for n in (1, 2):
        assert f'name="etag" value="{state(game_id)["hands"][n - 1]["etag"]}"' in html


def test_a_confirmation_of_a_hand_deleted_since_records_nothing_on_the_next_one(table):
    """The keeper deletes hand 1 while Bob's phone shows it: Bob's "Confirm hand 1" must not
    land on the former hand 2, which he never saw."""
    keeper, phone, game_id = table
    take(phone, game_id, "Bob")
    shown = read(game_id, 1)
    keeper.post(reverse("hand_delete", args=[game_id, 1]), {"etag": shown["etag"]})
    assert len(state(game_id)["hands"]) == 1
    response = phone.post(reverse("hand_confirm", args=[game_id, 1]), shown, follow=True)
    assert "Nothing was recorded: hand 1 changed" in response.content.decode()
    assert not Hand.objects.exclude(checks={}).exists()
    # A form from before forms carried the etag records nothing either.
    phone.post(reverse("hand_confirm", args=[game_id, 1]))
    assert not Hand.objects.exclude(checks={}).exists()


def test_leaving_and_changing_seats(table):
    _keeper, phone, game_id = table
    take(phone, game_id, "Bob")
    take(phone, game_id, "Cy")  # a phone holds one seat: Bob's is freed
    assert state(game_id)["seats"] == ["Cy"]
    phone.post(reverse("seat_leave", args=[game_id]))
    assert state(game_id)["seats"] == []
    assert "I am this player" in page(phone, game_id)


def test_the_live_fragment_changes_etag_with_a_confirmation(table):
    keeper, phone, game_id = table
    first = keeper.get(reverse("game", args=[game_id]), **HTMX)
    take(phone, game_id, "Bob")
    phone.post(reverse("hand_confirm", args=[game_id, 1]), read(game_id, 1))
    again = keeper.get(reverse("game", args=[game_id]), HTTP_IF_NONE_MATCH=first["ETag"], **HTMX)
    assert again.status_code == 200 and "Confirmed by Bob" in again.content.decode()


def test_the_page_makes_the_same_queries_with_confirmations(table, django_assert_max_num_queries):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    _keeper, phone, game_id = table
    take(phone, game_id, "Bob")
    with CaptureQueriesContext(connection) as before:
        page(phone, game_id)
    phone.post(reverse("hand_confirm", args=[game_id, 1]), read(game_id, 1))
    phone.post(reverse("hand_dispute", args=[game_id, 2]), {**read(game_id, 2), "reason": "r"})
    with CaptureQueriesContext(connection) as after:
        page(phone, game_id)
    assert len(after) == len(before)


# -- rulings -------------------------------------------------------------------------------


def test_record_a_ruling_from_a_search_answer(table):
    keeper, phone, game_id = table
    response = keeper.get(reverse("rules_search"), {"q": "knock", "game": game_id})
    html = response.content.decode()
    assert "Record this ruling" in html
    assert f'name="game" value="{game_id}"' in html  # a new search stays with the game
    # A viewer without a seat gets no button; a seated phone does.
    assert (
        "Record this ruling"
        not in Client()
        .get(reverse("rules_search"), {"q": "knock", "game": game_id})
        .content.decode()
    )
    take(phone, game_id, "Cy")
    assert (
        "Record this ruling"
        in phone.get(reverse("rules_search"), {"q": "knock", "game": game_id}).content.decode()
    )
    variant = game(game_id).variant
    response = phone.post(
        reverse("ruling_create", args=[game_id]),
        {"question": "knock", "variant": variant, "rule": "going-out", "note": ""},
    )
    assert response.status_code == 302
    ruling = Ruling.objects.get()
    assert ruling.by == "Cy" and ruling.rule == "going-out" and ruling.text
    for html in (page(keeper, game_id), page(Client(), game_id)):
        assert "Rulings at this table" in html and "Kept by Cy" in html


def test_record_a_ruling_from_a_checker_result(table):
    keeper, _phone, game_id = table
    response = keeper.get(reverse("check"), {"game": game_id, "kind": "meld", "cards": "7H 8H 9H"})
    html = response.content.decode()
    assert "Record this ruling" in html
    assert 'name="rule" value="melds"' in html
    assert 'value="Valid run"' in html
    variant = game(game_id).variant
    keeper.post(
        reverse("ruling_create", args=[game_id]),
        {"question": "Meld: 7H 8H 9H", "variant": variant, "rule": "melds", "note": "Valid run"},
    )
    html = page(Client(), game_id)
    assert (
        "Meld: 7H 8H 9H" in html and "Note: Valid run" in html and "Kept by the scorekeeper" in html
    )


def test_a_ruling_needs_the_keeper_or_a_seat_and_a_good_question(table):
    keeper, _phone, game_id = table
    variant = game(game_id).variant
    body = {"question": "q", "variant": variant, "rule": "melds"}
    assert Client().post(reverse("ruling_create", args=[game_id]), body).status_code == 403
    response = keeper.post(
        reverse("ruling_create", args=[game_id]), {**body, "question": ""}, follow=True
    )
    assert "Question: this may not be empty" in response.content.decode()
    response = keeper.post(
        reverse("ruling_create", args=[game_id]), {**body, "rule": "nope"}, follow=True
    )
    assert "Rule:" in response.content.decode()
    assert not Ruling.objects.exists()


def test_the_game_page_asks_the_rules_for_this_game(table):
    keeper, _phone, game_id = table
    html = page(keeper, game_id)
    assert 'action="/rules/search"' in html and f'name="game" value="{game_id}"' in html


def test_a_ruling_reads_in_each_phones_language(table):
    """A ruling kept on a German phone reads in Korean on a Korean phone (the rule's words come
    from the book in the reader's language); the state keeps the words as they were kept."""
    keeper, _phone, game_id = table
    variant = game(game_id).variant
    keeper.post(
        reverse("ruling_create", args=[game_id]),
        {"question": "Meld?", "variant": variant, "rule": "melds", "note": ""},
        HTTP_ACCEPT_LANGUAGE="de",
    )
    kept = Ruling.objects.get()
    german = Client().get(reverse("game", args=[game_id]), HTTP_ACCEPT_LANGUAGE="de")
    korean = Client().get(reverse("game", args=[game_id]), HTTP_ACCEPT_LANGUAGE="ko")
    assert kept.text and kept.text in german.content.decode()
    html = korean.content.decode()
    assert kept.text not in html and kept.title not in html
    assert "Meld?" in html
    ruling = html.split('class="ruling"', 1)[1].split("</li>", 1)[0]
    assert any("\uac00" <= ch <= "\ud7a3" for ch in ruling)  # Hangul: the rule in Korean
    assert state(game_id)["rulings"][0]["text"] == kept.text


def test_the_keeper_removes_a_ruling_and_no_other_phone_can(table):
    keeper, phone, game_id = table
    variant = game(game_id).variant
    body = {"question": "Kept by mistake", "variant": variant, "rule": "melds", "note": ""}
    keeper.post(reverse("ruling_create", args=[game_id]), body)
    ruling = Ruling.objects.get()
    remove = reverse("ruling_delete", args=[game_id, ruling.pk])
    assert f'href="{remove}"' in page(keeper, game_id)
    # "Remove" asks first: a page with the ruling, the button that removes it and "Keep it".
    asked = keeper.get(remove).content.decode()
    assert "Remove this ruling?" in asked and "Kept by mistake" in asked
    assert f'action="{remove}"' in asked and "Keep it" in asked
    assert Ruling.objects.exists()  # asking removes nothing
    take(phone, game_id, "Bob")
    assert f'href="{remove}"' not in page(phone, game_id)  # a seated phone keeps, not removes
    assert phone.get(remove).status_code == 403
    assert phone.post(remove).status_code == 403
    assert Client().post(remove).status_code == 403
    assert Ruling.objects.exists()
    response = keeper.post(remove, follow=True)
    html = response.content.decode()
    assert "The ruling is removed, on every phone." in html
    assert "Kept by mistake" not in html and "Rulings at this table" not in html
    assert "Kept by mistake" not in page(phone, game_id)
    assert game(game_id).ruling_count == 0
    response = keeper.post(remove, follow=True)  # twice (a double tap): said, nothing broken
    assert "That ruling is no longer kept with this game." in response.content.decode()
    response = keeper.get(remove, follow=True)  # the question page of a ruling gone
    assert "That ruling is no longer kept with this game." in response.content.decode()
    assert game(game_id).ruling_count == 0


def test_a_dispute_sent_twice_is_one_dispute_and_its_form_folds(table):
    """Issue 33 §9: the dispute form stayed open after sending and could be sent twice."""
    keeper, phone, game_id = table
    take(phone, game_id, "Bob")
    dispute = reverse("hand_dispute", args=[game_id, 2])
    shown = read(game_id, 2)
    phone.post(dispute, {"reason": "Cy had 13", **shown})
    version = game(game_id).version
    updated = game(game_id).updated
    phone.post(dispute, {"reason": "Cy had 13", **shown})  # the same form again: nothing changes
    assert (game(game_id).version, game(game_id).updated) == (version, updated)
    assert state(game_id)["hands"][1]["disputed"] == [{"player": "Bob", "reason": "Cy had 13"}]
    html = page(phone, game_id)
    assert '<details class="dispute-form">' in html and "dispute-form\" open" not in html
    phone.post(dispute, {"reason": "Cy had 14", **shown})  # a new reason is news
    assert game(game_id).version > version

"""Starting a game: variant, seats, dealer, house rules; wrong player counts explained."""

import re

import pytest
from django.urls import resolve, reverse

from scorekeeper.games.models import Game
from scorekeeper.rules import get_variant

from .page_helpers import HTMX, game, start_game, state

pytestmark = pytest.mark.django_db
URL = reverse("game_start")


def test_page_lists_variants_with_description_and_player_range(client):
    html = client.get(URL).content.decode()
    assert "Knock Rummy" in html and "2–5 players" in html
    assert get_variant("nowrang").summary in html
    assert "2 players" in html  # Nowrang's fixed count


def test_variant_from_the_link_is_preselected(client):
    html = client.get(URL, {"variant": "phom"}).content.decode()
    assert 'value="phom" checked' in html
    assert "Feeding penalties" in html


def test_every_house_rule_has_an_explanation_and_a_link_to_its_rule(client):
    variant = get_variant("standard-rummy")
    html = client.get(URL, {"variant": variant.slug}).content.decode()
    for option in variant.options:
        assert f'name="opt-{option.slug}"' in html
        assert f'href="/rules/standard-rummy/#option-{option.slug}"' in html
    assert 'type="checkbox" name="opt-rummy-hidden"' in html
    assert 'type="number" inputmode="numeric" name="opt-target"' in html


def test_create_seats_players_marks_dealer_and_sets_options(client):
    game_id = start_game(
        client,
        "standard-rummy",
        ["Ann", "Bob", "Cy"],
        options={"rummy-hidden": True, "target": 150},
        dealer="Ann",
    )
    the_game = game(game_id)
    assert the_game.options == {"rummy-hidden": True, "target": 150}
    assert the_game.dealer == "Ann"
    assert state(game_id)["players"] == ["Ann", "Bob", "Cy"]
    assert state(game_id)["dealer"] == "Ann"


def test_without_a_dealer_the_last_player_deals(client):
    game_id = start_game(client, "knock-rummy", ["Ann", "Bob"])
    assert game(game_id).dealer == "Bob"


def test_blank_seats_are_skipped(client):
    data = {"variant": "knock-rummy", "seats": 4, "action": "create"}
    data.update({"player-0": "Ann", "player-1": "", "player-2": " Bob ", "player-3": ""})
    response = client.post(URL, data)
    assert response.status_code == 302
    assert Game.objects.get().seats.count() == 2


@pytest.mark.parametrize(
    ("players", "expected"),
    [
        (["Ann"], "Knock Rummy needs at least 2 players, and 1 name is filled in. Add 1 more."),
        (
            ["A", "B", "C", "D", "E", "F"],
            "Knock Rummy is for at most 5 players, and 6 names are filled in.",
        ),
    ],
)
def test_wrong_player_count_is_explained(client, players, expected):
    data = {"variant": "knock-rummy", "seats": len(players), "action": "create"}
    data.update({f"player-{i}": name for i, name in enumerate(players)})
    response = client.post(URL, data)
    assert response.status_code == 200
    html = response.content.decode()
    assert expected in html
    if len(players) == 6:
        assert "pick a game for that many: Standard Rummy" in html
        assert "Continental Rum" in html
    assert not Game.objects.exists()


def test_duplicate_names_are_refused_next_to_the_seat(client):
    data = {"variant": "knock-rummy", "seats": 2, "action": "create", "player-0": "Ann"}
    data["player-1"] = "Ann"
    html = client.post(URL, data).content.decode()
    assert "Ann is already at the table" in html
    assert 'aria-invalid="true"' in html
    assert not Game.objects.exists()


def test_bad_option_value_is_shown_inline(client):
    data = {"variant": "knock-rummy", "seats": 2, "action": "create"}
    data.update({"player-0": "Ann", "player-1": "Bob", "opt-target": "-5"})
    html = client.post(URL, data).content.decode()
    assert "has-error" in html
    assert not Game.objects.exists()


def test_dealer_on_an_empty_seat_is_refused(client):
    data = {"variant": "knock-rummy", "seats": 3, "action": "create"}
    data.update({"player-0": "Ann", "player-1": "Bob", "dealer": "2"})
    html = client.post(URL, data).content.decode()
    assert "The dealer&#x27;s seat is empty" in html
    assert not Game.objects.exists()


def test_add_seat_redraws_the_form_without_errors(client):
    data = {"variant": "knock-rummy", "seats": 4, "action": "add-seat", "player-0": "Ann"}
    html = client.post(URL, data).content.decode()
    assert 'name="player-4"' in html
    assert "needs at least" not in html
    assert "<html" in html


def test_htmx_redraw_answers_with_the_form_fragment(client):
    data = {"variant": "continental-rum", "seats": 4, "action": "refresh", "player-0": "Ann"}
    response = client.post(URL, data, **HTMX)
    html = response.content.decode()
    assert response.status_code == 200
    assert "<html" not in html
    assert html.lstrip().startswith('<form id="start-form"')
    assert 'name="opt-deuces-wild"' in html
    assert 'value="Ann"' in html


def test_seats_never_exceed_the_variant_maximum(client):
    data = {"variant": "nowrang", "seats": 2, "action": "add-seat"}
    html = client.post(URL, data).content.decode()
    assert 'name="player-2"' not in html
    assert 'value="add-seat"' not in html


def test_recent_names_are_offered_and_seat_with_a_tap(client):
    start_game(client, "knock-rummy", ["Ann", "Bob"])
    html = client.get(URL).content.decode()
    assert '<option value="Ann">' in html
    assert 'value="name:Bob"' in html
    data = {"variant": "knock-rummy", "seats": 4, "action": "name:Bob", "player-0": "Cy"}
    html = client.post(URL, data, **HTMX).content.decode()
    assert re.search(r'name="player-1"[^>]*value="Bob"', html)
    assert 'value="name:Bob"' not in html  # seated now, so no longer offered


def test_a_huge_seat_number_draws_no_huge_form(client):
    data = {"variant": "knock-rummy", "seats": 100000, "action": "add-seat", "player-99999": "X"}
    html = client.post(URL, data).content.decode()
    assert html.count('name="player-') <= 16


def test_names_differing_only_in_case_are_refused_without_a_player_count_error(client):
    data = {"variant": "knock-rummy", "seats": 2, "action": "create"}
    data |= {"player-0": "Ann", "player-1": "ann"}
    html = client.post(URL, data).content.decode()
    assert "ann is too close to Ann" in html
    assert "needs at least" not in html
    assert not Game.objects.exists()


def test_duplicate_name_error_says_nothing_about_the_player_count(client):
    data = {"variant": "knock-rummy", "seats": 2, "action": "create"}
    data |= {"player-0": "Ann", "player-1": "Ann"}
    html = client.post(URL, data).content.decode()
    assert "Ann is already at the table" in html
    assert "needs at least" not in html


@pytest.mark.parametrize("name", ["Ann\u200b", "Ann\u202e", "A\x07nn"])
def test_invisible_characters_in_a_name_are_refused_next_to_the_seat(client, name):
    data = {"variant": "knock-rummy", "seats": 2, "action": "create"}
    data |= {"player-0": "Ann", "player-1": name}
    html = client.post(URL, data).content.decode()
    assert "invisible or control character" in html
    assert 'aria-invalid="true"' in html
    assert not Game.objects.exists()


def test_names_are_stored_nfc_normalised(client):
    game_id = start_game(client, players=["Zoe\u0301", "Bob"])
    assert state(game_id)["players"] == ["Zo\u00e9", "Bob"]


def test_a_lone_surrogate_in_a_form_post_is_no_500(client):
    # Browsers cannot send one (the body is UTF-8); a hand-made post with its UTF-8-ish bytes
    # or percent-escapes is read with replacement characters, never stored as half a character.
    body = "variant=knock-rummy&seats=2&action=create&player-0=Ann&player-1=B%ED%A0%80"
    response = client.post(URL, body, content_type="application/x-www-form-urlencoded")
    assert response.status_code in (200, 302)
    for stored in Game.objects.all():
        for seat in stored.seats.all():
            seat.name.encode("utf-8")


def test_a_new_game_says_to_keep_the_edit_link(client):
    data = {"variant": "knock-rummy", "seats": 2, "action": "create"}
    data |= {"player-0": "Ann", "player-1": "Bob"}
    response = client.post(URL, data)
    html = client.get(response["Location"]).content.decode()
    assert "copy the edit link and keep it" in html


def _start_form(client, **extra) -> dict:
    """The start form as drawn, with its one-time key, filled in for Ann and Bob."""
    html = client.get(URL, {"variant": "knock-rummy"}).content.decode()
    key = re.search(r'name="request_id" value="([0-9a-f]{32})"', html).group(1)
    data = {"variant": "knock-rummy", "seats": 2, "action": "create", "request_id": key}
    return data | {"player-0": "Ann", "player-1": "Bob"} | extra


def test_a_double_tap_on_start_creates_one_game(client):
    data = _start_form(client)
    first = client.post(URL, data)
    second = client.post(URL, data)
    assert first.status_code == second.status_code == 302
    assert second["Location"] == first["Location"]
    assert Game.objects.count() == 1
    html = client.get(second["Location"]).content.decode()
    assert "already started" in html
    game_id = resolve(first["Location"]).kwargs["game_id"]
    assert client.get(reverse("hand_new", args=[game_id])).status_code == 200  # may keep score


def test_a_repeat_from_another_browser_of_the_session_keeps_edit_rights(client):
    """The second tap may arrive before the first one's session cookie did."""
    data = _start_form(client)
    first = client.post(URL, data)
    client.cookies.clear()
    second = client.post(URL, data)
    assert second["Location"] == first["Location"] and Game.objects.count() == 1
    game_id = resolve(second["Location"]).kwargs["game_id"]
    assert client.get(reverse("hand_new", args=[game_id])).status_code == 200


def test_the_key_survives_redraws_and_a_new_form_starts_a_new_game(client):
    data = _start_form(client)
    redrawn = client.post(URL, data | {"action": "add-seat"}).content.decode()
    assert f'name="request_id" value="{data["request_id"]}"' in redrawn
    client.post(URL, data)
    client.post(URL, _start_form(client))
    assert Game.objects.count() == 2


def test_the_same_key_with_other_players_starts_nothing_and_says_so(client):
    data = _start_form(client)
    client.post(URL, data)
    response = client.post(URL, data | {"player-1": "Cy"})
    assert response.status_code == 200 and Game.objects.count() == 1
    html = response.content.decode()
    assert "already started a game" in html
    fresh = re.search(r'name="request_id" value="([0-9a-f]{32})"', html).group(1)
    assert fresh != data["request_id"]
    assert client.post(URL, data | {"player-1": "Cy", "request_id": fresh}).status_code == 302
    assert Game.objects.count() == 2


def test_a_tampered_start_key_is_refused_not_a_500(client):
    response = client.post(URL, _start_form(client, request_id="ab\x00cd"))
    assert response.status_code == 200 and Game.objects.count() == 0

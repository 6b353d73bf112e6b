"""Every bad input gets 400 or 422 with {"error": {"code", "message", "field"}}; never a 5xx."""

import json

import pytest

from tests.api.helpers import post

ARRANGE = "/api/v1/arrange"
CHECK = "/api/v1/melds/check"
POST_PATHS = [ARRANGE, CHECK]


def error_of(response, status):
    assert response.status_code == status, response.content
    assert response["Content-Type"].startswith("application/json")
    body = response.json()
    assert set(body) == {"error"}
    error = body["error"]
    assert {"code", "message", "field"} <= set(error)
    assert isinstance(error["code"], str) and error["code"]
    assert isinstance(error["message"], str) and error["message"]
    # Every error names its request (the X-Request-ID header, and the server's log line).
    assert error.pop("request_id") == response["X-Request-ID"]
    if error["field"] is not None:
        assert error["message"].startswith(f"{error['field']}: ")
    return error


def arrange_body(**changes):
    return {"variant": "standard-rummy", "options": {}, "cards": "AS 2S 3S 9D"} | changes


def check_body(**changes):
    return {"variant": "german-rummy", "options": {}, "melds": ["JK 5H 6H"]} | changes


# -- bad cards ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("cards", "token", "position"),
    [("QD 1H AD", "1H", 2), ("KX", "KX", 1), ("AS 2S 11S", "11S", 3)],
)
def test_bad_card_names_the_token_and_field(client, cards, token, position):
    error = error_of(post(client, ARRANGE, arrange_body(cards=cards)), 400)
    assert error == {
        "code": "bad_card",
        "message": f"cards: '{token}' is not a card (card {position})",
        "field": "cards",
        "message_code": "card.not_a_card_at",
        "params": {"token": token, "position": position},
    }


def test_bad_card_in_a_meld_names_the_meld(client):
    body = check_body(melds=["JK 5H 6H", "7S 8S 9X"])
    error = error_of(post(client, CHECK, body), 400)
    assert error["code"] == "bad_card"
    assert error["field"] == "melds[1]"  # indexes in field paths count from 0, as in JSON
    assert "'9X'" in error["message"]


def test_bad_joker_designation(client):
    error = error_of(post(client, CHECK, check_body(melds=["JK=ZZ 5H 6H"])), 400)
    assert error["field"] == "melds[0]"
    assert "JK=ZZ" in error["message"] or "ZZ" in error["message"]


# -- variant and options ----------------------------------------------------------------------


@pytest.mark.parametrize(("path", "make"), [(ARRANGE, arrange_body), (CHECK, check_body)])
def test_unknown_variant(client, path, make):
    error = error_of(post(client, path, make(variant="no-such-rummy")), 400)
    assert error == {
        "code": "unknown_variant",
        "message": "variant: 'no-such-rummy' is not a known variant",
        "field": "variant",
        "message_code": "variant.unknown",
        "params": {"slug": "no-such-rummy"},
    }


@pytest.mark.parametrize(("path", "make"), [(ARRANGE, arrange_body), (CHECK, check_body)])
def test_unknown_option(client, path, make):
    error = error_of(post(client, path, make(options={"jokers-wild": True})), 400)
    assert error["code"] == "bad_option"
    assert error["field"] == "options.jokers-wild"
    assert "jokers-wild" in error["message"]


@pytest.mark.parametrize(
    ("options", "field"),
    [
        ({"around-the-corner": "yes"}, "options.around-the-corner"),
        ({"around-the-corner": 1}, "options.around-the-corner"),
        ({"target": "100"}, "options.target"),
        ({"target": True}, "options.target"),
        ({"target": 2.5}, "options.target"),
        ({"target": -1}, "options.target"),
        ({"target": None}, "options.target"),
    ],
)
def test_wrong_option_type(client, options, field):
    error = error_of(post(client, ARRANGE, arrange_body(options=options)), 400)
    assert error["code"] == "bad_option"
    assert error["field"] == field


def test_null_options_mean_defaults(client):
    assert post(client, ARRANGE, arrange_body(options=None)).status_code == 200


# -- cards beyond the deck --------------------------------------------------------------------


def test_too_many_copies_in_a_hand(client):
    error = error_of(post(client, ARRANGE, arrange_body(cards="7H 7H 8C")), 400)
    assert error["code"] == "too_many_copies"
    assert error["field"] == "cards"
    assert "'7H'" in error["message"]


def test_joker_in_a_game_without_jokers(client):
    error = error_of(post(client, ARRANGE, arrange_body(cards="JK 7H 8H")), 400)
    assert error["code"] == "too_many_copies"
    assert "'JK'" in error["message"]


def test_too_many_copies_across_melds(client):
    # Two packs in German Rummy: a third AH across the melds is one too many.
    body = check_body(melds=["AH 2H 3H", "AS AH AD", "QH KH AH"])
    error = error_of(post(client, CHECK, body), 400)
    assert error["code"] == "too_many_copies"
    assert error["field"] == "melds"
    assert "'AH'" in error["message"]


# -- empty and oversized input ----------------------------------------------------------------


@pytest.mark.parametrize("cards", ["", "   ", " , ,"])
def test_empty_cards(client, cards):
    error = error_of(post(client, ARRANGE, arrange_body(cards=cards)), 400)
    assert error == {"code": "no_cards", "message": "cards: no cards given", "field": "cards"}


def test_empty_meld_list(client):
    error = error_of(post(client, CHECK, check_body(melds=[])), 400)
    assert error["field"] == "melds"


def test_empty_meld_is_an_invalid_meld(client):
    response = post(client, CHECK, check_body(melds=[""]))
    assert response.status_code == 200
    assert response.json()["valid"] is False


def test_hand_too_big_for_the_calculator(client):
    cards = "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AH 2H 3H 4H 5H 6H"  # 19 cards
    error = error_of(post(client, ARRANGE, arrange_body(cards=cards)), 400)
    assert error["code"] == "too_many_cards"
    assert error["field"] == "cards"


def test_overlong_text(client):
    error = error_of(post(client, ARRANGE, arrange_body(cards="AS " * 1000)), 400)
    assert error["code"] == "too_long"
    assert error["field"] == "cards"


def test_too_many_melds(client):
    error = error_of(post(client, CHECK, check_body(melds=["AH 2H 3H"] * 31)), 400)
    assert error["code"] == "too_many_melds"


# -- schema mismatches (422) and bodies that are not JSON (400) --------------------------------


@pytest.mark.parametrize(
    ("path", "body", "field"),
    [
        (ARRANGE, {"variant": "standard-rummy"}, "cards"),
        (ARRANGE, {"cards": "AS"}, "variant"),
        (CHECK, {"variant": "german-rummy"}, "melds"),
    ],
)
def test_missing_field_is_422(client, path, body, field):
    error = error_of(post(client, path, body), 422)
    assert error["code"] == "missing_field"
    assert error["field"] == field
    assert error["message"] == f"{field}: this field is required"


def test_all_schema_problems_are_listed(client):
    error = error_of(post(client, ARRANGE, {"variant": 7}), 422)
    assert error["field"] == "variant"
    assert [problem["field"] for problem in error["errors"]] == ["variant", "cards"]


@pytest.mark.parametrize(
    ("body", "field"),
    [
        (arrange_body(cards=["AS", "2S"]), "cards"),
        (arrange_body(cards=12), "cards"),
        (arrange_body(variant=None), "variant"),
        (arrange_body(options=["target"]), "options"),
    ],
)
def test_wrong_type_is_422(client, body, field):
    error = error_of(post(client, ARRANGE, body), 422)
    assert error["code"] == "invalid_value"
    assert error["field"] == field


def test_wrong_type_inside_a_list_names_the_index(client):
    error = error_of(post(client, CHECK, check_body(melds=["AH 2H 3H", 5])), 422)
    assert error["field"] == "melds[1]"


@pytest.mark.parametrize("path", POST_PATHS)
@pytest.mark.parametrize("raw", ['{"variant": ', "{'variant': 'x'}", "not json", b"\xff\xfe\x00"])
def test_malformed_json(client, path, raw):
    error = error_of(post(client, path, raw), 400)
    assert error["code"] == "bad_json"
    assert error["field"] == "body"


@pytest.mark.parametrize("path", POST_PATHS)
@pytest.mark.parametrize("raw", ["[]", "null", "42", '"cards"'])
def test_body_that_is_not_an_object(client, path, raw):
    error = error_of(post(client, path, raw), 422)
    assert error["field"] == "body"


@pytest.mark.parametrize("path", POST_PATHS)
def test_empty_body(client, path):
    error = error_of(post(client, path, ""), 422)
    assert error["field"] == "body"


def test_unknown_api_path_is_not_a_server_error(client):
    assert client.get("/api/v1/nowhere").status_code == 404


def test_wrong_method(client):
    assert client.get(ARRANGE).status_code == 405


# -- no input ever produces a 5xx -------------------------------------------------------------

GARBAGE = "\u202e\u0000\ufeff🃏" * 3 + "\udcff"
NASTY = [
    None,
    0,
    -1,
    1e308,
    True,
    "",
    "x" * 100_000,
    GARBAGE,
    [],
    [None],
    [{"variant": "standard-rummy"}],
    {},
    {"variant": None, "options": None, "cards": None, "melds": None},
    {"variant": 1, "options": 2, "cards": 3, "melds": 4},
    {"variant": [], "options": [], "cards": [], "melds": {}},
    {"variant": {}, "options": {"target": {}}, "cards": {}, "melds": [{}]},
    {"variant": "standard-rummy", "options": {"": None}, "cards": GARBAGE, "melds": [GARBAGE]},
    {"variant": "x" * 100_000, "options": {}, "cards": "AS", "melds": ["AS"]},
    {"variant": GARBAGE, "options": {GARBAGE: GARBAGE}, "cards": "AS", "melds": ["AS"]},
    {"variant": "standard-rummy", "options": {"target": 10**100}, "cards": "AS", "melds": ["AS"]},
    {
        "variant": "standard-rummy",
        "options": {"target": float("nan")},
        "cards": "AS",
        "melds": ["AS"],
    },
    {
        "variant": "standard-rummy",
        "options": {},
        "cards": "AS " * 50_000,
        "melds": ["AS 2S 3S"] * 5000,
    },
    {"variant": "german-rummy", "options": {}, "cards": "JK " * 20, "melds": ["JK " * 20]},
    {
        "variant": "german-rummy",
        "options": {},
        "cards": "JK=AS 5H",
        "melds": ["JK=JK 5H 6H", "=", "JK=", "=5H"],
    },
    {
        "variant": "continental-rum",
        "options": {"deuces-wild": True},
        "cards": "2S 2H 2D 2C " * 2 + "JK JK",
        "melds": ["2S 2H 2D 2C 2S 2H 2D 2C JK JK", "2S=2S 3S 4S", "JK=AS JK=2S 3S"],
    },
    {
        "variant": "double-rum",
        "options": {},
        "cards": "7H 7H 7S 7S 7D 7D 7C 7C JK JK JK JK",
        "melds": ["7H 7H 7S 7S 7D 7D 7C 7C JK JK JK JK"],
    },
    {"variant": "boat-house-rum", "options": {}, "cards": ",,,;;;", "melds": [",,,", " ", "\t\n"]},
    {"variant": "standard-rummy", "cards": "10H 10H", "melds": ["10H 10H 10H"], "extra": [1, 2, 3]},
    {"variant": "standard-rummy", "cards": "AS", "melds": ["AS"] * 10_000},
]


@pytest.mark.parametrize("path", POST_PATHS)
@pytest.mark.parametrize("body", NASTY, ids=lambda body: repr(body)[:40])
def test_nasty_bodies_never_give_5xx(client, path, body):
    response = post(client, path, json.dumps(body))
    assert response.status_code < 500, response.content[:500]
    if response.status_code >= 400:
        error_of(response, response.status_code)


def test_deeply_nested_json_is_not_a_server_error(client):
    response = post(client, ARRANGE, "[" * 100_000 + "]" * 100_000)
    assert 400 <= response.status_code < 500

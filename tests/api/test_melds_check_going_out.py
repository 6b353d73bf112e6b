"""POST /api/v1/melds/check with "going_out": true: the variant's going-out shape."""

import pytest

from tests.api.helpers import post

CHECK = "/api/v1/melds/check"


def going_out(client, variant, melds, discard=None, options=None):
    body = {"variant": variant, "options": options or {}, "melds": melds, "going_out": True}
    if discard is not None:
        body["discard"] = discard
    response = post(client, CHECK, body)
    assert response.status_code == 200, response.content
    return response.json()


@pytest.mark.parametrize(
    ("variant", "melds", "discard", "valid"),
    [
        ("continental-rum", ["5H 6H 7H 8H 9H", "JS QS KS AS", "2D 3D JK", "9C 10C JC"], "4S", True),
        ("continental-rum", ["5H 6H 7H 8H 9H", "JS QS KS AS", "2D 3D JK", "9C 10C JC"], None, True),
        (
            "continental-rum",
            ["3H 4H 5H 6H 7H 8H", "9S 10S JS", "5C 6C 7C", "10D JD QD"],
            "2S",
            False,
        ),
        ("nowrang", ["10S JS QS KS", "QH KH AH", "5D 6D 7D"], None, True),
        ("nowrang", ["10S JS QS", "QH KH AH", "5D 6D 7D"], None, False),
        ("queen-city-rum", ["KH QH JH 10H", "7S 7D 7C 7H"], None, True),
        ("queen-city-rum", ["KH QH JH", "7S 7D 7C 7H"], "2C", True),
        ("queen-city-rum", ["KH QH JH", "7S 7D 7C"], "2C", False),
        ("phom", ["AH 2H 3H", "5S 5D 5C", "9C 10C JC"], "KD", True),
        ("phom", ["AH 2H 3H 4H", "5S 5D 5C", "9C 10C JC"], None, True),
        ("phom", ["AH 2H 3H", "5S 5D 5C"], "KD", False),
    ],
)
def test_going_out_shapes(client, variant, melds, discard, valid):
    data = going_out(client, variant, melds, discard)
    assert data["valid"] is valid
    assert data["going_out"]["valid"] is valid
    if not valid:
        assert data["reason"] and data["going_out"]["reason"]


def test_going_out_names_the_shape_it_refuses(client):
    data = going_out(client, "nowrang", ["10S JS QS", "QH KH AH", "5D 6D 7D"])
    assert "4-3-3" in data["going_out"]["reason"] or "one 4-card" in data["going_out"]["reason"]


def test_without_going_out_the_answer_is_as_before(client):
    response = post(client, CHECK, {"variant": "queen-city-rum", "melds": ["KH QH JH", "7S 7D 7C"]})
    data = response.json()
    assert data["valid"] is True and data["going_out"] is None


def test_discard_without_going_out_is_a_400(client):
    response = post(client, CHECK, {"variant": "phom", "melds": ["AH 2H 3H"], "discard": "KD"})
    assert response.status_code == 400
    assert response.json()["error"]["field"] == "discard"


def test_bad_discard_card_is_a_400_naming_the_token(client):
    body = {"variant": "phom", "melds": ["AH 2H 3H"], "going_out": True, "discard": "1H"}
    response = post(client, CHECK, body)
    assert response.status_code == 400
    error = response.json()["error"]
    assert error["field"] == "discard" and "1H" in error["message"]


def test_two_discards_are_a_400(client):
    body = {"variant": "phom", "melds": ["AH 2H 3H"], "going_out": True, "discard": "KD QD"}
    assert post(client, CHECK, body).status_code == 400


def test_rummy_complete_refuses_a_laying_switch(client):
    body = {"variant": "rummy-complete", "options": {"call-rummy": True}, "melds": ["7H 8H 9H"]}
    response = post(client, CHECK, body)
    assert response.status_code == 400
    assert response.json()["error"]["field"] == "options.call-rummy"

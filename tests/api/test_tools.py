"""POST /api/v1/arrange and POST /api/v1/melds/check: API.md's examples and the RULES vectors."""

import pytest

from tests.api.helpers import post

ARRANGE = "/api/v1/arrange"
CHECK = "/api/v1/melds/check"


def arrange(client, variant, cards, options=None):
    response = post(client, ARRANGE, {"variant": variant, "options": options or {}, "cards": cards})
    assert response.status_code == 200, response.content
    return response.json()


def check(client, variant, melds, options=None):
    response = post(client, CHECK, {"variant": variant, "options": options or {}, "melds": melds})
    assert response.status_code == 200, response.content
    return response.json()


# -- API.md examples --------------------------------------------------------------------------


def test_arrange_example_from_api_md(client):
    body = {"variant": "boat-house-rum", "options": {}, "cards": "QD KD AD 2D 5C"}
    response = post(client, ARRANGE, body)
    assert response.status_code == 200
    assert response["Content-Type"].startswith("application/json")
    assert response.json() == {"melds": ["QD KD AD 2D"], "unmatched": "5C", "count": 5}


def test_melds_check_example_from_api_md(client):
    body = {"variant": "german-rummy", "options": {}, "melds": ["JK 5H 6H"]}
    response = post(client, CHECK, body)
    assert response.status_code == 200
    data = response.json()
    expected = {
        "valid": True,
        "melds": [{"cards": "JK 5H 6H", "kind": "run", "reading": "7H 5H 6H", "value": 18}],
        "total": 18,
        "initial_meld": {"required": 40, "met": False},
    }
    # The example's fields, exactly; the response may carry more.
    assert {key: data[key] for key in ("valid", "total", "initial_meld")} == {
        key: expected[key] for key in ("valid", "total", "initial_meld")
    }
    meld = data["melds"][0]
    assert {key: meld[key] for key in ("cards", "kind", "reading", "value")} == expected["melds"][0]
    assert meld["valid"] is True
    assert data["reason"] is None


def test_options_may_be_left_out(client):
    response = post(client, ARRANGE, {"variant": "knock-rummy", "cards": "AS 2S 3S 9D"})
    assert response.status_code == 200
    assert response.json() == {"melds": ["AS 2S 3S"], "unmatched": "9D", "count": 9}


# -- arrange: RULES examples 23-25 -----------------------------------------------------------


def test_example_23_knocker_hand(client):
    data = arrange(client, "knock-rummy", "AS 2S 3S 7H 7D 7C JH QH KH 4D")
    assert data["count"] == 4
    assert data["unmatched"] == "4D"
    assert sorted(data["melds"]) == sorted(["AS 2S 3S", "7H 7D 7C", "JH QH KH"])


def test_example_23_opponent_hand(client):
    data = arrange(client, "knock-rummy", "2C 3D 5H 6S 8C 9D 10H JS QC KD")
    assert data["count"] == 73
    assert data["melds"] == []


def test_example_24_boat_house_low_run(client):
    data = arrange(client, "boat-house-rum", "AS 2S 3S KC 9C")
    assert data["melds"] == ["AS 2S 3S"]
    assert sorted(data["unmatched"].split()) == ["9C", "KC"]
    assert data["count"] == 19


def test_example_25_boat_house_ace_counts_11(client):
    assert arrange(client, "boat-house-rum", "AH 7C")["count"] == 18


def test_arrange_with_an_option(client):
    # With around-the-corner an ace left over counts 11 in Standard Rummy.
    assert arrange(client, "standard-rummy", "AH 7C")["count"] == 8
    assert arrange(client, "standard-rummy", "AH 7C", {"around-the-corner": True})["count"] == 18


def test_arrange_accepts_the_whole_notation(client):
    data = arrange(client, "standard-rummy", "10h, t♣ a♠ 2s 3S")
    assert data["melds"] == ["AS 2S 3S"]
    assert data["unmatched"] == "10H 10C"


# -- melds/check: RULES examples 2-5 ---------------------------------------------------------

VALIDITY = [
    # 2. Standard Rummy, ace low; around the corner wraps.
    ("standard-rummy", {}, "AD 2D 3D", True),
    ("standard-rummy", {}, "QD KD AD", False),
    ("standard-rummy", {"around-the-corner": True}, "KD AD 2D 3D", True),
    # 3. Caloochi: ace high or low, no wrap; a group's suits differ.
    ("caloochi", {}, "AS 2S 3S 4S", True),
    ("caloochi", {}, "JD QD KD AD", True),
    ("caloochi", {}, "KS AS 2S", False),
    ("caloochi", {}, "7H 7H 7S", False),
    # 4. Double Rum allows identical cards in a group; German limits jokers.
    ("double-rum", {}, "7H 7H 7S", True),
    ("german-rummy", {}, "JK JK 5H", False),
    ("german-rummy", {}, "JK 5H 6H", True),
    # 5. Phỏm: ace low only. Nowrang: ace high only.
    ("phom", {}, "AH 2H 3H", True),
    ("phom", {}, "QH KH AH", False),
    ("nowrang", {}, "QH KH AH", True),
    ("nowrang", {}, "AH 2H 3H", False),
]


@pytest.mark.parametrize(("variant", "options", "meld", "valid"), VALIDITY)
def test_rules_examples_2_to_5(client, variant, options, meld, valid):
    data = check(client, variant, [meld], options)
    assert data["valid"] is valid
    assert data["melds"][0]["valid"] is valid
    if valid:
        assert data["reason"] is None
        assert data["melds"][0]["kind"] in {"set", "run"}
    else:
        assert data["reason"].startswith("meld 1: ")
        assert data["reason"] == f"meld 1: {data['melds'][0]['reason']}"


def test_invalid_reasons_cite_the_rule(client):
    assert "different suits" in check(client, "caloochi", ["7H 7H 7S"])["reason"]
    assert "more jokers than natural cards" in check(client, "german-rummy", ["JK JK 5H"])["reason"]
    assert "ace is high only" in check(client, "nowrang", ["AH 2H 3H"])["reason"]
    assert "ace is low only" in check(client, "phom", ["QH KH AH"])["reason"]
    assert "K-A-2" in check(client, "caloochi", ["KS AS 2S"])["reason"]


def test_first_failing_meld_gives_the_reason(client):
    data = check(client, "german-rummy", ["AH 2H 3H", "JK JK 5H", "QD KD"])
    assert data["valid"] is False
    assert [m["valid"] for m in data["melds"]] == [True, False, False]
    assert data["reason"] == "meld 2: a meld may not hold more jokers than natural cards"
    assert data["melds"][2]["reason"] == "a meld needs at least 3 cards"
    assert data["total"] == 6  # the valid melds only
    assert data["initial_meld"] == {"required": 40, "met": False}


# -- melds/check: RULES examples 7-8 (initial meld values) ------------------------------------

GERMAN_VALUES = [
    ("AH 2H 3H", 6, "AH 2H 3H"),
    ("QH KH AH", 31, "QH KH AH"),
    ("AS AH AD", 33, "AS AH AD"),
    ("JK 5H 6H", 18, "7H 5H 6H"),
    ("JK=4H 5H 6H", 15, "4H 5H 6H"),
]


@pytest.mark.parametrize(("meld", "value", "reading"), GERMAN_VALUES)
def test_example_7_german_values(client, meld, value, reading):
    data = check(client, "german-rummy", [meld])
    assert data["valid"] is True
    assert data["melds"][0]["value"] == value
    assert data["melds"][0]["reading"] == reading
    assert data["melds"][0]["cards"] == meld
    assert data["total"] == value
    assert data["initial_meld"] == {"required": 40, "met": False}


def test_example_7_german_initial_meld_met(client):
    data = check(client, "german-rummy", ["QH KH AH", "AS AH AD"])
    assert data["valid"] is True
    assert data["total"] == 64
    assert data["initial_meld"] == {"required": 40, "met": True}


def test_example_8_caloochi_joker_takes_the_higher_reading(client):
    data = check(client, "caloochi", ["JK QS KS"])
    meld = data["melds"][0]
    assert meld["value"] == 31
    assert meld["reading"] == "AS QS KS"  # the joker read as AS: Q-K-A
    assert meld["jokers"] == 1
    assert data["initial_meld"] == {"required": 51, "met": False}


def test_example_8_caloochi_initial_meld_met(client):
    data = check(client, "caloochi", ["10D JD QD KD", "9S 9H 9C"])
    assert data["total"] == 67
    assert data["initial_meld"] == {"required": 51, "met": True}


def test_no_initial_meld_where_the_variant_has_none(client):
    data = check(client, "standard-rummy", ["7H 8H 9H"])
    assert data["initial_meld"] is None
    assert data["melds"][0] | {"value": None} == {
        "cards": "7H 8H 9H",
        "valid": True,
        "kind": "run",
        "reading": "7H 8H 9H",
        "value": None,
        "jokers": 0,
        "wild_deuces": 0,
        "reason": None,
        "reason_code": None,
    }


def test_wild_deuce_reported(client):
    data = check(client, "continental-rum", ["5C 2S 7C"], {"deuces-wild": True})
    assert data["valid"] is True
    assert data["melds"][0]["reading"] == "5C 6C 7C"
    assert data["melds"][0]["wild_deuces"] == 1
    # Without the option the same meld is no sequence.
    assert check(client, "continental-rum", ["5C 2S 7C"])["valid"] is False


def test_canonical_card_text_in_the_answer(client):
    data = check(client, "standard-rummy", ["a♥, 2h 3♥"])
    assert data["melds"][0]["cards"] == "AH 2H 3H"

"""Issue 32 §6: the `value` of POST /api/v1/melds/check is the number the checker's page shows,
counted with the variant's own card values (one code path: the family's meld_value)."""

import html as html_lib
import re

import pytest
from django.urls import reverse
from django.utils.http import urlencode

CHECK = "/api/v1/melds/check"

# (variant, options, meld, value): the page's number, which the API must agree with
CASES = [
    ("phom", {}, "9C 10C JC", 30),  # the jack counts 11 in Phỏm
    ("boat-house-rum", {}, "KD AD 2D", 23),  # around the corner: the ace counts 11
    ("double-rum", {}, "JK 7H 7H", 29),  # a joker counts 15 in Double Rum
    ("standard-rummy", {"around-the-corner": True}, "KD AD 2D", 23),  # the ace then counts 11
    ("german-rummy", {}, "JK 5H 6H", 18),  # towards a first meld (API.md's example)
    ("caloochi", {}, "JK QS KS", 31),
    ("rummy-500", {}, "QD KD AD", 35),  # laid: the ace counts 15 high
    ("rummy-500", {}, "AS 2S 3S", 6),  # laid: the ace counts 1 low
]


def api_value(client, variant, options, meld) -> int:
    response = client.post(
        CHECK,
        {"variant": variant, "options": options, "melds": [meld]},
        content_type="application/json",
    )
    assert response.status_code == 200, response.content
    data = response.json()
    assert data["melds"][0]["valid"] is True
    assert data["total"] == data["melds"][0]["value"]
    return data["melds"][0]["value"]


def page_value(client, variant, options, meld) -> int:
    params = {"kind": "meld", "variant": variant, "cards": meld}
    params.update({f"opt-{slug}": "on" for slug, on in options.items() if on is True})
    response = client.get(f"{reverse('check')}?{urlencode(params)}")
    assert response.status_code == 200
    text = html_lib.unescape(re.sub(r"<[^>]+>", " ", response.content.decode()))
    text = " ".join(text.split())
    found = re.search(r"(?:Worth|Counts) (\d+)", text)
    assert found, text[:2000]
    return int(found.group(1))


@pytest.mark.django_db
@pytest.mark.parametrize(("variant", "options", "meld", "value"), CASES)
def test_api_value_is_the_pages(client, variant, options, meld, value):
    assert api_value(client, variant, options, meld) == value
    assert page_value(client, variant, options, meld) == value


@pytest.mark.django_db
def test_rummy_500_page_says_laid_and_in_hand(client):
    response = client.get(
        f"{reverse('check')}?{urlencode({'kind': 'meld', 'variant': 'rummy-500', 'cards': 'AS 2S 3S'})}"
    )
    text = " ".join(html_lib.unescape(re.sub(r"<[^>]+>", " ", response.content.decode())).split())
    assert "Worth 6 laid on the table; 20 if left in a hand." in text


ARRANGE = "/api/v1/arrange"


@pytest.mark.django_db
def test_arrange_says_deadwood_over_the_tables_knock_limit(client):
    body = {"variant": "gin-rummy", "options": {"knock-limit": 7},
            "cards": "AS 2S 3S 7H 7D 7C JH QH KH 8D"}
    data = client.post(ARRANGE, body, content_type="application/json").json()
    assert data["count"] == 8
    assert data["knocking"]["may_knock"] is False
    assert data["knocking"]["verdict"].startswith("Deadwood 8 is over this table's knock limit of 7")
    assert data["knocking"]["code"]["code"] == "check.knock.over"
    boat = {"variant": "boat-house-rum", "options": {}, "cards": "QD KD AD 2D 5C"}
    assert "knocking" not in client.post(ARRANGE, boat, content_type="application/json").json()

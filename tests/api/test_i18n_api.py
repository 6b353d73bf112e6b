"""The API speaks the request's language (Accept-Language); plurals take each language's forms."""

import json

import pytest
from django.utils import translation

from scorekeeper.i18n import render_message

ABC = ["Ann", "Bob", "Cy"]


def score(client, result, **headers):
    body = {"variant": "standard-rummy", "players": ABC, "result": result}
    return client.post(
        "/api/v1/score", json.dumps(body), content_type="application/json", **headers
    )


def test_score_explains_in_czech(client):
    result = {"out": "Ann", "hands": {"Bob": {"cards": "KH 7S 2D"}, "Cy": {"cards": "AS AD 9C"}}}
    body = score(client, result, HTTP_ACCEPT_LANGUAGE="cs").json()
    assert body["explanation"] == [
        "Bob drží KH 7S 2D = 19",
        "Cy drží AS AD 9C = 11",
        "Ann dohrává a získává 30",
    ]
    # The codes stay language-neutral.
    english = score(client, result).json()
    assert body["explanation_codes"] == english["explanation_codes"]
    assert english["explanation"][-1] == "Ann went out and scores 30"


def test_a_bad_card_gets_a_czech_error_naming_the_token(client):
    result = {"out": "Ann", "hands": {"Bob": {"cards": "KH 1H"}, "Cy": {"points": 0}}}
    response = score(client, result, HTTP_ACCEPT_LANGUAGE="cs-CZ,cs;q=0.9,en;q=0.5")
    assert response.status_code == 400
    error = response.json()["error"]
    assert error["field"] == "result.hands.Bob.cards"
    assert error["message"] == "result.hands.Bob.cards: '1H' není karta (karta č. 2)"
    assert error["message_code"] == "card.not_a_card_at"
    assert error["params"] == {"token": "1H", "position": 2}


@pytest.mark.parametrize(
    "code, count, text",
    [
        # Czech: one, few (2-4), many (5+).
        ("cs", 1, "1 divoká dvojka"),
        ("cs", 3, "3 divoké dvojky"),
        ("cs", 5, "5 divokých dvojek"),
        # Romanian: one, few (0, 2-19, and n % 100 in 1-19), "de" form (20+).
        ("ro", 1, "1 doiar joker"),
        ("ro", 2, "2 doiari jokeri"),
        ("ro", 19, "19 doiari jokeri"),
        ("ro", 20, "20 de doiari jokeri"),
        ("ro", 101, "101 doiari jokeri"),
        # One form for every count.
        ("ko", 1, None),
        ("vi", 7, None),
        ("en", 1, "1 wild 2"),
        ("en", 2, "2 wild 2s"),
    ],
)
def test_engine_plurals_take_the_language_forms(code, count, text):
    message = {"code": "continental.part.deuces", "params": {"n": count}}
    with translation.override(code):
        rendered = render_message(message)
    if text is None:
        assert str(count) in rendered and "wild" not in rendered
    else:
        assert rendered == text


@pytest.mark.parametrize(
    "code, forms",
    [
        ("cs", {1: "1 hráč", 2: "2 hráči", 4: "4 hráči", 5: "5 hráčů", 11: "11 hráčů"}),
        ("ro", {1: "1 jucător", 3: "3 jucători", 20: "20 de jucători"}),
    ],
)
def test_page_plurals_take_the_language_forms(code, forms):
    for n, text in forms.items():
        with translation.override(code):
            assert translation.ngettext("%(n)s player", "%(n)s players", n) % {"n": n} == text

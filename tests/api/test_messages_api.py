"""The API speaks twice: text in the request's language, and the message codes beside it."""


import pytest
from django.utils.translation import get_language

import scorekeeper.i18n
from tests.api.helpers import post

ABC = ["Ann", "Bob", "Cy"]
HAND = {"out": "Ann", "hands": {"Bob": {"cards": "KH 7S 2D"}, "Cy": {"points": 11}}}


@pytest.fixture
def tagged(monkeypatch):
    """A stand-in catalogue: every template comes back tagged with the active language."""
    monkeypatch.setattr(scorekeeper.i18n, "gettext", lambda s: f"[{get_language()}] {s}")
    monkeypatch.setattr(
        scorekeeper.i18n,
        "ngettext",
        lambda one, many, n: f"[{get_language()}] {one if n == 1 else many}",
    )


def test_score_gives_the_explanation_as_text_and_as_codes(client):
    body = post(
        client, "/api/v1/score", {"variant": "standard-rummy", "players": ABC, "result": HAND}
    ).json()
    assert body["explanation"] == [
        "Bob holds KH 7S 2D = 19",
        "Cy counts 11",
        "Ann went out and scores 30",
    ]
    assert body["explanation_codes"] == [
        {"code": "entry.holds", "params": {"name": "Bob", "cards": "KH 7S 2D", "count": 19}},
        {"code": "entry.counts", "params": {"name": "Cy", "count": 11}},
        {"code": "standard.out", "params": {"name": "Ann", "total": 30}},
    ]


def test_the_explanation_follows_accept_language(client, tagged):
    body = post(
        client,
        "/api/v1/score",
        {"variant": "standard-rummy", "players": ABC, "result": HAND},
        HTTP_ACCEPT_LANGUAGE="it",
    ).json()
    assert body["explanation"][2] == "[it] Ann went out and scores 30"
    assert body["explanation_codes"][2]["code"] == "standard.out"


def test_an_error_message_follows_accept_language_and_gives_its_code(client, tagged):
    response = post(
        client,
        "/api/v1/score",
        {
            "variant": "standard-rummy",
            "players": ABC,
            "result": {"out": "Ann", "hands": {"Bob": {"cards": "KH 1H"}, "Cy": {"points": 2}}},
        },
        HTTP_ACCEPT_LANGUAGE="ro",
    )
    assert response.status_code == 400
    error = response.json()["error"]
    assert error["field"] == "result.hands.Bob.cards"
    assert error["message"] == "result.hands.Bob.cards: [ro] '1H' is not a card (card 2)"
    assert error["message_code"] == "card.not_a_card_at"
    assert error["params"] == {"token": "1H", "position": 2}


def test_an_option_error_names_its_field_once(client):
    response = post(
        client,
        "/api/v1/score",
        {"variant": "standard-rummy", "players": ABC, "options": {"target": -1}, "result": HAND},
    )
    error = response.json()["error"]
    assert error["field"] == "options.target"
    assert error["message"] == "options.target: must be at least 0, got \u22121"  # a true minus
    assert error["message_code"] == "value.at_least"


@pytest.mark.django_db
def test_a_games_hands_and_history_give_text_and_codes(client):
    created = post(client, "/api/v1/games", {"variant": "standard-rummy", "players": ABC}).json()
    auth = {"HTTP_AUTHORIZATION": f"Bearer {created['token']}"}
    post(client, f"/api/v1/games/{created['id']}/hands", {"result": HAND}, **auth)
    state = client.get(f"/api/v1/games/{created['id']}").json()
    hand = state["hands"][0]
    assert hand["explanation"][-1] == "Ann went out and scores 30"
    assert hand["explanation_codes"][-1]["code"] == "standard.out"
    history = client.get(f"/api/v1/games/{created['id']}/hands/1/history").json()
    assert history[0]["score"]["explanation"] == hand["explanation"]
    assert history[0]["score"]["explanation_codes"] == hand["explanation_codes"]


def test_the_openapi_schema_documents_codes_and_params(client):
    schema = client.get("/api/v1/openapi.json").json()["components"]["schemas"]
    assert "explanation_codes" in schema["ScoreOut"]["properties"]
    assert {"message_code", "params"} <= set(schema["ErrorDetail"]["properties"])


def test_the_catalogue_speaks_the_request_language(client, tagged):
    variants = client.get("/api/v1/variants", HTTP_ACCEPT_LANGUAGE="cs").json()
    assert variants[0]["name"] == "[cs] Standard Rummy"
    detail = client.get("/api/v1/variants/knock-rummy", HTTP_ACCEPT_LANGUAGE="cs").json()
    assert detail["rules"][0]["heading"] == "[cs] Players and deal"
    assert all(d.startswith("[cs] ") for d in detail["decisions"])
    assert detail["card_values"].startswith("[cs] ace 1")


def test_the_renderer_doctests():
    import doctest

    result = doctest.testmod(scorekeeper.i18n)
    assert result.attempted and not result.failed

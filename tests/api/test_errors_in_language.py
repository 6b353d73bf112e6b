"""Every API error speaks the asker's language (Accept-Language), whatever produced it: the
engine, a router's own checks, the schema validator, the JSON parser, the body limits (413,
415), an unknown path or method (404, 405), a missing or wrong token (401, 403).

Each bad request below is sent in English and in German, Korean and Romanian: the message
must differ from the English one (an untranslated message is the same text in every language).
"""

from __future__ import annotations

import json

import pytest
from django.test import Client

pytestmark = pytest.mark.django_db

QUICK = {"variant": "german-rummy", "options": {"hands": 1}}
LANGUAGES = ["de", "ko", "ro"]


def _send(client, method, path, body=None, token=None, raw=None, content_type="application/json",
          language="en", **headers):
    headers = {"HTTP_ACCEPT_LANGUAGE": language, **headers}
    if token:
        headers["HTTP_AUTHORIZATION"] = f"Bearer {token}"
    data = raw if raw is not None else (json.dumps(body) if body is not None else "")
    return getattr(client, method)(path, data, content_type=content_type, **headers)


@pytest.fixture
def world(client):
    """A league and one of its games with a hand, and their tokens."""
    league = _send(client, "post", "/api/v1/leagues", {"name": "Thursday club"}).json()
    game = _send(client, "post", "/api/v1/games",
                 {**QUICK, "players": ["Ann", "Bob"], "league": league["id"]},
                 league["token"]).json()
    return {"league": league["id"], "league_token": league["token"],
            "game": game["id"], "token": game["token"]}


def cases(w):
    """(label, method, path, keyword arguments): one bad request each."""
    g, lg = f"/api/v1/games/{w['game']}", f"/api/v1/leagues/{w['league']}"
    tok, ltok = w["token"], w["league_token"]
    arrange = {"variant": "standard-rummy", "options": {}, "cards": "AS 2S 3S 9D"}
    return [
        ("bad card", "post", "/api/v1/arrange", {"body": {**arrange, "cards": "AS 1H"}}),
        ("unknown variant", "post", "/api/v1/arrange", {"body": {**arrange, "variant": "nope"}}),
        ("unknown option", "post", "/api/v1/arrange", {"body": {**arrange, "options": {"x": 1}}}),
        ("missing field", "post", "/api/v1/arrange", {"body": {"variant": "standard-rummy"}}),
        ("wrong type", "post", "/api/v1/arrange", {"body": {**arrange, "cards": 12}}),
        ("options not an object", "post", "/api/v1/arrange", {"body": {**arrange, "options": []}}),
        ("null variant", "post", "/api/v1/arrange", {"body": {**arrange, "variant": None}}),
        ("float for a string", "post", "/api/v1/arrange", {"body": {**arrange, "variant": 1.5}}),
        ("list item type", "post", "/api/v1/melds/check",
         {"body": {"variant": "german-rummy", "melds": ["AH 2H 3H", 5]}}),
        ("malformed JSON", "post", "/api/v1/arrange", {"raw": '{"variant": '}),
        ("single quotes", "post", "/api/v1/arrange", {"raw": "{'variant': 'x'}"}),
        ("extra data", "post", "/api/v1/arrange", {"raw": "{} {}"}),
        ("not UTF-8", "post", "/api/v1/arrange", {"raw": b"\xff\xfe\x00"}),
        ("a list body", "post", "/api/v1/arrange", {"raw": "[]"}),
        ("a string body", "post", "/api/v1/arrange", {"raw": '"cards"'}),
        ("null body", "post", "/api/v1/arrange", {"raw": "null"}),
        ("empty body", "post", "/api/v1/arrange", {"raw": ""}),
        ("lone surrogate", "post", "/api/v1/arrange",
         {"raw": '{"variant": "standard-rummy", "cards": "AS \\udcff"}'}),
        ("deep nesting", "post", "/api/v1/arrange", {"raw": "[" * 1000 + "]" * 1000}),
        ("not JSON content type", "post", "/api/v1/arrange",
         {"raw": "x", "content_type": "text/plain"}),
        ("too big", "post", "/api/v1/arrange", {"raw": "x" * 2_000_000}),
        ("unknown path", "get", "/api/v1/nowhere", {}),
        ("wrong method", "get", "/api/v1/arrange", {}),
        ("unknown game", "get", "/api/v1/games/nosuchgame", {}),
        ("unknown league", "get", "/api/v1/leagues/nosuchleague", {}),
        ("standings bad date", "get", f"{lg}/standings?as_of=2026-13-01", {}),
        ("standings bad season", "get", f"{lg}/standings?season=999", {}),
        ("standings bad variant", "get", f"{lg}/standings?variant=nope", {}),
        ("hand without token", "post", f"{g}/hands", {"body": {"result": {}}}),
        ("hand with a wrong token", "post", f"{g}/hands", {"body": {"result": {}}, "token": "x" * 30}),
        ("hand result missing", "post", f"{g}/hands", {"body": {}, "token": tok}),
        ("hand result unknown player", "post", f"{g}/hands",
         {"body": {"result": {"out": "Zed", "hands": {}}}, "token": tok}),
        ("hand result bad points", "post", f"{g}/hands",
         {"body": {"result": {"out": "Ann", "hands": {"Bob": {"points": -3}}}}, "token": tok}),
        ("no such hand", "get", f"{g}/hands/99/history", {}),
        ("hand number not a number", "put", f"{g}/hands/x", {"body": {"result": {}}, "token": tok}),
        ("delete no such hand", "delete", f"{g}/hands/99", {"token": tok}),
        ("new game unknown variant", "post", "/api/v1/games",
         {"body": {"variant": "nope", "players": ["Ann", "Bob"]}}),
        ("new game one player", "post", "/api/v1/games",
         {"body": {"variant": "german-rummy", "players": ["Ann"]}}),
        ("new game same name twice", "post", "/api/v1/games",
         {"body": {"variant": "german-rummy", "players": ["Ann", "ann"]}}),
        ("new game empty name", "post", "/api/v1/games",
         {"body": {"variant": "german-rummy", "players": ["Ann", ""]}}),
        ("new game players not a list", "post", "/api/v1/games",
         {"body": {"variant": "german-rummy", "players": "Ann"}}),
        ("new game short key", "post", "/api/v1/games",
         {"body": {"variant": "german-rummy", "players": ["Ann", "Bob"]},
          "HTTP_IDEMPOTENCY_KEY": "abc"}),
        ("new league without name", "post", "/api/v1/leagues", {"body": {}}),
        ("new league long name", "post", "/api/v1/leagues", {"body": {"name": "x" * 500}}),
        ("league change without token", "patch", lg, {"body": {"name": "New"}}),
        ("league change wrong token", "patch", lg, {"body": {"name": "New"}, "token": tok}),
        ("league import bad", "post", f"{lg}/import", {"body": {"games": 5}, "token": ltok}),
        ("rules search empty", "get", "/api/v1/rules/search?q=", {}),
        ("rules search long", "get", "/api/v1/rules/search?q=" + "x" * 500, {}),
        ("seat unknown player", "delete", f"{g}/seats/Zed", {"token": tok}),
        ("ruling missing", "delete", f"{g}/rulings/999", {"token": tok}),
        ("variant unknown", "get", "/api/v1/variants/nope", {}),
        ("score bad", "post", "/api/v1/score", {"body": {"variant": "standard-rummy",
                                                          "players": ["Ann", "Bob"], "result": 5}}),
    ]


def _message(client, method, path, language, args):
    args = dict(args)
    response = _send(client, method, path, args.pop("body", None), args.pop("token", None),
                     args.pop("raw", None), args.pop("content_type", "application/json"),
                     language=language, **args)
    assert response.status_code >= 400, (path, response.status_code)
    assert response.status_code < 500, (path, response.content[:300])
    return response.status_code, response.json()["error"]


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_api_error_speaks_the_askers_language(client, world, language):
    english_only = []
    for label, method, path, args in cases(world):
        status, english = _message(client, method, path, "en", args)
        again, there = _message(client, method, path, language, args)
        assert again == status, label
        messages = [(english["message"], there["message"])]
        messages += [(a["message"], b["message"])
                     for a, b in zip(english.get("errors", []), there.get("errors", []), strict=True)]
        for ours, theirs in messages:
            if ours == theirs:
                english_only.append(f"{label} ({status}): {ours}")
    assert english_only == [], f"{language}: " + "\n".join(english_only)


def test_the_cases_cover_every_kind_of_error(client, world):
    statuses = {_message(client, m, p, "en", a)[0] for _, m, p, a in cases(world)}
    assert {400, 401, 403, 404, 405, 413, 415, 422} <= statuses
    assert len(cases(world)) >= 50


def test_a_bad_date_in_german(client, world):
    """The example of issue 37: the validator's own message, in German."""
    response = Client().get(f"/api/v1/leagues/{world['league']}/standings?as_of=2026-13-01",
                            HTTP_ACCEPT_LANGUAGE="de")
    error = response.json()["error"]
    assert error["field"] == "as_of" and "Datum" in error["message"], error

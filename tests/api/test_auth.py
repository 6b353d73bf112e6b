"""The Authorization header is read in one place (scorekeeper/api/auth.py): games, leagues and
seats refuse alike, in the API's error shape and in the request's language."""

import doctest
import json

import pytest

from scorekeeper.api import auth

ABC = ["Ann", "Bob", "Cy"]
pytestmark = pytest.mark.django_db


def send(client, method, path, body=None, authorization=None, language="cs"):
    headers = {"HTTP_ACCEPT_LANGUAGE": language}
    if authorization is not None:
        headers["HTTP_AUTHORIZATION"] = authorization
    data = json.dumps(body) if body is not None else ""
    return getattr(client, method)(path, data, content_type="application/json", **headers)


def test_the_examples_hold():
    finder, runner = doctest.DocTestFinder(), doctest.DocTestRunner()
    for test in finder.find(auth, auth.__name__):
        runner.run(test)
    assert runner.tries and not runner.failures


@pytest.fixture
def game(client):
    body = send(client, "post", "/api/v1/games", {"variant": "standard-rummy", "players": ABC})
    return body.json()["id"], body.json()["token"]


@pytest.fixture
def league(client):
    body = send(client, "post", "/api/v1/leagues", {"name": "Thursday club"}).json()
    return body["id"], body["token"]


def refusals(client, game, league, header):
    game_id, _ = game
    league_id, _ = league
    hand = {"result": {"out": "Ann", "hands": {"Bob": {"points": 5}, "Cy": {"points": 9}}}}
    return {
        "game": send(client, "post", f"/api/v1/games/{game_id}/hands", hand, header),
        "league": send(client, "patch", f"/api/v1/leagues/{league_id}", {"name": "X"}, header),
        "seat": send(client, "post", f"/api/v1/games/{game_id}/hands/1/confirm", None, header),
    }


@pytest.mark.parametrize("header", [None, "Basic abc", "Bearer   ", "bearer"])
def test_no_usable_credential_is_a_401_in_the_readers_language(client, game, league, header):
    for what, response in refusals(client, game, league, header).items():
        assert response.status_code == 401, what
        error = response.json()["error"]
        assert error["code"] == "unauthorized", what
        # Czech, naming the header and how to send it (the game's said it in English before).
        assert error["message"].startswith("Authorization: ") and "pošlete" in error["message"], (
            what,
            error["message"],
        )


def test_a_token_that_is_not_good_here_is_a_403(client, game, league):
    _, league_token = league
    for what, response in refusals(client, game, league, f"Bearer {league_token}x").items():
        if what == "seat":
            continue  # a seat is asked for with its own scheme: a Bearer token is a 401 there
        assert response.status_code == 403, what
        assert response.json()["error"]["code"] == "forbidden", what


def test_the_scheme_is_read_without_regard_to_case(client, game):
    game_id, token = game
    hand = {"result": {"out": "Ann", "hands": {"Bob": {"points": 5}, "Cy": {"points": 9}}}}
    response = send(client, "post", f"/api/v1/games/{game_id}/hands", hand, f"BEARER  {token} ")
    assert response.status_code == 201

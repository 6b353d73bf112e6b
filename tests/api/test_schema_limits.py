"""Every limit the server enforces on a request body is stated in /api/v1/openapi.json
(issue 16 item 7): a client that follows the schema is never refused for a limit it could not
know, and the server refuses what just breaks a stated limit."""

from __future__ import annotations

import json

import pytest

from scorekeeper.rules import all_variants
from scorekeeper.rules.families import MAX_TEXT

pytestmark = pytest.mark.django_db

NAMES = [("LeagueIn", "name", 80), ("SeasonIn", "name", 60), ("RenameIn", "name", 40)]


@pytest.fixture(scope="module")
def components():
    from scorekeeper.api.api import api

    return api.get_openapi_schema()["components"]["schemas"]


def post(client, path, body, **headers):
    return client.post(path, json.dumps(body), content_type="application/json", **headers)


@pytest.mark.parametrize(("schema", "field", "limit"), NAMES)
def test_names_state_their_limits(components, schema, field, limit):
    name = components[schema]["properties"][field]
    assert (name["minLength"], name["maxLength"], name["pattern"]) == (1, limit, r"\S")


def test_a_league_name_outside_its_stated_limits_is_refused(client, components):
    assert components["LeagueIn"]["properties"]["description"]["maxLength"] == 2000
    for bad in ("", "   ", "x" * 81):
        refused = post(client, "/api/v1/leagues", {"name": bad})
        assert refused.status_code == 400, bad
        assert refused.json()["error"]["field"] == "name"
    assert post(client, "/api/v1/leagues", {"name": "x" * 80}).status_code == 201
    long = post(client, "/api/v1/leagues", {"name": "Tuesdays", "description": "d" * 2001})
    assert long.status_code == 400


def test_a_leagues_variants_are_the_engines(client, components):
    items = components["LeagueIn"]["properties"]["variants"]["items"]
    assert set(items["enum"]) == {v.slug for v in all_variants()}
    assert post(client, "/api/v1/leagues", {"name": "T", "variants": ["no-such"]}).status_code == 400
    assert post(client, "/api/v1/leagues", {"name": "T", "variants": items["enum"]}).status_code == 201


def test_a_season_name_outside_its_stated_limits_is_refused(client):
    league = post(client, "/api/v1/leagues", {"name": "Tuesdays"}).json()
    auth = {"HTTP_AUTHORIZATION": f"Bearer {league['token']}"}
    path = f"/api/v1/leagues/{league['id']}/seasons"
    dates = {"starts": "2026-01-01", "ends": "2026-06-30"}
    for bad in ("", "  ", "s" * 61):
        assert post(client, path, {"name": bad, **dates}, **auth).status_code == 400, bad
    assert post(client, path, {"name": "s" * 60, **dates}, **auth).status_code == 201


def test_the_tools_state_their_limits(client, components):
    cards = components["ArrangeIn"]["properties"]["cards"]
    assert (cards["minLength"], cards["maxLength"], cards["pattern"]) == (1, MAX_TEXT, r"\S")
    melds = components["MeldsCheckIn"]["properties"]["melds"]
    assert (melds["minItems"], melds["maxItems"], melds["items"]["maxLength"]) == (1, 30, MAX_TEXT)
    assert components["MeldsCheckIn"]["properties"]["discard"]["maxLength"] == MAX_TEXT
    variant = all_variants()[0].slug
    for bad in ("", "   ", "K" * (MAX_TEXT + 1)):
        assert post(client, "/api/v1/arrange", {"variant": variant, "cards": bad}).status_code == 400
    for bad in ([], ["KH KD KS"] * 31, ["K" * (MAX_TEXT + 1)]):
        body = {"variant": variant, "melds": bad}
        assert post(client, "/api/v1/melds/check", body).status_code == 400

"""Every limit the server enforces on a request body is stated in /api/v1/openapi.json
(issue 16 item 7): a client that follows the schema is never refused for a limit it could not
know, and the server refuses what just breaks a stated limit."""

from __future__ import annotations

import pytest

from scorekeeper.rules import all_variants
from scorekeeper.rules.families import MAX_TEXT
from tests.api.helpers import post

pytestmark = pytest.mark.django_db

NAMES = [("LeagueIn", "name", 80), ("SeasonIn", "name", 60), ("RenameIn", "name", 40)]


@pytest.fixture(scope="module")
def components():
    from scorekeeper.api.api import api

    return api.get_openapi_schema()["components"]["schemas"]


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
    assert (
        post(client, "/api/v1/leagues", {"name": "T", "variants": ["no-such"]}).status_code == 400
    )
    assert (
        post(client, "/api/v1/leagues", {"name": "T", "variants": items["enum"]}).status_code == 201
    )


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
        assert (
            post(client, "/api/v1/arrange", {"variant": variant, "cards": bad}).status_code == 400
        )
    for bad in ([], ["KH KD KS"] * 31, ["K" * (MAX_TEXT + 1)]):
        body = {"variant": variant, "melds": bad}
        assert post(client, "/api/v1/melds/check", body).status_code == 400


# -- limits a generator can use (issue 16 item 7: schemathesis drew none of them before) -------


def _table(components, variant: str) -> dict:
    return components["".join(part.capitalize() for part in variant.split("-")) + "TableIn"]


def test_the_player_name_pattern_compiles_in_a_json_schema_engine(components):
    """jsonschema-rs (schemathesis' validator; ECMA-262 read by code point, as most are) could
    not compile a class holding lone surrogates and dropped the whole pattern, so names with
    control characters were drawn as valid ones."""
    import jsonschema_rs

    name = _table(components, "standard-rummy")["properties"]["players"]["items"]
    check = jsonschema_rs.validator_for(name)
    # Above the Basic Multilingual Plane too (a tag character, a musical format character):
    # written as themselves in the pattern, each one code point for the engine.
    for refused in ("\x16", "Ann\u200b", "\x87Bob", "   ", "\u2800", "a\u2028b", "B\U000e0041"):
        assert not check.is_valid(refused), ascii(refused)
    assert not check.is_valid("x\U0001d173")
    for taken in ("Zoë Ann", "李", "Bob 2", "Ann\tLee", "\U0001d538nn", "🃏 Joe"):
        assert check.is_valid(taken), taken


def test_every_name_and_key_schemathesis_draws_as_valid_is_one_the_server_takes(client):
    """Positive cases of POST /games, drawn from the document: every player name is one the
    engine takes, and the Idempotency-Key is absent or as long as a creation needs (an
    optional header written as string-or-null went out as the text "null")."""
    from hypothesis import HealthCheck, given, settings
    from schemathesis import GenerationMode

    from scorekeeper.rules.scoring.setup import player_name
    from tests.api.test_schemathesis import SCHEMA

    operation = SCHEMA["/api/v1/games"]["POST"]
    drawn = {"names": 0, "keys": 0}

    @settings(
        max_examples=60,
        derandomize=True,
        database=None,
        deadline=None,
        suppress_health_check=list(HealthCheck),
    )
    @given(case=operation.as_strategy(GenerationMode.POSITIVE))
    def check(case):
        for name in case.body["players"]:
            player_name(name)  # raises on a name the engine refuses
            drawn["names"] += 1
        key = (case.headers or {}).get("Idempotency-Key")
        if key is not None:
            assert 22 <= len(key) <= 100 and key.strip(), key
            drawn["keys"] += 1

    check()
    assert drawn["names"] and drawn["keys"]


def test_optional_headers_are_strings_and_a_key_of_spaces_is_refused(client, components):
    from scorekeeper.api.api import api

    paths = api.get_openapi_schema()["paths"]
    headers = [
        (path, method, parameter)
        for path, operations in paths.items()
        for method, operation in operations.items()
        for parameter in operation.get("parameters", ())
        if parameter["in"] == "header"
    ]
    assert headers
    for path, method, parameter in headers:
        schema = parameter["schema"]
        assert schema["type"] == "string" and "anyOf" not in schema, (path, method, parameter)
        if parameter["name"] == "Idempotency-Key":
            creation = path == "/api/v1/games"
            assert (schema["minLength"], schema["maxLength"]) == (22 if creation else 1, 100)
            assert schema["pattern"] == r"\S"
    body = {"variant": "standard-rummy", "players": ["Ann", "Bob"]}
    spaces = post(client, "/api/v1/games", body, HTTP_IDEMPOTENCY_KEY=" " * 22)
    assert spaces.status_code == 400
    assert spaces.json()["error"]["field"] == "Idempotency-Key"


def test_options_are_never_null(client, components):
    """An option is left out for its default; sent as null the engine refuses it, so the
    document does not offer null."""
    for variant in all_variants():
        options = components[
            _table(components, variant.slug)["properties"]["options"]["anyOf"][0]["$ref"].rsplit(
                "/", 1
            )[-1]
        ]
        for slug, option in options["properties"].items():
            assert option["type"] in ("boolean", "integer") and "anyOf" not in option, slug
            assert "default" not in option, slug
    body = {"variant": "knock-rummy", "players": ["Ann", "Bob"], "options": {"target": None}}
    refused = post(client, "/api/v1/games", body)
    assert refused.status_code == 400
    assert refused.json()["error"]["field"] == "options.target"

"""The games endpoints: every status code, and that a rejected write changes nothing."""

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.games.models import Game, Hand, HandRevision
from tests.api.helpers import send

pytestmark = pytest.mark.django_db

ABC = ["Ann", "Bob", "Cy"]


def out(winner: str, amount: int, players=ABC) -> dict:
    others = [p for p in players if p != winner]
    return {
        "out": winner,
        "hands": {p: {"points": amount if i == 0 else 0} for i, p in enumerate(others)},
    }


def create(client, **fields) -> tuple[str, str]:
    body = {"variant": "standard-rummy", "players": ABC, **fields}
    response = send(client, "post", "/api/v1/games", body)
    assert response.status_code == 201, response.json()
    return response.json()["id"], response.json()["token"]


@pytest.fixture
def game(client):
    """A game with two hands: (id, token)."""
    game_id, token = create(client)
    for entry in [out("Ann", 10), out("Bob", 20)]:
        assert (
            send(
                client, "post", f"/api/v1/games/{game_id}/hands", {"result": entry}, token
            ).status_code
            == 201
        )
    return game_id, token


def state(client, game_id: str) -> dict:
    response = client.get(f"/api/v1/games/{game_id}")
    assert response.status_code == 200
    return response.json()


def stored() -> tuple:
    """Every row a write could touch."""
    return (
        list(Game.objects.order_by("pk").values()),
        list(Hand.objects.order_by("pk").values()),
        list(HandRevision.objects.order_by("pk").values()),
    )


def assert_error(response, status: int, field: str | None = None, code: str | None = None):
    assert response.status_code == status, response.content
    error = response.json()["error"]
    assert set(error) >= {"code", "message", "field"}
    if field is not None:
        assert error["field"] == field, error
        assert field in error["message"], error
    if code is not None:
        assert error["code"] == code, error
    return error


# -- POST /games --------------------------------------------------------------------------------


def test_create_answers_201_with_id_token_url_and_state(client):
    response = send(
        client,
        "post",
        "/api/v1/games",
        {"variant": "standard-rummy", "players": ABC, "options": {"target": 50}, "dealer": "Ann"},
    )
    assert response.status_code == 201
    body = response.json()
    assert set(body) >= {"id", "token", "url", "state"}
    assert body["url"] == f"http://testserver/games/{body['id']}/"
    assert client.get(body["url"]).status_code == 200, "the url is the game's page"
    assert body["state"] == state(client, body["id"])
    assert body["state"]["options"] == {"target": 50}
    assert body["state"]["dealer"] == "Ann" and body["state"]["deal"] == 7
    assert body["state"]["totals"] == {"Ann": 0, "Bob": 0, "Cy": 0}
    assert body["state"]["hands"] == [] and body["state"]["over"] is False


def test_create_trims_names_and_defaults_options_and_dealer(client):
    game_id, _token = create(client, players=[" Ann", "Bob ", "Cy"])
    got = state(client, game_id)
    assert got["players"] == ABC and got["options"] == {} and got["dealer"] == "Cy"


@pytest.mark.parametrize(
    "body, status, field",
    [
        ({"variant": "poker", "players": ABC}, 400, "variant"),
        ({"variant": "standard-rummy", "players": ["Ann"]}, 400, "players"),
        ({"variant": "standard-rummy", "players": ["Ann", "Ann"]}, 400, "players[1]"),
        ({"variant": "standard-rummy", "players": ["Ann", "x" * 41]}, 400, "players[1]"),
        ({"variant": "standard-rummy", "players": ["Ann", "  "]}, 400, "players[1]"),
        (
            {"variant": "standard-rummy", "players": ABC, "options": {"target": -5}},
            400,
            "options.target",
        ),
        (
            {"variant": "standard-rummy", "players": ABC, "options": {"target": "x"}},
            400,
            "options.target",
        ),
        (
            {"variant": "standard-rummy", "players": ABC, "options": {"jokers": 2}},
            400,
            "options.jokers",
        ),
        ({"variant": "standard-rummy", "players": ABC, "dealer": "Zed"}, 400, "dealer"),
        ({"variant": "nowrang", "players": ABC}, 400, "players"),
        ({"players": ABC}, 422, "variant"),
        ({"variant": "standard-rummy"}, 422, "players"),
        ({"variant": "standard-rummy", "players": "Ann Bob"}, 422, "players"),
        ({"variant": "standard-rummy", "players": ["Ann", 7]}, 422, "players[1]"),
        ({"variant": "standard-rummy", "players": ABC, "options": [1]}, 422, "options"),
        ({"variant": "standard-rummy", "players": ABC, "dealer": 3}, 422, "dealer"),
    ],
)
def test_create_refuses_bad_input_naming_the_field(client, body, status, field):
    assert_error(send(client, "post", "/api/v1/games", body), status, field)
    assert not Game.objects.exists()


@pytest.mark.parametrize("raw, status", [("{not json", 400), ("[1, 2]", 422), ("", 422)])
def test_create_refuses_a_body_that_is_not_a_json_object(client, raw, status):
    assert_error(send(client, "post", "/api/v1/games", raw), status)
    assert not Game.objects.exists()


# -- GET /games/{id} ----------------------------------------------------------------------------


def test_get_shows_hands_totals_running_and_the_next_deal(client, game):
    game_id, _token = game
    got = state(client, game_id)
    assert got["id"] == game_id and got["variant"] == "standard-rummy"
    assert got["players"] == ABC
    assert [h["n"] for h in got["hands"]] == [1, 2]
    first = got["hands"][0]
    assert first["result"] == out("Ann", 10)
    assert first["deltas"] == {"Ann": 10, "Bob": 0, "Cy": 0}
    assert first["transfers"] == [] and first["explanation"] and first["dealer"] == "Cy"
    assert got["totals"] == {"Ann": 10, "Bob": 20, "Cy": 0}
    assert got["running"] == [{"Ann": 10, "Bob": 0, "Cy": 0}, {"Ann": 10, "Bob": 20, "Cy": 0}]
    assert (got["dealer"], got["deal"], got["over"], got["winners"]) == ("Bob", 7, False, [])


def test_get_needs_no_token(client, game):
    assert client.get(f"/api/v1/games/{game[0]}").status_code == 200


def test_get_unknown_game_is_404(client):
    assert_error(client.get("/api/v1/games/nope"), 404, code="not_found")


# -- POST /games/{id}/hands ---------------------------------------------------------------------


def test_record_answers_201_with_the_state(client, game):
    game_id, token = game
    response = send(
        client, "post", f"/api/v1/games/{game_id}/hands", {"result": out("Cy", 7)}, token
    )
    assert response.status_code == 201
    assert response.json() == state(client, game_id)
    assert response.json()["hands"][2]["result"] == out("Cy", 7)
    assert response.json()["totals"] == {"Ann": 10, "Bob": 20, "Cy": 7}


def test_a_repeated_request_id_answers_the_first_answer_and_records_once(client, game):
    # Issue 24: a request_id is an Idempotency-Key with one policy: a replay answers the first
    # answer (its status too, 201; it answered 200 before) and says it is a replay.
    game_id, token = game
    path = f"/api/v1/games/{game_id}/hands"
    first = send(client, "post", path, {"result": out("Cy", 7), "request_id": "abc"}, token)
    before = stored()
    again = send(client, "post", path, {"result": out("Cy", 7), "request_id": "abc"}, token)
    assert (first.status_code, again.status_code) == (201, 201)
    assert again["Idempotent-Replayed"] == "true"
    assert again.json() == first.json()
    assert stored() == before


def test_authorization_scheme_is_case_insensitive(client, game):
    game_id, token = game
    response = client.post(
        f"/api/v1/games/{game_id}/hands",
        json.dumps({"result": out("Cy", 1)}),
        content_type="application/json",
        HTTP_AUTHORIZATION=f"bearer {token}",
    )
    assert response.status_code == 201


def test_posting_to_a_finished_game_is_409(client):
    game_id, token = create(client, options={"target": 50})
    path = f"/api/v1/games/{game_id}/hands"
    assert send(client, "post", path, {"result": out("Ann", 60)}, token).status_code == 201
    before = stored()
    error = assert_error(
        send(client, "post", path, {"result": out("Bob", 1)}, token), 409, code="game_over"
    )
    assert "Ann" in error["message"]
    assert stored() == before


# -- PUT and DELETE /games/{id}/hands/{n} ----------------------------------------------------


def test_correct_answers_200_and_recomputes_later_totals(client, game):
    game_id, token = game
    response = send(
        client, "put", f"/api/v1/games/{game_id}/hands/1", {"result": out("Cy", 4)}, token
    )
    assert response.status_code == 200
    got = response.json()
    assert got == state(client, game_id)
    assert got["hands"][0]["result"] == out("Cy", 4)
    assert got["running"] == [{"Ann": 0, "Bob": 0, "Cy": 4}, {"Ann": 0, "Bob": 20, "Cy": 4}]


def test_delete_answers_200_and_renumbers(client, game):
    game_id, token = game
    response = send(client, "delete", f"/api/v1/games/{game_id}/hands/1", token=token)
    assert response.status_code == 200
    got = response.json()
    assert got == state(client, game_id)
    assert [(h["n"], h["result"]) for h in got["hands"]] == [(1, out("Bob", 20))]
    assert got["totals"] == {"Ann": 0, "Bob": 20, "Cy": 0}


def test_history_keeps_every_version(client, game):
    game_id, token = game
    send(client, "put", f"/api/v1/games/{game_id}/hands/2", {"result": out("Cy", 4)}, token)
    response = client.get(f"/api/v1/games/{game_id}/hands/2/history")
    assert response.status_code == 200
    versions = response.json()
    assert [(v["version"], v["action"]) for v in versions] == [(1, "recorded"), (2, "corrected")]
    assert [v["result"] for v in versions] == [out("Bob", 20), out("Cy", 4)]
    assert versions[0]["score"]["deltas"] == {"Ann": 0, "Bob": 20, "Cy": 0}
    assert_error(client.get(f"/api/v1/games/{game_id}/hands/3/history"), 404)
    assert_error(client.get("/api/v1/games/nope/hands/1/history"), 404)


# -- every rejected write -----------------------------------------------------------------------

WRITES = [
    ("post", "/hands", {"result": out("Cy", 1)}),
    ("put", "/hands/1", {"result": out("Cy", 1)}),
    ("delete", "/hands/1", None),
]


@pytest.mark.parametrize("method, suffix, body", WRITES)
@pytest.mark.parametrize(
    "header, status",
    [
        (None, 401),
        ("Bearer", 401),
        ("Bearer ", 401),
        ("Basic dXNlcjpwYXNz", 401),
        ("Bearer not-the-token", 403),
    ],
)
def test_writes_without_the_token_are_refused_and_change_nothing(
    client, game, method, suffix, body, header, status
):
    game_id, _token = game
    before = stored()
    headers = {"HTTP_AUTHORIZATION": header} if header is not None else {}
    data = json.dumps(body) if body is not None else ""
    response = getattr(client, method)(
        f"/api/v1/games/{game_id}{suffix}", data, content_type="application/json", **headers
    )
    assert_error(response, status, code="unauthorized" if status == 401 else "forbidden")
    if status == 401:
        assert response["WWW-Authenticate"].startswith("Bearer")
    assert stored() == before


@pytest.mark.parametrize("method, suffix, body", WRITES)
def test_another_games_token_is_403(client, game, method, suffix, body):
    game_id, _token = game
    _other_id, other_token = create(client)
    before = stored()
    assert_error(send(client, method, f"/api/v1/games/{game_id}{suffix}", body, other_token), 403)
    assert stored() == before


@pytest.mark.parametrize("method, suffix, body", WRITES)
def test_writes_to_an_unknown_game_are_404_with_or_without_a_token(
    client, game, method, suffix, body
):
    _game_id, token = game
    before = stored()
    assert_error(send(client, method, f"/api/v1/games/nope{suffix}", body, token), 404)
    assert_error(send(client, method, f"/api/v1/games/nope{suffix}", body), 404)
    assert stored() == before


def test_the_token_is_checked_before_the_body(client, game):
    game_id, _token = game
    assert_error(send(client, "post", f"/api/v1/games/{game_id}/hands", {"nonsense": 1}), 401)


@pytest.mark.parametrize("method", ["put", "delete"])
@pytest.mark.parametrize(
    "n, status", [("0", 404), ("3", 404), ("-1", 404), ("x", 422), ("1.5", 422)]
)
def test_unknown_hand_numbers(client, game, method, n, status):
    game_id, token = game
    before = stored()
    body = {"result": out("Cy", 1)} if method == "put" else None
    assert_error(send(client, method, f"/api/v1/games/{game_id}/hands/{n}", body, token), status)
    assert stored() == before


BAD_HAND_BODIES = [
    ({}, 422, "result"),
    ({"result": [1, 2]}, 422, "result"),
    ({"result": "Ann went out"}, 422, "result"),
    ({"result": out("Ann", 1), "request_id": 5}, 422, "request_id"),
    ({"result": out("Ann", 1), "request_id": ""}, 422, "request_id"),
    ({"result": out("Ann", 1), "request_id": "x" * 101}, 422, "request_id"),
    ({"result": {"out": "Zed", "hands": {}}}, 400, "result.out"),
    ({"result": {"out": "Ann", "hands": {"Bob": {"points": 3}}}}, 400, "result.hands.Cy"),
    (
        {"result": {"out": "Ann", "hands": {"Bob": {"cards": "1H"}, "Cy": {"points": 0}}}},
        400,
        "result.hands.Bob.cards",
    ),
    (
        {"result": {"out": "Ann", "hands": {"Bob": {"points": -3}, "Cy": {"points": 0}}}},
        400,
        "result.hands.Bob.points",
    ),
    (
        {"result": {"out": "Ann", "hands": {"Bob": {"points": "x"}, "Cy": {"points": 0}}}},
        400,
        "result.hands.Bob.points",
    ),
    (
        {
            "result": {
                "out": "Ann",
                "rummy": True,
                "hands": {"Bob": {"points": 3}, "Cy": {"points": 0}},
            }
        },
        400,
        "result.rummy",
    ),
]


@pytest.mark.parametrize("body, status, field", BAD_HAND_BODIES)
def test_a_bad_hand_is_refused_naming_the_field_and_changes_nothing(
    client, game, body, status, field
):
    game_id, token = game
    before = stored()
    get_before = state(client, game_id)
    response = send(client, "post", f"/api/v1/games/{game_id}/hands", body, token)
    error = assert_error(response, status)
    assert error["field"] == field, error
    assert stored() == before and state(client, game_id) == get_before


@pytest.mark.parametrize(
    "body, status, field", [b for b in BAD_HAND_BODIES if "request_id" not in b[0]]
)
def test_a_bad_correction_is_refused_naming_the_field_and_changes_nothing(
    client, game, body, status, field
):
    game_id, token = game
    before = stored()
    response = send(client, "put", f"/api/v1/games/{game_id}/hands/1", body, token)
    assert assert_error(response, status)["field"] == field
    assert stored() == before


ODD_RESULTS = [
    {"out": ["Ann"]},
    {"out": "Ann", "hands": "Bob 3"},
    {"out": "Ann", "hands": ["Bob"]},
    {"out": "Ann", "hands": {"Bob": "3", "Cy": 1}},
    {"out": "Ann", "hands": {"Bob": {"points": 1.5}, "Cy": {"points": 0}}},
    {"out": "Ann", "hands": {"Bob": {"points": True}, "Cy": {"points": 0}}},
    {"out": "Ann", "hands": {"Bob": {"cards": 7}, "Cy": {"points": 0}}},
    {"out": "Ann", "hands": {"Bob": {"cards": ""}, "Cy": {"points": 0}}},
    {"out": "Ann", "hands": {"Bob": {"melds": "7H 8H 9H"}, "Cy": {"points": 0}}},
    {"out": "Ann", "hands": {"Bob": {"points": 1, "cards": "KH"}, "Cy": {"points": 0}}},
    {"out": "Ann", "hands": {"Zed": {"points": 1}, "Bob": {"points": 1}, "Cy": {"points": 0}}},
    {"out": "Ann", "hands": {"Bob": {"cards": "KH " * 60}, "Cy": {"points": 0}}},
    {
        "out": "Ann",
        "hands": {"Bob": {"hand": "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS"}, "Cy": {"points": 0}},
    },
    {"out": None},
    {},
]


@pytest.mark.parametrize("result", ODD_RESULTS, ids=range(len(ODD_RESULTS)))
def test_odd_results_never_cause_a_server_error(client, game, result):
    game_id, token = game
    before = stored()
    response = send(client, "post", f"/api/v1/games/{game_id}/hands", {"result": result}, token)
    assert response.status_code in {201, 400, 422}, response.content
    if response.status_code != 201:
        assert response.json()["error"]["field"], response.json()
        assert stored() == before


# -- text PostgreSQL cannot store, and random junk ---------------------------------------------

NUL = "\x00"


@pytest.mark.parametrize(
    "body, field",
    [
        ({"variant": "standard-rummy", "players": ["Ann", f"B{NUL}ob"]}, "players[1]"),
        ({"variant": "standard-rummy", "players": ABC, "dealer": f"Cy{NUL}"}, "dealer"),
        (
            {"variant": "standard-rummy", "players": ABC, "options": {"target": 50, "x": NUL}},
            "options.x",
        ),
    ],
)
def test_create_refuses_nul_characters(client, body, field):
    assert_error(send(client, "post", "/api/v1/games", body), 400, field)
    assert not Game.objects.exists()


@pytest.mark.parametrize(
    "body, field",
    [
        ({"result": {**out("Ann", 1), "note": f"a{NUL}b"}}, "result.note"),
        ({"result": {**out("Ann", 1), f"k{NUL}": 1}}, "result"),
        ({"result": {**out("Ann", 1), "notes": [{"x": NUL}]}}, "result.notes[0].x"),
        ({"result": out("Ann", 1), "request_id": f"r{NUL}"}, "request_id"),
    ],
)
def test_hands_refuse_nul_characters_and_change_nothing(client, game, body, field):
    game_id, token = game
    before = stored()
    path = f"/api/v1/games/{game_id}/hands"
    assert_error(send(client, "post", path, body, token), 400, field)
    if "request_id" not in body:
        assert_error(send(client, "put", f"{path}/1", body, token), 400, field)
    assert stored() == before


@pytest.mark.parametrize("public_id", ["a%00b", "x" * 40, "%F0%9F%83%8F", "a.b"])
def test_ids_that_cannot_exist_are_404(client, public_id):
    assert_error(client.get(f"/api/v1/games/{public_id}"), 404)
    assert_error(send(client, "post", f"/api/v1/games/{public_id}/hands", {"result": {}}, "t"), 404)


WORDS = [
    "out",
    "hands",
    "Ann",
    "Bob",
    "Cy",
    "points",
    "cards",
    "hand",
    "melds",
    "rummy",
    "knocker",
    "blocked",
]
json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(10**6), 10**6)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.sampled_from(["Ann", "Bob", "KH 7S 2D", "AS AD 9C", "JK", "1H", "", NUL, "7H 8H 9H"])
    | st.text(max_size=8),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.sampled_from(WORDS), inner, max_size=4)
    ),
    max_leaves=12,
)


@settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(result=st.dictionaries(st.sampled_from(WORDS), json_values, max_size=4))
def test_random_results_are_recorded_or_refused_never_a_server_error(client, game, result):
    game_id, token = game
    before = stored()
    response = send(client, "post", f"/api/v1/games/{game_id}/hands", {"result": result}, token)
    # The fixture's game lives through every example, so a lucky big hand may have ended it.
    assert response.status_code in {201, 400, 409}, response.content
    if response.status_code != 201:
        assert response.json()["error"]["field"] or response.status_code == 409
        assert stored() == before

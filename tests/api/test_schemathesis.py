"""schemathesis over /api/v1/openapi.json, in the suite with a small budget (issue 11).

Every operation of the schema gets generated requests, valid and invalid, through the WSGI app
in this process (so the test database); every response must be no 5xx and must conform to the
schema (status documented, body matching its schema, content type). Game operations are also
pointed at a real game with its token, so writes get past authentication.
"""

from __future__ import annotations

import json

import pytest
import schemathesis
from django.core import signals
from django.core.wsgi import get_wsgi_application
from django.db import close_old_connections
from django.test import Client
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from schemathesis import GenerationMode
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from scorekeeper.rules import all_variants

pytestmark = pytest.mark.django_db

SCHEMA = schemathesis.openapi.from_wsgi("/api/v1/openapi.json", get_wsgi_application())
OPERATIONS = [result.ok() for result in SCHEMA.get_all_operations()]
CHECKS = [
    not_a_server_error,
    status_code_conformance,
    content_type_conformance,
    response_schema_conformance,
]


def _label(operation) -> str:
    return f"{operation.method.upper()} {operation.path}"


@pytest.fixture
def keep_connection():
    """Requests go through the real WSGI handler, whose request signals would close the test
    transaction's connection (PostgreSQL); Django's test client unhooks them the same way, and
    hooks them again after each of its own requests, so this comes after any use of it."""
    signals.request_started.disconnect(close_old_connections)
    signals.request_finished.disconnect(close_old_connections)
    yield
    signals.request_started.connect(close_old_connections)
    signals.request_finished.connect(close_old_connections)


@pytest.fixture
def real_game():
    body = {"variant": "standard-rummy", "players": ["Ann", "Bob", "Cy"]}
    client = Client()
    created = client.post("/api/v1/games", json.dumps(body), content_type="application/json")
    game_id, token = created.json()["id"], created.json()["token"]
    hand = {"result": {"out": "Ann", "hands": {"Bob": {"points": 5}, "Cy": {"points": 7}}}}
    for _ in range(2):
        client.post(
            f"/api/v1/games/{game_id}/hands",
            json.dumps(hand),
            content_type="application/json",
            HTTP_AUTHORIZATION=f"Bearer {token}",
        )
    return game_id, token


VARIANTS = ["standard-rummy", "knock-rummy", "phom", "german-rummy", "continental-rum"]


def _aim(case, game_id: str, token: str, data) -> dict[str, str]:
    """Point a generated case at things that exist (a real game, hand, variant), so it gets
    past the 404s and 401s into the code behind them. Everything else stays generated."""
    headers: dict[str, str] = {}
    params = case.path_parameters or {}
    if "public_id" in params:
        params["public_id"] = game_id
        headers["Authorization"] = f"Bearer {token}"
    if "n" in params:
        params["n"] = data.draw(st.integers(1, 3))
    if "slug" in params:
        params["slug"] = data.draw(st.sampled_from(VARIANTS))
    if isinstance(case.body, dict) and "variant" in case.body:
        case.body["variant"] = data.draw(st.sampled_from(VARIANTS))
        if "players" in case.body and data.draw(st.booleans()):
            case.body["players"] = ["Ann", "Bob", "Cy", "Dee"][: data.draw(st.integers(2, 4))]
    return headers


@pytest.mark.parametrize("operation", OPERATIONS, ids=_label)
def test_every_operation_conforms_and_never_fails(operation, real_game, keep_connection):
    game_id, token = real_game
    cases = st.one_of(
        operation.as_strategy(GenerationMode.POSITIVE),
        operation.as_strategy(GenerationMode.NEGATIVE),
    )

    # A budget of seconds: a few dozen cases per operation, the same ones every run.
    @settings(
        max_examples=30,
        deadline=None,
        derandomize=True,
        database=None,
        suppress_health_check=list(HealthCheck),
    )
    @given(case=cases, aim=st.sampled_from([True, True, True, False]), data=st.data())
    def run(case, aim, data):
        headers = _aim(case, game_id, token, data) if aim else {}
        case.call_and_validate(headers=headers, checks=CHECKS)

    run()


@pytest.mark.parametrize("operation", OPERATIONS, ids=_label)
def test_methods_a_path_does_not_take_get_405_in_the_error_shape(operation, client):
    path = operation.path
    for name in ("public_id", "slug", "n"):
        path = path.replace("{" + name + "}", {"n": "1"}.get(name, "x"))
    taken = {op.method.upper() for op in OPERATIONS if op.path == operation.path}
    for method in {"GET", "POST", "PUT", "PATCH", "DELETE"} - taken:
        response = getattr(client, method.lower())(path)
        assert response.status_code == 405, (method, path)
        assert response["Content-Type"].startswith("application/json")
        assert response.json()["error"]["code"] == "method_not_allowed"
        assert set(response["Allow"].replace(" ", "").split(",")) == taken


HAND_WRITE = ("POST", "/api/v1/games/{public_id}/hands")


def _follow(expression, answer: dict):
    """A link's runtime expression (``$response.body#/...``, possibly inside a string) read
    from the answer it starts from, as schemathesis reads it."""
    if isinstance(expression, dict):
        return {_follow(k, answer): _follow(v, answer) for k, v in expression.items()}
    if not isinstance(expression, str) or "$response.body#" not in expression:
        return expression
    head, _, rest = expression.partition("$response.body#")
    pointer, brace, tail = rest.partition("}") if head.endswith("{") else (rest, "", "")
    value = answer
    for part in pointer.strip("/").split("/"):
        value = value[int(part)] if isinstance(value, list) else value[part]
    return f"{head[:-1]}{value}{tail}" if brace else value


def test_every_hand_link_of_a_new_game_leads_to_a_hand_the_server_takes(client):
    """Each family's links from POST /games to its hand write, followed from a real answer
    (names the server chose nothing about: odd ones), give a hand the server takes."""
    from scorekeeper.api.links import hand_bodies

    created = SCHEMA.raw_schema["paths"]["/api/v1/games"]["post"]["responses"]["201"]["links"]
    families = set()
    for family, seats, variant, _entry in hand_bodies():
        link = created[f"Record{family.title().replace('-', '')}HandOf{seats}"]
        names = ["Zoë Ann", "Bob 2", "ÿ", "李"][:seats]
        body = {"variant": variant, "players": names}
        answer = client.post("/api/v1/games", json.dumps(body), content_type="application/json")
        assert answer.status_code == 201, answer.json()
        game = answer.json()
        parameters = {k: _follow(v, game) for k, v in link["parameters"].items()}
        written = client.post(
            f"/api/v1/games/{parameters['path.public_id']}/hands",
            json.dumps(_follow(link["requestBody"], game)),
            content_type="application/json",
            HTTP_AUTHORIZATION=parameters["header.Authorization"],
        )
        assert written.status_code == 201, (family, seats, written.json())
        families.add(family)
    assert families == {v.family for v in all_variants()}


def test_schemathesis_follows_the_links_and_every_answer_conforms(keep_connection):
    """The stateful phase over the game operations, bounded: the links are valid for it (an
    invalid link fails the state machine's construction), it follows them into hand writes,
    and every answer conforms to the schema. How many of its writes are valid is left to
    chance (its draws are truly random and most generated games are refused before a hand is
    written), so it is not counted here: the links themselves are checked above."""
    written: list[int] = []
    games = schemathesis.openapi.from_wsgi("/api/v1/openapi.json", get_wsgi_application())

    class Machine(games.include(path_regex="^/api/v1/games").as_state_machine()):
        def after_call(self, response, case):
            if (case.operation.method.upper(), case.operation.path) == HAND_WRITE:
                written.append(response.status_code)

        def validate_response(self, response, case, additional_checks=None, **kwargs):
            case.validate_response(response, checks=CHECKS, transport_kwargs=kwargs)

    Machine.run(
        settings=settings(
            max_examples=10,
            stateful_step_count=5,
            deadline=None,
            derandomize=True,
            database=None,
            suppress_health_check=list(HealthCheck),
        )
    )

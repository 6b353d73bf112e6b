"""No input breaks a game (issue 11): random JSON, random unicode and huge numbers posted to
every API endpoint never get a 5xx, and a refused request (4xx) stores nothing."""

from __future__ import annotations

import json

import pytest
from django.test import Client
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.games.models import Game, Hand, HandRevision, IdempotencyKey, Seat
from tests.fuzz_strategies import entry, json_value, table, text

pytestmark = pytest.mark.django_db

FUZZ = settings(
    max_examples=60,
    deadline=None,
    database=None,
    suppress_health_check=list(HealthCheck),
)


def stored() -> tuple:
    """Everything a write could change."""
    return (
        list(Game.objects.order_by("pk").values_list("pk", "hand_count", "totals", "over")),
        Seat.objects.count(),
        list(Hand.objects.order_by("pk").values_list("pk", "number", "entry", "deleted_at")),
        HandRevision.objects.count(),
        IdempotencyKey.objects.count(),
    )


def encode(body) -> str:
    # ensure_ascii: a lone surrogate goes out as the JSON escape \ud800, as a client would send it
    return json.dumps(body, ensure_ascii=True)


@pytest.fixture
def live_game():
    client = Client()
    body = {"variant": "standard-rummy", "players": ["Ann", "Bob", "Cy"]}
    created = client.post("/api/v1/games", encode(body), content_type="application/json").json()
    hand = {"result": {"out": "Ann", "hands": {"Bob": {"points": 5}, "Cy": {"points": 7}}}}
    for _ in range(2):
        client.post(
            f"/api/v1/games/{created['id']}/hands",
            encode(hand),
            content_type="application/json",
            HTTP_AUTHORIZATION=f"Bearer {created['token']}",
        )
    return created["id"], created["token"]


def check(response, before) -> None:
    assert response.status_code < 500, response.content[:500]
    if response.status_code >= 400:
        assert stored() == before, response.content[:500]
        if response["Content-Type"].startswith("application/json"):
            assert "error" in response.json()


headers = st.fixed_dictionaries(
    {},
    optional={
        "HTTP_IDEMPOTENCY_KEY": st.text(
            st.characters(min_codepoint=32, max_codepoint=255), max_size=120
        ),
        "HTTP_IF_MATCH": st.text(st.characters(min_codepoint=32, max_codepoint=255), max_size=40),
    },
)

bodies = st.one_of(table(), json_value, st.fixed_dictionaries({"result": entry()}))


@pytest.mark.parametrize(
    "path", ["/api/v1/score", "/api/v1/games", "/api/v1/arrange", "/api/v1/melds/check"]
)
def test_stateless_and_create_endpoints(client, path):
    @FUZZ
    @given(
        body=st.one_of(
            table().flatmap(lambda t: st.fixed_dictionaries({"result": entry()}).map(t.__or__)),
            table(),
            json_value,
            st.fixed_dictionaries(
                {"variant": table().map(lambda t: t["variant"]), "cards": text, "melds": json_value}
            ),
        ),
        extra=headers,
    )
    def run(body, extra):
        before = stored()
        check(client.post(path, encode(body), content_type="application/json", **extra), before)

    run()


@pytest.mark.parametrize("method", ["post", "put", "delete"])
def test_hand_writes(client, live_game, method):
    game_id, token = live_game

    @FUZZ
    @given(
        body=st.one_of(
            st.fixed_dictionaries({"result": entry()}, optional={"request_id": text}), json_value
        ),
        number=st.one_of(st.integers(-3, 5), st.sampled_from([10**30])),
        extra=headers,
        auth=st.booleans(),
    )
    def run(body, number, extra, auth):
        path = f"/api/v1/games/{game_id}/hands" + (f"/{number}" if method != "post" else "")
        if auth:
            extra = {**extra, "HTTP_AUTHORIZATION": f"Bearer {token}"}
        before = stored()
        response = getattr(client, method)(
            path, encode(body), content_type="application/json", **extra
        )
        check(response, before)

    run()


def test_raw_bytes_and_reads(client, live_game):
    game_id, token = live_game

    @FUZZ
    @given(
        raw=st.binary(max_size=200),
        path=st.sampled_from(
            [
                "/api/v1/score",
                "/api/v1/games",
                f"/api/v1/games/{game_id}/hands",
                f"/api/v1/games/{game_id}/hands/1",
            ]
        ),
        slug=text,
    )
    def run(raw, path, slug):
        before = stored()
        response = client.post(
            path, raw, content_type="application/json", HTTP_AUTHORIZATION=f"Bearer {token}"
        )
        check(response, before)
        from urllib.parse import quote

        safe = quote(slug.encode("utf-8", "surrogatepass"), safe="")
        for read in (f"/api/v1/variants/{safe}", f"/api/v1/games/{safe}"):
            assert client.get(read).status_code < 500

    run()

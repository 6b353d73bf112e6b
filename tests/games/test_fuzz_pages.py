"""No input breaks a game, through the pages (issue 11): random unicode (lone surrogates as raw
bytes too), huge numbers and junk fields posted to every page form never get a 5xx, and a
refused form stores nothing."""

from __future__ import annotations

from urllib.parse import quote

import pytest
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.games.models import Game, Hand, HandRevision, IdempotencyKey, Seat
from tests.fuzz_strategies import CARDS, VARIANTS, huge_int, text

from .page_helpers import knock_hand, post_hand, start_game

pytestmark = pytest.mark.django_db

FUZZ = settings(
    max_examples=50,
    deadline=None,
    database=None,
    suppress_health_check=list(HealthCheck),
)

HAND_FIELDS = [
    "winner",
    "rummy",
    "melds",
    "points",
    "draws",
    "jokers",
    "wild_deuces",
    "same_suit",
    "u_cards",
    "fed",
    "number",
    "etag",
    "request_id",
    "save",
    *[f"p{i}-{what}" for i in range(4) for what in ("points", "cards", "mom", "eats")],
]
START_FIELDS = [
    "variant",
    "seats",
    "dealer",
    "action",
    *[f"player-{i}" for i in range(5)],
    *[f"opt-{slug}" for slug in ("target", "hands", "match-games", "rummy-hidden", "x")],
]

value = st.one_of(
    text,
    huge_int.map(str),
    st.sampled_from(["", "0", "1", "2", "on", "none", "blocked", "create", *CARDS, *VARIANTS]),
)


def form(fields: list[str]):
    return st.dictionaries(st.one_of(st.sampled_from(fields), text), value, max_size=12)


def urlencoded(data: dict[str, str]) -> str:
    """As a browser would send it, except that lone surrogates go out as their raw bytes."""
    return "&".join(
        f"{quote(k.encode('utf-8', 'surrogatepass'))}={quote(v.encode('utf-8', 'surrogatepass'))}"
        for k, v in data.items()
    )


def stored() -> tuple:
    return (
        list(Game.objects.order_by("pk").values_list("pk", "hand_count", "totals")),
        Seat.objects.count(),
        list(Hand.objects.order_by("pk").values_list("pk", "number", "entry", "deleted_at")),
        HandRevision.objects.count(),
        IdempotencyKey.objects.count(),
    )


def post(client, url: str, data: dict[str, str], htmx: bool):
    extra = {"HTTP_HX_REQUEST": "true"} if htmx else {}
    return client.post(
        url, urlencoded(data), content_type="application/x-www-form-urlencoded", **extra
    )


def test_start_form(client):
    @FUZZ
    @given(data=form(START_FIELDS), htmx=st.booleans())
    def run(data, htmx):
        before = stored()
        response = post(client, reverse("game_start"), data, htmx)
        assert response.status_code < 500
        if response.status_code != 302:  # refused or only redrawn: nothing stored
            assert stored() == before
        else:
            for seat in Seat.objects.all():
                seat.name.encode("utf-8")  # never half a character

    run()


@pytest.mark.parametrize("variant", ["knock-rummy", "standard-rummy", "phom", "continental-rum"])
def test_hand_forms(client, variant):
    players = ["Ann", "Bob", "Cy"] if variant != "continental-rum" else ["Ann", "Bob", "Cy", "Dee"]
    game_id = start_game(client, variant, players)
    if variant == "knock-rummy":
        post_hand(client, game_id, knock_hand(0, 5, 12, 20))
    urls = [
        reverse("hand_create", args=[game_id]),
        reverse("hand_preview", args=[game_id]),
        reverse("hand_update", args=[game_id, 1]),
    ]

    @FUZZ
    @given(data=form(HAND_FIELDS), url=st.sampled_from(urls), htmx=st.booleans())
    def run(data, url, htmx):
        before = stored()
        response = post(client, url, data, htmx)
        assert response.status_code < 500
        if response.status_code != 302:
            assert stored() == before

    run()


def test_delete_join_and_undo_never_fail(client):
    game_id = start_game(client)
    for _ in range(3):
        post_hand(client, game_id, knock_hand(0, 5, 12, 20))

    @FUZZ
    @given(
        data=form(["etag", "request_id", "token"]),
        which=st.sampled_from(["delete", "join", "undo"]),
        number=st.integers(1, 4),
    )
    def run(data, which, number):
        url = {
            "delete": reverse("hand_delete", args=[game_id, number]),
            "join": reverse("game_join", args=[game_id]),
            "undo": reverse("game_undo", args=[game_id]),
        }[which]
        before = stored()
        response = post(client, url, data, False)
        assert response.status_code < 500
        if response.status_code >= 400:
            assert stored() == before

    run()

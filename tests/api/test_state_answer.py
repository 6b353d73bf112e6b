"""The state the API answers from kept hand items (api/answers.py, issue 33 §6) is exactly what
the response schema makes of the stored state, after every kind of change and in any
language; a hand changed since is never answered as it was."""

import json

import pytest
from django.test import Client
from django.utils import translation

from scorekeeper.api.answers import state_answer, state_response
from scorekeeper.api.games import StateOut
from scorekeeper.games.models import Game
from scorekeeper.games.scoresheet.selectors import game_state
from scorekeeper.games.scoresheet.services import (
    game_create,
    hand_add,
    hand_correction,
    hand_deletion,
    hand_restoration,
)
from scorekeeper.games.table.seats import hand_confirm, hand_dispute, ruling_record, seat_claim

pytestmark = pytest.mark.django_db


def by_schema(game: Game) -> dict:
    return StateOut.model_validate(game_state(game=game)).model_dump(mode="json")


def same(game: Game) -> None:
    game = Game.objects.get(pk=game.pk)
    for language in ("en", "de", "vi"):
        with translation.override(language):
            expected = by_schema(game)
            assert state_answer(game=game, schema=StateOut) == expected
            assert state_answer(game=game, schema=StateOut) == expected  # kept, then read back
            assert json.loads(state_response(game=game, schema=StateOut).content) == expected


def gin(knocker: str, deadwood: int) -> dict:
    other = "Bob" if knocker == "Ann" else "Ann"
    return {"knocker": knocker, "hands": {knocker: {"points": 0}, other: {"points": deadwood}}}


def test_every_change_answers_as_the_schema():
    game, _ = game_create(
        variant="standard-rummy", options={}, players=["Ann", "Bob", "Cy"], dealer=None
    )
    for n in range(4):
        hand_add(
            game=game,
            entry={"out": "Ann", "hands": {"Bob": {"points": 5 + n}, "Cy": {"points": 1}}},
        )
    same(game)
    hand_correction(
        game=game,
        number=2,
        entry={"out": "Cy", "hands": {"Ann": {"points": 9}, "Bob": {"points": 2}}},
    )
    same(game)
    deleted = hand_deletion(game=game, number=1).hand
    same(game)
    seat_claim(game=game, player="Bob")
    state = game_state(game=game)
    hand_confirm(game=game, number=1, player="Bob", if_match=state["hands"][0]["etag"])
    hand_dispute(game=game, number=2, player="Bob", if_match=state["hands"][1]["etag"], reason="no")
    same(game)
    hand_restoration(game=game, hand_id=deleted.pk)
    same(game)
    ruling_record(game=game, question="Who deals?", variant=None, rule="glance")
    same(game)


def test_a_finished_gin_game_with_its_bonuses():
    game, _ = game_create(
        variant="gin-rummy", options={"target": 40}, players=["Ann", "Bob"], dealer=None
    )
    for knocker, deadwood in [("Bob", 8), ("Ann", 30), ("Ann", 25)]:
        game.refresh_from_db()
        if not game.over:
            hand_add(game=game, entry=gin(knocker, deadwood))
    game.refresh_from_db()
    assert game.over
    same(game)
    assert state_answer(game=game, schema=StateOut)["bonuses"]


def test_the_http_answers_agree(client: Client):
    created = client.post(
        "/api/v1/games",
        json.dumps({"variant": "phom", "players": ["Ann", "Bob", "Cy"]}),
        content_type="application/json",
    ).json()
    game_id, token = created["id"], created["token"]
    example = client.get(
        f"/api/v1/games/{game_id}/hands/example", HTTP_AUTHORIZATION=f"Bearer {token}"
    ).json()["result"]
    posted = client.post(
        f"/api/v1/games/{game_id}/hands",
        json.dumps({"result": example}),
        content_type="application/json",
        HTTP_AUTHORIZATION=f"Bearer {token}",
        HTTP_ACCEPT_LANGUAGE="ko",
    )
    assert posted.status_code == 201
    with translation.override("ko"):
        assert posted.json() == by_schema(Game.objects.get(public_id=game_id))
    read = client.get(f"/api/v1/games/{game_id}", HTTP_ACCEPT_LANGUAGE="ko")
    assert read.json() == posted.json()

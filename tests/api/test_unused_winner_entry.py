"""Where only the other players' cards count (Standard Rummy and its family), an entry for the
player who went out is never read: it is a 400 naming it, and nothing is stored (issue 27,
item 10; API.md: a field a variant does not use is a 400)."""

import json

import pytest

from scorekeeper.games.models import Hand
from scorekeeper.rules import RulesError, score_hand

pytestmark = pytest.mark.django_db

ABC = ["Ann", "Bob", "Cy"]
OTHERS = {"Bob": {"points": 10}, "Cy": {"cards": "KH 7S"}}


@pytest.mark.parametrize(
    ("variant", "winner_entry", "field"),
    [
        ("standard-rummy", {"points": 25}, "result.hands.Ann.points"),
        ("standard-rummy", {"cards": "KH"}, "result.hands.Ann.cards"),
        ("standard-rummy", {"melds": ["3H 4H 5H"]}, "result.hands.Ann.melds"),
        ("standard-rummy", {"hand": "3H 4H 5H 8C 8D 8H 10S"}, "result.hands.Ann.hand"),
        ("standard-rummy", 7, "result.hands.Ann"),
        ("rummy-complete", {"points": 3}, "result.hands.Ann.points"),
        ("german-rummy", {"points": 3}, "result.hands.Ann.points"),
    ],
)
def test_the_winners_entry_is_refused_where_it_is_never_read(variant, winner_entry, field):
    options = {"hands": 1} if variant == "german-rummy" else None
    result = {"out": "Ann", "hands": {"Ann": winner_entry, **OTHERS}}
    with pytest.raises(RulesError) as caught:
        score_hand(variant=variant, players=ABC, result=result, options=options)
    assert caught.value.field == field
    assert "Ann" in str(caught.value)


def test_what_is_read_stays_accepted():
    plain = {"out": "Ann", "hands": OTHERS}
    assert score_hand(variant="standard-rummy", players=ABC, result=plain).deltas["Ann"] > 0
    empty = {"out": "Ann", "hands": {"Ann": None, **OTHERS}}
    assert score_hand(variant="standard-rummy", players=ABC, result=empty).deltas["Ann"] > 0
    # Rummy Complete reads the winner's whole hand (it must go out).
    whole = {"out": "Ann", "hands": {"Ann": {"hand": "3H 4H 5H 8C 8D 8H 10S"}, **OTHERS}}
    assert score_hand(variant="rummy-complete", players=ABC, result=whole).deltas["Ann"] > 0


def test_the_api_refuses_it_and_stores_nothing(client):
    created = client.post(
        "/api/v1/games",
        json.dumps({"variant": "standard-rummy", "players": ABC}),
        content_type="application/json",
    )
    assert created.status_code == 201, created.content
    game, token = created.json()["id"], created.json()["token"]
    result = {"out": "Ann", "hands": {"Ann": {"points": 25}, **OTHERS}}
    response = client.post(
        f"/api/v1/games/{game}/hands",
        json.dumps({"result": result}),
        content_type="application/json",
        HTTP_AUTHORIZATION=f"Bearer {token}",
    )
    assert response.status_code == 400, response.content
    assert response.json()["error"]["field"] == "result.hands.Ann.points"
    assert not Hand.objects.filter(game__public_id=game).exists()

"""``GET /games/{public_id}/hands/example``: a hand this game takes next, whatever its table.

The OpenAPI links lead from a new game here and on to the hand write with this answer's
``result`` (see :mod:`scorekeeper.api.links`), so a client or a fuzzer following links fills a
table of any variant and size. The example is the simplest entry of the game's family (the
first seat in the role, each counted seat a few points), checked by replaying the game's
stored hands with it; reading it writes nothing.
"""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest
from ninja import Field, Router, Schema

from scorekeeper.games.scoresheet.selectors import (
    game_players,
    game_replay,
    live_hands,
    recorded_dealers,
)
from scorekeeper.rules import get_variant
from scorekeeper.rules.families import FAMILIES

from .errors import ApiError, ErrorOut
from .links import example_entry

router = Router(tags=["games"])


class ExampleOut(Schema):
    result: dict[str, Any] = Field(
        description="A hand result this game takes as its next hand: POST it to "
        "/games/{public_id}/hands as {\"result\": ...}"
    )


def _games_api():
    from . import games  # the game's token check lives with the game endpoints

    return games


@router.get(
    "/games/{public_id}/hands/example",
    response={200: ExampleOut, 401: ErrorOut, 403: ErrorOut, 404: ErrorOut, 409: ErrorOut},
    auth=_games_api().GameToken(),
    summary="An example of a hand this game takes next (for clients and link-following tools)",
)
def example_hand(request: HttpRequest, public_id: str):
    game = request.auth
    if game.over:
        raise ApiError(
            "this game is over: it takes no more hands", code="game_over", status=409
        )
    players = game_players(game=game)
    hands = list(live_hands(game=game))
    entries = [hand.entry for hand in hands]
    dealers = recorded_dealers(hands)

    def fits(entry: dict[str, Any]) -> None:
        game_replay(game=game, players=players, entries=[*entries, entry], dealers=dealers)

    variant = get_variant(game.variant)
    family = FAMILIES[variant.family]
    table = variant.table(game.options, players=len(players))
    entry = example_entry(family=family, players=players, fits=fits, table=table)
    if entry is None:
        raise ApiError(
            "no simple example fits this game's next hand", code="no_example", status=409
        )
    return {"result": entry}

"""Scoring a hand, and games: create, read, and record, correct or delete their hands.

Reads are open; every write to a game sends its token as ``Authorization: Bearer <token>``.
Authentication runs before the body is read, so a write to an unknown game is a 404 and a write
without the right token is a 401/403 whatever its body holds.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from django.http import Http404, HttpRequest
from django.urls import reverse
from ninja import Field, Router, Schema, Status
from ninja.security import HttpBearer

from scorekeeper.games.models import Game, Hand
from scorekeeper.games.selectors import game_get, game_state, hand_history
from scorekeeper.games.services import (
    GameOver,
    game_create,
    hand_correct,
    hand_delete,
    hand_record,
    token_valid,
)
from scorekeeper.rules.scoring import score_hand

from .errors import ApiError, ErrorOut
from .explain import Explained, explained

router = Router(tags=["games"])

ERRORS = {400: ErrorOut, 422: ErrorOut}
WRITE_ERRORS = {**ERRORS, 401: ErrorOut, 403: ErrorOut, 404: ErrorOut}


# -- schemas ------------------------------------------------------------------------------------


class TableIn(Schema):
    variant: str
    options: dict[str, Any] | None = None
    players: list[str]
    dealer: str | None = None


class ScoreIn(TableIn):
    result: dict[str, Any]


class HandIn(Schema):
    result: dict[str, Any]
    request_id: str | None = Field(None, min_length=1, max_length=100)


class CorrectionIn(Schema):
    result: dict[str, Any]


class ScoreOut(Explained):
    variant: str
    dealer: str
    winners: list[str]
    deltas: dict[str, int]
    transfers: list[dict[str, Any]]
    players: dict[str, dict[str, Any]]


class HandOut(Explained):
    n: int
    result: dict[str, Any]  # the entry as it was sent
    dealer: str
    winners: list[str]
    deltas: dict[str, int]
    transfers: list[dict[str, Any]]
    players: dict[str, dict[str, Any]]
    totals: dict[str, int]  # running totals after this hand


class StateOut(Schema):
    id: str
    variant: str
    options: dict[str, Any]
    players: list[str]
    first_dealer: str
    hands: list[HandOut]
    totals: dict[str, int]
    running: list[dict[str, int]]
    dealer: str  # deals the next hand
    deal: int | None  # cards each player gets in the next hand
    over: bool
    winners: list[str]


class GameCreatedOut(Schema):
    id: str
    token: str
    url: str
    state: StateOut


class RevisionOut(Schema):
    version: int
    action: str
    number: int
    result: dict[str, Any]  # the entry of this version
    score: dict[str, Any]  # what the engine made of it then (explanation as text and codes)
    created: str


# -- authentication -----------------------------------------------------------------------------


class GameToken(HttpBearer):
    """The bearer token of the game named in the path; the game becomes ``request.auth``.

    Unknown game: 404; no token: 401; another token: 403. Raised rather than returned, so each
    gets the API's error shape instead of ninja's bare 401.
    """

    def __call__(self, request: HttpRequest) -> Game:
        game = _game_or_404(request.resolver_match.kwargs["public_id"])
        scheme, _, token = request.headers.get("Authorization", "").partition(" ")
        if scheme.lower() != "bearer" or not token.strip():
            raise ApiError(
                "Authorization: send the game's token as 'Authorization: Bearer <token>'",
                code="unauthorized",
                status=401,
            )
        if not token_valid(game=game, token=token.strip()):
            raise ApiError(
                "Authorization: this is not the game's token", code="forbidden", status=403
            )
        return game

    def authenticate(self, request: HttpRequest, token: str) -> Game | None:
        raise NotImplementedError  # __call__ needs the game first, so it does all the work


def _game_or_404(public_id: str) -> Game:
    try:
        return game_get(public_id=public_id)
    except Game.DoesNotExist:
        raise Http404(f"no game {public_id!r}") from None


# -- endpoints ----------------------------------------------------------------------------------


@router.post("/score", response={200: ScoreOut, **ERRORS}, summary="Score one hand (stateless)")
def score(request: HttpRequest, payload: ScoreIn):
    hand = score_hand(
        variant=payload.variant,
        options=payload.options,
        players=payload.players,
        dealer=payload.dealer,
        result=payload.result,
    )
    return hand.as_dict()


@router.post("/games", response={201: GameCreatedOut, **ERRORS}, summary="Start a game")
def create_game(request: HttpRequest, payload: TableIn):
    game, token = game_create(
        variant=payload.variant,
        options=payload.options,
        players=payload.players,
        dealer=payload.dealer,
    )
    # The game's page, the link a table shares; the API state is at /games/{id} here.
    url = request.build_absolute_uri(reverse("game", kwargs={"game_id": game.public_id}))
    return Status(
        201, {"id": game.public_id, "token": token, "url": url, "state": game_state(game=game)}
    )


@router.get(
    "/games/{public_id}",
    response={200: StateOut, 404: ErrorOut},
    url_name="game",
    summary="A game's hands, totals, next dealer and whether it is over",
)
def get_game(request: HttpRequest, public_id: str):
    return game_state(game=_game_or_404(public_id))


@router.post(
    "/games/{public_id}/hands",
    response={200: StateOut, 201: StateOut, 409: ErrorOut, **WRITE_ERRORS},
    auth=GameToken(),
    summary="Record the next hand (a repeated request_id records nothing and answers 200)",
)
def record_hand(request: HttpRequest, public_id: str, payload: HandIn):
    game = request.auth
    try:
        hand = hand_record(game=game, entry=payload.result, request_id=payload.request_id)
    except GameOver as err:
        raise ApiError(str(err), code=GameOver.code, status=409) from None
    return Status(200 if hand.repeated else 201, game_state(game=game))


@router.put(
    "/games/{public_id}/hands/{n}",
    response={200: StateOut, **WRITE_ERRORS},
    auth=GameToken(),
    summary="Correct hand n; every later result and total is recomputed",
)
def correct_hand(request: HttpRequest, public_id: str, n: int, payload: CorrectionIn):
    game = request.auth
    with _hand_or_404(n):
        hand_correct(game=game, number=n, entry=payload.result)
    return game_state(game=game)


@router.delete(
    "/games/{public_id}/hands/{n}",
    response={200: StateOut, **WRITE_ERRORS},
    auth=GameToken(),
    summary="Delete hand n; later hands move up, its history is kept",
)
def delete_hand(request: HttpRequest, public_id: str, n: int):
    game = request.auth
    with _hand_or_404(n):
        hand_delete(game=game, number=n)
    return game_state(game=game)


@router.get(
    "/games/{public_id}/hands/{n}/history",
    response={200: list[RevisionOut], 404: ErrorOut},
    summary="Every version of hand n, oldest first",
)
def get_hand_history(request: HttpRequest, public_id: str, n: int):
    game = _game_or_404(public_id)
    with _hand_or_404(n):
        revisions = hand_history(game=game, number=n)
    return [
        {
            "version": r.version,
            "action": r.action,
            "number": r.number,
            "result": r.entry,
            "score": explained(r.result),
            "created": r.created.isoformat(),
        }
        for r in revisions
    ]


@contextmanager
def _hand_or_404(number: int) -> Iterator[None]:
    try:
        yield
    except Hand.DoesNotExist:
        raise Http404(f"this game has no hand {number}") from None

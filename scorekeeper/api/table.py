"""The live table (API.md "Seats", "Confirmations", "Rulings"): a phone takes a player's seat,
seated players confirm or dispute each hand, and the table keeps its rulings with the game.

A seat's token rides as ``Authorization: Seat <seat_token>``; the game's edit token as
``Authorization: Bearer <token>``. Authentication runs before the body is read: a write
without the right credential is a 401/403 whatever its body holds, and changes nothing.
"""

from __future__ import annotations

from typing import Any

from django.http import Http404, HttpRequest, HttpResponse
from django.utils.translation import gettext
from ninja import Header, Router, Schema, Status

from scorekeeper.compression import holds_secret
from scorekeeper.games.models import Game
from scorekeeper.games.rulebook.search import shown_passage
from scorekeeper.games.scoresheet.selectors import game_state
from scorekeeper.games.scoresheet.tokens import token_valid
from scorekeeper.games.table.seats import (
    NoSuchRuling,
    SeatTaken,
    hand_confirm,
    hand_dispute,
    ruling_record,
    ruling_remove,
    seat_claim,
    seat_free,
    seat_of_token,
)

from . import auth
from .errors import ApiError, ErrorOut
from .games import (
    KEY_HEADER,
    GameToken,
    PreconditionFailedOut,
    StateOut,
    _game_or_404,
    _hand_or_404,
    _if_match,
    _write,
)

router = Router(tags=["live table"])

ERRORS = {400: ErrorOut, 401: ErrorOut, 403: ErrorOut, 404: ErrorOut, 422: ErrorOut}


class SeatIn(Schema):
    player: str


class SeatOut(Schema):
    player: str
    seat_token: str


class DisputeIn(Schema):
    reason: Any = ""  # text of at most 200 characters; checked by the service (a 400)


class RulingIn(Schema):
    question: Any
    variant: Any = None  # default: the game's
    rule: Any
    note: Any = ""


# A confirmation is about the hand the player read (API.md "Confirmations"): its etag is asked.
CHECK_IF_MATCH = Header(
    None,
    alias="If-Match",
    description=(
        "Required: the hand's etag as the phone showed it. Without it 428; when hand n was "
        "corrected, deleted or renumbered since, 412 with the state and nothing recorded."
    ),
)
CHECK_ERRORS = {**ERRORS, 412: PreconditionFailedOut, 428: ErrorOut}


def _hand_read(request: HttpRequest) -> str:
    """The etag of the hand the player read (``If-Match``), or a 428: a confirmation without
    it could be recorded on a hand the player never saw."""
    read = _if_match(request)
    if read is None:
        raise ApiError(
            gettext(
                "If-Match: send the etag of the hand as your phone showed it; a confirmation "
                "or dispute is about the hand you read"
            ),
            code="precondition_required",
            field="If-Match",
            status=428,
        )
    return read


def _seated(request: HttpRequest, game: Game) -> str:
    """The player whose seat token the request carries, or a 401/403."""
    scheme, token = auth.credential(request)
    if scheme != "seat" or not token:
        raise auth.unauthorized(
            gettext("Authorization: send your seat's token as 'Authorization: Seat <seat_token>'")
        )
    player = seat_of_token(game=game, token=token)
    if player is None:
        raise auth.forbidden(gettext("Authorization: this is not a seat token of this game"))
    return player


def _keeper_or_seat(request: HttpRequest, game: Game) -> str | None:
    """None for the game's edit token, the player for a seat token; else a 401/403."""
    scheme, token = auth.credential(request)
    if scheme not in ("bearer", "seat") or not token:
        raise auth.unauthorized(
            gettext(
                "Authorization: send the game's token ('Bearer <token>') or a seat's token "
                "('Seat <seat_token>')"
            )
        )
    if scheme == "bearer":
        if not token_valid(game=game, token=token):
            raise auth.forbidden(gettext("Authorization: this is not the game's token"))
        return None
    player = seat_of_token(game=game, token=token)
    if player is None:
        raise auth.forbidden(gettext("Authorization: this is not a seat token of this game"))
    return player


@router.post(
    "/games/{public_id}/seats",
    response={201: SeatOut, 409: ErrorOut, **ERRORS},
    summary="Take a player's seat on this phone (the game's token moves a held seat)",
)
def claim_seat(request: HttpRequest, response: HttpResponse, public_id: str, payload: SeatIn):
    game = _game_or_404(public_id)
    holds_secret(response)  # the seat's token
    scheme, token = auth.credential(request)
    move = False
    if scheme == "bearer":
        if not token_valid(game=game, token=token):
            raise auth.forbidden(gettext("Authorization: this is not the game's token"))
        move = True
    try:
        player, seat_token = seat_claim(
            game=game,
            player=payload.player,
            move=move,
            holder=token if scheme == "seat" else None,
        )
    except SeatTaken as err:
        raise ApiError(str(err), code=err.code, field="player", status=409) from None
    return Status(201, {"player": player, "seat_token": seat_token})


@router.delete(
    "/games/{public_id}/seats/{player}",
    response={200: StateOut, **ERRORS},
    summary="Free a player's seat (the game's token or that seat's own token)",
)
def free_seat(request: HttpRequest, public_id: str, player: str):
    game = _game_or_404(public_id)
    if player not in game_state(game=game)["players"]:
        raise Http404(gettext("this game has no player %(name)s") % {"name": repr(player)})
    seated = _keeper_or_seat(request, game)
    if seated is not None and seated != player:
        raise auth.forbidden(
            gettext("Authorization: this seat token is not %(name)s's") % {"name": player}
        )
    seat_free(game=game, player=player)
    return game_state(game=game)


@router.post(
    "/games/{public_id}/hands/{n}/confirm",
    response={200: StateOut, **CHECK_ERRORS},
    summary=(
        "A seated player confirms hand n as it stands (If-Match: the hand's etag as the phone"
        " showed it; clears their own dispute)"
    ),
)
def confirm_hand(
    request: HttpRequest,
    response: HttpResponse,
    public_id: str,
    n: int,
    idempotency_key: str | None = KEY_HEADER,
    if_match: str | None = CHECK_IF_MATCH,
):
    game = _game_or_404(public_id)
    player = _seated(request, game)
    read = _hand_read(request)

    def write() -> tuple[int, dict]:
        with _hand_or_404(n):
            hand_confirm(game=game, number=n, player=player, if_match=read)
        return 200, game_state(game=game)

    return _write(request, response, game, None, write)


@router.post(
    "/games/{public_id}/hands/{n}/dispute",
    response={200: StateOut, **CHECK_ERRORS},
    summary=(
        "A seated player disputes hand n, with a reason of at most 200 characters (If-Match:"
        " the hand's etag as the phone showed it)"
    ),
)
def dispute_hand(
    request: HttpRequest,
    response: HttpResponse,
    public_id: str,
    n: int,
    payload: DisputeIn,
    idempotency_key: str | None = KEY_HEADER,
    if_match: str | None = CHECK_IF_MATCH,
):
    game = _game_or_404(public_id)
    player = _seated(request, game)
    read = _hand_read(request)

    def write() -> tuple[int, dict]:
        with _hand_or_404(n):
            hand_dispute(game=game, number=n, player=player, if_match=read, reason=payload.reason)
        return 200, game_state(game=game)

    return _write(request, response, game, payload, write)


@router.post(
    "/games/{public_id}/rulings",
    response={201: StateOut, **ERRORS},
    summary="Keep a ruling with the game: a question and the rule that answers it",
)
def record_ruling(
    request: HttpRequest,
    response: HttpResponse,
    public_id: str,
    payload: RulingIn,
    idempotency_key: str | None = KEY_HEADER,
):
    game = _game_or_404(public_id)
    seated = _keeper_or_seat(request, game)

    def write() -> tuple[int, dict]:
        # what the rule search shows for the question at that rule, the table's numbers said
        shown = shown_passage(
            game=game,
            variant=payload.variant or game.variant,
            rule=payload.rule,
            question=payload.question,
        )
        ruling_record(
            game=game,
            question=payload.question,
            variant=payload.variant,
            rule=payload.rule,
            note=payload.note,
            by=seated or "",
            shown=shown,
        )
        return 201, game_state(game=game)

    return _write(request, response, game, payload, write)


@router.delete(
    "/games/{public_id}/rulings/{ruling_id}",
    response={200: StateOut, **ERRORS},
    auth=GameToken(),
    summary="Take a ruling kept by mistake off the game (the game's token)",
)
def remove_ruling(
    request: HttpRequest,
    response: HttpResponse,
    public_id: str,
    ruling_id: int,
    idempotency_key: str | None = KEY_HEADER,
):
    game = request.auth

    def write() -> tuple[int, dict]:
        try:
            ruling_remove(game=game, ruling=ruling_id)
        except NoSuchRuling:
            raise Http404(gettext("this game keeps no ruling %(n)s") % {"n": ruling_id}) from None
        return 200, game_state(game=game)

    return _write(request, response, game, None, write)

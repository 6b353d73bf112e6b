"""Scoring a hand, and games: create, read, and record, correct or delete their hands.

Reads are open; every write to a game sends its token as ``Authorization: Bearer <token>``.
Authentication runs before the body is read, so a write to an unknown game is a 404 and a write
without the right token is a 401/403 whatever its body holds.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from typing import Any

from django.http import Http404, HttpRequest, HttpResponse
from django.urls import reverse
from django.utils.translation import gettext
from ninja import Field, Header, Router, Schema, Status
from ninja.security import HttpBearer

from scorekeeper.compression import holds_secret
from scorekeeper.games.models import Game, Hand
from scorekeeper.games.scoresheet.closing import is_closed
from scorekeeper.games.scoresheet.idempotency import (
    KeyReused,
    Outcome,
    request_fingerprint,
    write_once,
)
from scorekeeper.games.scoresheet.locking import HandChanged
from scorekeeper.games.scoresheet.selectors import game_get, game_state, hand_history
from scorekeeper.games.scoresheet.services import (
    GameOver,
    HandTaken,
    HandWrite,
    game_create,
    hand_add,
    hand_correction,
    hand_deletion,
    hand_restoration,
)
from scorekeeper.games.scoresheet.tokens import game_token, new_token_seed, token_valid
from scorekeeper.games.table.handover import handover_create
from scorekeeper.i18n import render_lines
from scorekeeper.public_url import absolute_url
from scorekeeper.rules import score_hand

from . import auth, leagues
from .answers import state_response
from .errors import ApiError, ErrorDetail, ErrorOut
from .explain import Explained, explained
from .inputs import PathNumber

router = Router(tags=["games"])

ERRORS = {400: ErrorOut, 422: ErrorOut}
WRITE_ERRORS = {**ERRORS, 401: ErrorOut, 403: ErrorOut, 404: ErrorOut}

MAX_KEY = 100  # characters in an Idempotency-Key (API.md)
# A creation has no token to tie a retry to its client, so its key is the only secret that
# gets the first game and its token back: at least 22 characters (128 random bits; a UUID is
# 36), as API.md asks. A short key like "1" would be shared by every client.
MIN_CREATION_KEY = 22
CREATION_KEY_HEADER = Header(
    None,
    alias="Idempotency-Key",
    description=(
        f"An unguessable client string of {MIN_CREATION_KEY} to {MAX_KEY} characters (a UUID):"
        " the same key with the same body answers the first game and its token again."
    ),
    min_length=MIN_CREATION_KEY,
    max_length=MAX_KEY,
)

# Documented in the OpenAPI schema; read by _idempotency_key and _if_match.
KEY_HEADER = Header(
    None,
    alias="Idempotency-Key",
    description="Any client string: a repeated key answers the first answer and changes nothing.",
    min_length=1,
    max_length=MAX_KEY,
)
IF_MATCH_HEADER = Header(
    None,
    alias="If-Match",
    description="A hand's etag: when hand n is no longer that hand, 412 and nothing changes.",
)


def document_headers(schema: dict[str, Any]) -> dict[str, Any]:
    """The request headers of an OpenAPI schema made by ninja, as they are sent.

    An optional header is absent or a string: ninja writes ``anyOf: [string, null]``, and a
    generator that takes the null branch sends the text ``null`` (a 4-character key, refused
    for a creation). The string alone is stated. An ``Idempotency-Key`` of spaces only is
    refused (:func:`_idempotency_key`): its pattern says it holds something visible."""
    for operations in schema.get("paths", {}).values():
        for operation in operations.values():
            for parameter in operation.get("parameters", ()):
                if parameter.get("in") != "header":
                    continue
                header = parameter.get("schema", {})
                sent = [s for s in header.get("anyOf", ()) if s != {"type": "null"}]
                if "anyOf" in header and len(sent) == 1:
                    del header["anyOf"]
                    header.update(sent[0])
                if parameter["name"].lower() == "idempotency-key":
                    header["pattern"] = r"\S"
    return schema


# -- schemas ------------------------------------------------------------------------------------


class Table(Schema):
    variant: str
    options: dict[str, Any] | None = None
    players: list[str]
    dealer: str | None = None


class TableIn(Table):
    """``POST /games``: a table, and optionally the league the game joins."""

    league: str | None = None  # join this league: the bearer token is then the league's
    ranked: bool = True  # with league: false for a friendly game that does not count
    played_on: dt.date | None = None  # with league: the game night (default: today)


class ScoreIn(Table):
    result: dict[str, Any]


DEALER_FIELD = Field(
    None,
    max_length=200,
    description=(
        "Who dealt this hand (RULES.md 1: a fact of the table). Recording: defaults to the "
        "state's `dealer`, the rotation's suggestion. Correcting: defaults to the dealer "
        "recorded for the hand. Never changes another hand's dealer."
    ),
)


class HandIn(Schema):
    result: dict[str, Any]
    request_id: str | None = Field(None, min_length=1, max_length=100)
    dealer: str | None = DEALER_FIELD
    number: int | None = Field(
        None,
        ge=1,
        le=100_000,
        description=(
            "The number of the hand the phone was entering. When the game holds that hand "
            "already (another phone saved it first): 409 hand_taken, nothing recorded."
        ),
    )


class CorrectionIn(Schema):
    result: dict[str, Any]
    dealer: str | None = DEALER_FIELD
    # Why (required once a club night's organiser approved the game's round: API.md "Club
    # nights"); kept in the hand's history. At most 200 characters.
    reason: str | None = None


class ScoreOut(Explained):
    variant: str
    dealer: str
    winners: list[str]
    deltas: dict[str, int]
    transfers: list[dict[str, Any]]
    players: dict[str, dict[str, Any]]


class DisputeOut(Schema):
    player: str
    reason: str


class RulingOut(Schema):
    """A ruling the table kept (API.md "Rulings")."""

    id: int = Field(description="names it in DELETE /games/{public_id}/rulings/{ruling_id}")
    at: str
    by: str | None = Field(None, description="the seated player who kept it; null: the keeper")
    question: str
    variant: str
    rule: str
    title: str
    text: str = Field(
        description="the passage the table read when the ruling was kept, the table's numbers "
        "included (the rule search's answer to the question at that rule)"
    )
    note: str
    language: str = Field("", description="the language its words were kept in")
    question_code: dict[str, Any] | None = Field(
        None,
        description="a question the app wrote (a checker's answer kept as a ruling) as "
        '{"code", "params"}, for clients that render their own; null: typed by a person',
    )
    note_code: dict[str, Any] | None = Field(None, description="the note, likewise")


class HandOut(Explained):
    n: int
    etag: str  # this version of this hand: send it back as If-Match to correct or delete it
    result: dict[str, Any]  # the entry as it was sent
    dealer: str
    winners: list[str]
    deltas: dict[str, int]
    transfers: list[dict[str, Any]]
    players: dict[str, dict[str, Any]]
    totals: dict[str, int]  # running totals after this hand
    confirmed: list[str] = Field(
        default_factory=list, description="the seated players who confirmed this hand"
    )
    disputed: list[DisputeOut] = Field(
        default_factory=list, description="the seated players who dispute it, with their reason"
    )


class BonusOut(Schema):
    """A bonus added to a total when the game ended (Gin Rummy's game, box and shutout)."""

    player: str
    points: int
    text: str = Field(description="the bonus in words, in the request's language")
    line: dict[str, Any] = Field(description="the same as a message: {code, params}")

    @staticmethod
    def resolve_text(obj: Mapping[str, Any]) -> str:
        return render_lines([obj["line"]])[0]


class StateOut(Schema):
    id: str
    code: str | None = Field(
        None, description="the game's 6-character join code (typed on the home page to watch)"
    )
    version: int = Field(
        0, description="grows by one with every change; the id of the events stream's last event"
    )
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
    bonuses: list[BonusOut] = Field(
        default_factory=list,
        description="added to the totals when the game ended, one line each (Gin Rummy)",
    )
    seats: list[str] = Field(
        default_factory=list, description="the players whose seat a phone holds (API.md Seats)"
    )
    rulings: list[RulingOut] = Field(default_factory=list, description="the rulings kept")


class SavedHandOut(HandOut):
    saved_by: str | None = Field(
        None, description="the seated player whose phone saved it; null: the scorekeeper"
    )
    saved_at: str = Field(description="ISO time the hand was saved")


class HandTakenOut(Schema):
    """409: the phone's hand number is taken; the hand saved as that number, and why."""

    code: str = Field(description='"hand_taken"')
    hand: SavedHandOut
    error: ErrorDetail


class PreconditionFailedOut(StateOut):
    """412: the game as it is now, and why nothing was changed."""

    error: ErrorDetail


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
    reason: str = ""  # why, when the change had to say (after a club night's approval)


# -- authentication -----------------------------------------------------------------------------


class GameToken(HttpBearer):
    """The bearer token of the game named in the path; the game becomes ``request.auth``.

    Unknown game: 404; no token: 401; another token: 403. Raised rather than returned, so each
    gets the API's error shape instead of ninja's bare 401.
    """

    def __call__(self, request: HttpRequest) -> Game:
        game = _game_or_404(request.resolver_match.kwargs["public_id"])
        token = auth.bearer(
            request,
            gettext("Authorization: send the game's token as 'Authorization: Bearer <token>'"),
        )
        if is_closed(game):
            # A club night's approved table: only its league's organiser writes now.
            if not leagues.organiser_may_write_game(game, token):
                raise auth.forbidden(
                    gettext(
                        "Authorization: this game's round was approved; only the league's "
                        "organiser may correct it now"
                    )
                )
        elif not token_valid(game=game, token=token) and not (
            # A league game: its league's organiser token may write as the game's own does.
            leagues.organiser_may_write_game(game, token)
        ):
            raise auth.forbidden(gettext("Authorization: this is not the game's token"))
        return game

    def authenticate(self, request: HttpRequest, token: str) -> Game | None:
        raise NotImplementedError  # __call__ needs the game first, so it does all the work


def _game_or_404(public_id: str) -> Game:
    try:
        return game_get(public_id=public_id)
    except Game.DoesNotExist:
        raise Http404(gettext("no game %(id)s") % {"id": repr(public_id)}) from None


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


@router.post(
    "/games",
    response={201: GameCreatedOut, **ERRORS, 401: ErrorOut, 403: ErrorOut, 404: ErrorOut},
    summary=(
        'Start a game (in a league with "league" and the league\'s token; with an'
        " Idempotency-Key, a retry answers the same game)"
    ),
)
def create_game(
    request: HttpRequest,
    response: HttpResponse,
    payload: TableIn,
    idempotency_key: str | None = CREATION_KEY_HEADER,
):
    if payload.league is None and not payload.ranked:
        raise ApiError(gettext("ranked: only a league game can be unranked"), field="ranked")
    key = _idempotency_key(request, minimum=MIN_CREATION_KEY)
    seed = new_token_seed()

    def write() -> tuple[int, dict]:
        if payload.league is not None:
            game, _token = leagues.create_league_game(
                request, league_id=payload.league, payload=payload
            )
        else:
            game, _token = game_create(
                variant=payload.variant,
                options=payload.options,
                players=payload.players,
                dealer=payload.dealer,
                token_seed=seed,
            )
        # The game's page, the link a table shares; the API state is at /games/{id} here.
        url = absolute_url(request, reverse("game", kwargs={"game_id": game.public_id}))
        # Stored for a retry as it is: the seed, never the token (only the secret key makes a
        # game's token from it; a league game's comes from the league's token, asked again).
        return 201, {"id": game.public_id, "url": url, "state": game_state(game=game), "seed": seed}

    outcome = _once(game=None, key=key, request=_asked(request, payload), write=write)
    body = dict(outcome.body)
    seed = body.pop("seed")
    if payload.league is not None:
        body["token"] = leagues.league_game_token(
            request, league_id=payload.league, game_id=body["id"]
        )
    else:
        body["token"] = game_token(seed)
    holds_secret(response)  # the token: never compressed (BREACH), never cached
    return _answer(response, outcome, body)


@router.get(
    "/games/{public_id}",
    response={200: StateOut, 404: ErrorOut},
    url_name="game",
    summary="A game's hands, totals, next dealer and whether it is over",
)
def get_game(request: HttpRequest, public_id: str):
    return state_response(game=_game_or_404(public_id), schema=StateOut)


@router.post(
    "/games/{public_id}/hands",
    response={200: StateOut, 201: StateOut, 409: HandTakenOut | ErrorOut, **WRITE_ERRORS},
    auth=GameToken(),
    summary=(
        "Record the next hand (a repeated request_id or Idempotency-Key records nothing and"
        " answers the first answer)"
    ),
)
def record_hand(
    request: HttpRequest,
    response: HttpResponse,
    public_id: str,
    payload: HandIn,
    idempotency_key: str | None = KEY_HEADER,
):
    game = request.auth
    try:
        return _hand_write(
            request,
            response,
            game,
            lambda: hand_add(
                game=game,
                entry=payload.result,
                dealer=payload.dealer,
                request_id=payload.request_id,
                number=payload.number,
                **_idempotency(request, payload, status=201),
            ),
        )
    except HandTaken as err:
        error = {"code": err.code, "message": str(err), "field": "number"}
        return Status(409, {"code": err.code, "hand": err.saved, "error": error})
    except GameOver as err:
        raise ApiError(str(err), code=GameOver.code, status=409) from None


@router.put(
    "/games/{public_id}/hands/{n}",
    response={200: StateOut, 412: PreconditionFailedOut, **WRITE_ERRORS},
    auth=GameToken(),
    summary="Correct hand n; every later result and total is recomputed",
)
def correct_hand(
    request: HttpRequest,
    response: HttpResponse,
    public_id: str,
    n: PathNumber,
    payload: CorrectionIn,
    idempotency_key: str | None = KEY_HEADER,
    if_match: str | None = IF_MATCH_HEADER,
):
    game = request.auth
    with _hand_or_404(n):
        return _hand_write(
            request,
            response,
            game,
            lambda: hand_correction(
                game=game,
                number=n,
                entry=payload.result,
                dealer=payload.dealer,
                if_match=_if_match(request),
                reason=payload.reason,
                **_idempotency(request, payload),
            ),
        )


@router.delete(
    "/games/{public_id}/hands/{n}",
    response={200: StateOut, 412: PreconditionFailedOut, **WRITE_ERRORS},
    auth=GameToken(),
    summary="Delete hand n; later hands move up, its history is kept",
)
def delete_hand(
    request: HttpRequest,
    response: HttpResponse,
    public_id: str,
    n: PathNumber,
    idempotency_key: str | None = KEY_HEADER,
    if_match: str | None = IF_MATCH_HEADER,
    reason: str | None = None,
):
    """``?reason=``: why (required once a club night's round was approved)."""
    game = request.auth
    with _hand_or_404(n):
        return _hand_write(
            request,
            response,
            game,
            lambda: hand_deletion(
                game=game,
                number=n,
                if_match=_if_match(request),
                reason=reason,
                **_idempotency(request, None),
            ),
        )


@router.post(
    "/leagues/{league_id}/games/{public_id}/hands/{n}/restore",
    response={200: StateOut, **WRITE_ERRORS},
    auth=GameToken(),
    summary="Restore deleted hand n of a league game (organiser or game token), as Undo does",
)
def restore_league_hand(
    request: HttpRequest,
    response: HttpResponse,
    league_id: str,
    public_id: str,
    n: PathNumber,
    idempotency_key: str | None = KEY_HEADER,
):
    """Put back the hand deleted last at number ``n`` (a deleted hand keeps the number it had);
    the hands after it move down again, and the league's standings and ratings follow."""
    game = request.auth
    if not leagues.game_in_league(game, league_id):
        raise Http404(f"no game {public_id!r} in league {league_id!r}")
    deleted = (
        Hand.objects.filter(game=game, number=n, deleted_at__isnull=False)
        .order_by("-deleted_at", "-pk")
        .values_list("pk", flat=True)
        .first()
    )
    if deleted is None:
        raise Http404(f"this game has no deleted hand {n}")
    return _hand_write(
        request,
        response,
        game,
        lambda: hand_restoration(game=game, hand_id=deleted, **_idempotency(request, None)),
    )


# -- safe retries (API.md): Idempotency-Key on every write, If-Match on PUT and DELETE ---------


def _idempotency_key(request: HttpRequest, *, minimum: int = 1) -> str | None:
    key = request.headers.get("Idempotency-Key")
    if key is None:
        return None
    if not minimum <= len(key) <= MAX_KEY or not key.strip():
        raise ApiError(
            gettext("Idempotency-Key: send %(min)s to %(max)s characters, got %(n)s")
            % {"min": minimum, "max": MAX_KEY, "n": len(key)},
            code="bad_idempotency_key",
            field="Idempotency-Key",
        )
    return key


def _if_match(request: HttpRequest) -> str | None:
    value = request.headers.get("If-Match")
    return value if value is not None and value.strip() else None


def _asked(request: HttpRequest, payload: Schema | None) -> str:
    """What this request asks for: the same key with anything else is refused."""
    body = payload.model_dump(mode="json") if payload is not None else None
    return request_fingerprint(request.method, request.path, body)


def _once(**kwargs) -> Outcome:
    try:
        return write_once(**kwargs)
    except KeyReused as err:
        raise ApiError(str(err), code=err.code, field="Idempotency-Key", status=422) from None


def _write(request: HttpRequest, response: HttpResponse, game: Game, payload: Schema | None, write):
    """A write that is not a hand's (a confirmation, a dispute, a ruling): ``write()`` runs once
    per Idempotency-Key, and a repeat answers what the first answered."""
    try:
        outcome = _once(
            game=game, key=_idempotency_key(request), request=_asked(request, payload), write=write
        )
    except HandChanged as err:
        game.refresh_from_db()
        body = {**game_state(game=game), "error": {"code": err.code, "message": str(err)}}
        body["error"]["field"] = "If-Match"
        return Status(412, body)
    return _answer(response, outcome, outcome.body)


def _idempotency(request: HttpRequest, payload: Schema | None, *, status: int = 200) -> dict:
    """The key, fingerprint and stored answer of a hand write, as every write takes them: the
    write's answer is the game state it leaves (built from what the write holds, no query)."""

    key = _idempotency_key(request)
    kept = key is not None or getattr(payload, "request_id", None) is not None

    def answer(write: HandWrite) -> tuple[int, dict | None]:
        if not kept:  # nothing to keep for a retry: the view answers the state (answers.py)
            return status, None
        return status, game_state(game=write.hand.game, players=write.players, hands=write.hands)

    return {"key": key, "fingerprint": _asked(request, payload), "answer": answer}


def _hand_write(
    request: HttpRequest, response: HttpResponse, game: Game, write: Callable[[], HandWrite]
):
    """Run a hand write and answer as API.md says: its answer (a replay says so in a header);
    a reused key is a 422 naming the key, a stale If-Match a 412 with the game as it is now."""
    try:
        done = write()
    except KeyReused as err:
        if err.key is not None and err.key != request.headers.get("Idempotency-Key"):
            raise ApiError(
                gettext(
                    "request_id: this request_id was already used for a different hand; "
                    "send a new request_id for a new hand"
                ),
                code="request_id_reused",
                field="request_id",
                status=422,
            ) from None
        raise ApiError(str(err), code=err.code, field="Idempotency-Key", status=422) from None
    except HandChanged as err:
        game.refresh_from_db()
        body = {**game_state(game=game), "error": {"code": err.code, "message": str(err)}}
        body["error"]["field"] = "If-Match"
        return Status(412, body)
    if done.body is None:  # the state as it is now, built at the same cost at any length
        known = [done.hand] if done.hand is not None else None
        return state_response(
            game=game, schema=StateOut, status=done.status, players=done.players, known=known
        )
    return _answer(response, done, done.body)


def _answer(response: HttpResponse, outcome: Outcome | HandWrite, body):
    if outcome.replayed:  # the first answer again; nothing was done this time
        response["Idempotent-Replayed"] = "true"
    return Status(outcome.status, body)


@router.get(
    "/games/{public_id}/hands/{n}/history",
    response={200: list[RevisionOut], 404: ErrorOut, 422: ErrorOut},
    summary="Every version of hand n, oldest first",
)
def get_hand_history(request: HttpRequest, public_id: str, n: PathNumber):
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
            "reason": r.reason,
        }
        for r in revisions
    ]


class HandoverIn(Schema):
    share: bool = Field(
        False,
        description=(
            "false (default): the phone that takes the link becomes the keeper and the phones "
            "that kept score until then watch; true: it becomes a second keeper"
        ),
    )


class HandoverOut(Schema):
    url: str = Field(description="the one-time link: .../games/{id}/take/#<secret>")
    expires: str = Field(description="ISO time; the link works once, until then (15 minutes)")


@router.post(
    "/games/{public_id}/handover",
    response={201: HandoverOut, **WRITE_ERRORS},
    auth=GameToken(),
    summary=(
        "A one-time link that hands the keeping of the score to another phone (15 minutes,"
        ' once; "share": true makes a second keeper instead)'
    ),
)
def create_handover(
    request: HttpRequest,
    response: HttpResponse,
    public_id: str,
    payload: HandoverIn | None = None,
):
    game = request.auth
    holds_secret(response)  # the link's secret
    share = payload.share if payload is not None else False
    secret, expires = handover_create(game=game, share=share)
    url = absolute_url(request, reverse("game_take", args=[game.public_id])) + f"#{secret}"
    return Status(201, {"url": url, "expires": expires.isoformat()})


@router.get(
    "/games/{public_id}/events",
    response={200: None, 404: ErrorOut},
    summary="Server-Sent Events: one `state` event per change of the game (API.md Events)",
    description=(
        "Served by the ASGI server (gunicorn's asgi workers), outside this router: each event is"
        ' `id: <version>`, `event: state`, `data: {"version", "etag", "hands", "over"}`;'
        " `Last-Event-ID` (or `?since=<version>`) gets the current state at once when the game"
        " changed since; a `: keep-alive` comment at least every 15 s. Under a plain WSGI"
        " server this answers 404 and pages poll instead."
    ),
)
def game_events(request: HttpRequest, public_id: str):
    _game_or_404(public_id)
    raise ApiError(
        "events: this server does not hold live streams (run it under ASGI); poll instead",
        code="not_found",
        status=404,
    )


@contextmanager
def _hand_or_404(number: int) -> Iterator[None]:
    try:
        yield
    except Hand.DoesNotExist:
        raise Http404(gettext("this game has no hand %(n)s") % {"n": number}) from None

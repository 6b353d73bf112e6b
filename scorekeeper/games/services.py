"""Writes to games.

Every hand write locks its game, replays all live hands through the engine and stores what the
replay says (every hand's result, the running totals, the game's summary) in one transaction.
The engine rejects a bad entry before anything is written, and the cache can never drift from
the hands, because nothing else writes them.
"""

from __future__ import annotations

import base64
import functools
import hashlib
import hmac
import json
import random
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

from django.conf import settings
from django.db import IntegrityError, OperationalError, transaction
from django.db.models import F
from django.utils import timezone
from django.utils.crypto import salted_hmac
from django.utils.translation import gettext

from scorekeeper.rules.errors import GameOverError, ResultError
from scorekeeper.rules.game import Replay, seated_dealer, setup_table
from scorekeeper.rules.messages import N_, NP_, define

from .events import game_changed
from .models import Game, Hand, HandRevision, IdempotencyKey, Seat, hash_token
from .selectors import (
    game_players,
    game_replay,
    hand_result_data,
    live_hands,
    recorded_dealers,
    state_summary,
)
from .signals import game_stored

NUL_IN_TEXT = define("input.nul_text", N_("text may not contain NUL characters"))
NUL_IN_NAME = define("input.nul_name", N_("names may not contain NUL characters"))
ENDS_EARLIER = define(
    "correction.ends_earlier",
    NP_(
        "with this change the game ends after hand {after}, but {later} later hand follows;"
        " delete it first",
        "with this change the game ends after hand {after}, but {later} later hands follow;"
        " delete them first",
    ),
    count="later",
)


class GameOver(Exception):
    """A hand posted to a game that has already ended."""

    code = "game_over"

    def __init__(self, game: Game):
        winners = ", ".join(game.winners)
        super().__init__(
            gettext("this game is over: %(winners)s won") % {"winners": winners}
            if winners
            else gettext("this game is over")
        )


class HandChanged(Exception):
    """``If-Match`` named a version of hand ``number`` that is no longer hand ``number``:
    another phone corrected, deleted or restored a hand first. Nothing was changed."""

    code = "precondition_failed"

    def __init__(self, number: int):
        self.number = number
        super().__init__(
            gettext(
                "hand %(n)s is no longer the hand you saw: it was corrected, deleted or moved "
                "since; nothing was changed"
            )
            % {"n": number}
        )


class KeyReused(Exception):
    """An ``Idempotency-Key`` already used for a different request to the same game."""

    code = "idempotency_key_reused"

    def __init__(self) -> None:
        super().__init__(
            gettext(
                "Idempotency-Key: this key was already used for a different request; "
                "send a new key for a new request"
            )
        )


# How long a write's Idempotency-Key is remembered: a phone retries within seconds or minutes;
# a day also covers a phone that lost its connection overnight.
IDEMPOTENCY_KEY_TTL = timedelta(hours=24)


@dataclass(frozen=True)
class Outcome:
    """What a write answered: its status and body, and whether this is a replay of it."""

    status: int
    body: Any
    replayed: bool = False


def request_fingerprint(*parts: Any) -> str:
    """A digest of what a request asked for (method, path, body), to compare retries by."""
    text = json.dumps(parts, sort_keys=True, ensure_ascii=True, default=str)
    return hashlib.sha256(text.encode()).hexdigest()


# SQLite answers "database is locked" instead of waiting when writers collide (always with the
# in-memory test database's shared cache), and a writer that slipped past the game lock (or a
# new game drawing a public id already taken) meets a unique constraint; both are safe to retry
# from the start, because the failed transaction wrote nothing.
_LOCKED_ATTEMPTS = 40
_INTEGRITY_ATTEMPTS = 3


def retry_on_collision(func):
    @functools.wraps(func)
    def wrapper(**kwargs):
        attempt = 0
        while True:
            attempt += 1
            try:
                return func(**kwargs)
            except (OperationalError, IntegrityError) as error:
                if not _may_retry(error, attempt):
                    raise
                time.sleep(random.uniform(0.002, 0.02) * attempt)

    return wrapper


def _may_retry(error: Exception, attempt: int) -> bool:
    if transaction.get_connection().in_atomic_block:
        return False  # an outer transaction is broken now; only its owner can start over
    if isinstance(error, IntegrityError):
        return attempt < _INTEGRITY_ATTEMPTS
    return "locked" in str(error) and attempt < _LOCKED_ATTEMPTS


@retry_on_collision
@transaction.atomic
def game_create(
    *,
    variant: str,
    options: dict | None,
    players: list[str],
    dealer: str | None,
    token_seed: str | None = None,
) -> tuple[Game, str]:
    """Start a game; returns it with its edit token, which is shown this once and never stored.

    The token is :func:`game_token` of ``token_seed`` (a fresh seed when none is given), so a
    retried request can be answered with the same token although only its hash is stored.
    """
    for value, field in ((players, "players"), (dealer, "dealer"), (options, "options")):
        _refuse_nul(value, field)
    # The engine validates everything and gives back the names trimmed and the dealer resolved.
    _table, players, dealer = setup_table(
        variant=variant, options=options, players=players, dealer=dealer
    )
    token = game_token(token_seed or new_token_seed())
    game = Game(variant=variant, options=options or {}, dealer=dealer, token_hash=hash_token(token))
    _apply_summary(game, game_replay(game=game, players=players, entries=[]), hand_count=0)
    game.save()
    Seat.objects.bulk_create(
        Seat(game=game, position=position, name=name) for position, name in enumerate(players)
    )
    return game, token


@retry_on_collision
@transaction.atomic
def write_once(
    *,
    game: Game | None,
    key: str | None,
    request: str,
    write: Callable[[], tuple[int, Any]],
) -> Outcome:
    """Run ``write`` (which answers a status and a JSON-able body) once per ``key``.

    With a key seen before for this game (``game`` None: for creating a game) and the same
    ``request`` fingerprint, nothing runs and the first answer comes back (``replayed``); with
    another fingerprint, :class:`KeyReused`. The key and the answer are stored in the same
    transaction as the write, and only when the write succeeded. Without a key, ``write`` runs.
    """
    if key is None:
        status, body = write()
        return Outcome(status, body)
    _refuse_nul(key, "Idempotency-Key")
    scope = game.public_id if game is not None else ""
    if game is not None:
        _lock(game)  # one writer per game at a time: a concurrent retry waits, then replays
    # This game's expired keys go here, under the game lock (others' are not ours to lock);
    # keys of games nobody writes to any more: `manage.py clear_idempotency_keys`.
    keys_expire(scope=scope)
    found = IdempotencyKey.objects.filter(scope=scope, key=key).first()
    if found is not None:
        if found.fingerprint != request:
            raise KeyReused()
        return Outcome(found.status, found.response, replayed=True)
    status, body = write()
    # A concurrent first use of the key (only possible for new games) breaks the unique
    # constraint here; the whole transaction is retried and then replays the other's answer.
    IdempotencyKey.objects.create(
        scope=scope, key=key, fingerprint=request, status=status, response=body
    )
    return Outcome(status, body)


def new_token_seed() -> str:
    return secrets.token_urlsafe(32)


def game_token(seed: str) -> str:
    """The edit token made from ``seed`` with the server's secret key.

    The seed alone (what an idempotent retry keeps in the database) makes no token: a database
    reader cannot edit games. The token is as unguessable as the seed (256 random bits).
    """
    key = settings.SECRET_KEY.encode()
    digest = hmac.new(key, f"rummy-table.game-token:{seed}".encode(), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest).rstrip(b"=").decode()


def edit_secret(*, game: Game) -> str:
    """The secret of the game's edit link: as good as its token, for the pages' edit link.

    Made from the token's hash with the server's secret key, so the share page can show it to a
    browser that may edit although no raw token is stored anywhere; a database reader cannot.
    """
    value = f"{game.public_id}:{game.token_hash}"
    digest = salted_hmac("rummy-table.edit-link", value, algorithm="sha256").digest()
    return base64.urlsafe_b64encode(digest).rstrip(b"=").decode()


def keys_expire(*, scope: str | None = None) -> int:
    """Forget the Idempotency-Keys older than IDEMPOTENCY_KEY_TTL (of one scope, or all)."""
    expired = IdempotencyKey.objects.filter(created__lt=timezone.now() - IDEMPOTENCY_KEY_TTL)
    if scope is not None:
        expired = expired.filter(scope=scope)
    return expired.delete()[0]
@transaction.atomic
def game_create_played(
    *,
    variant: str,
    options: dict | None,
    players: list[str],
    dealer: str | None,
    entries: list[dict],
    dealers: list[str | None] | None = None,
) -> tuple[Game, str]:
    """Start a game whose hands were already played (an import): the same checks and stored
    results as recording them one by one, with one replay and bulk writes. ``dealers``: who
    dealt each hand, where known (None: the rotation's suggestion)."""
    _refuse_nul(entries, "hands")
    _refuse_nul(dealers, "dealers")
    game, token = game_create(variant=variant, options=options, players=players, dealer=dealer)
    hands = [
        Hand(game=game, number=number, entry=entry)
        for number, entry in enumerate(entries, start=1)
    ]
    for hand, dealt in zip(hands, dealers or (), strict=False):
        hand.dealer = dealt or ""
    played = _replay(game, hands)
    for hand, result, totals in zip(hands, played.hands, played.state.running, strict=True):
        hand.result, hand.totals = hand_result_data(result), dict(totals)
        hand.dealer = result.dealer  # as recorded, or the suggestion it was dealt by
    Hand.objects.bulk_create(hands, batch_size=200)
    HandRevision.objects.bulk_create(
        (
            HandRevision(
                hand=hand,
                version=1,
                action=HandRevision.Action.RECORDED,
                number=hand.number,
                entry=hand.entry,
                result=hand.result,
            )
            for hand in hands
        ),
        batch_size=200,
    )
    _apply_summary(game, played, hand_count=len(hands))
    game.save()
    game_stored.send(sender=Game, game=game)
    return game, token


def token_valid(*, game: Game, token: str | None) -> bool:
    """Is ``token`` the game's edit token (or its edit link's secret)?"""
    # Constant-time, so response timing tells nothing about how much of a guess was right.
    token = token or ""
    return hmac.compare_digest(hash_token(token), game.token_hash) | hmac.compare_digest(
        token.encode(), edit_secret(game=game).encode()
    )


@retry_on_collision
@transaction.atomic
def hand_record(
    *, game: Game, entry: dict, request_id: str | None = None, dealer: str | None = None
) -> Hand:
    """Record the next hand, dealt by ``dealer`` (None: the rotation's suggestion, which follows
    from the hands as they stand). A request_id seen before returns that hand (``repeated``)."""
    _refuse_nul(entry, "result")
    _refuse_nul(request_id, "request_id")
    _refuse_nul(dealer, "dealer")
    _lock(game)
    if request_id is not None:
        first = game.hands.filter(request_id=request_id).first()
        if first is not None:
            first.repeated = True
            return first
    if game.over:
        raise GameOver(game)
    hands = list(live_hands(game=game))
    players = game_players(game=game)
    dealt = seated_dealer(players, dealer) if dealer is not None else game.next_dealer
    hand = Hand(
        game=game, number=len(hands) + 1, entry=entry, request_id=request_id, dealer=dealt
    )
    hands.append(hand)
    _store(game, hands, _replay(game, hands))
    _revise(hand, HandRevision.Action.RECORDED)
    return hand


@retry_on_collision
@transaction.atomic
def hand_correct(
    *,
    game: Game,
    number: int,
    entry: dict,
    if_match: str | None = None,
    dealer: str | None = None,
) -> Hand:
    """Replace hand ``number``'s entry (and its recorded dealer, when ``dealer`` is given);
    every later result and total follows, and no other hand's dealer changes.

    With ``if_match`` (a hand's etag, or ``*``), only if hand ``number`` is still that version
    of that hand; otherwise :class:`HandChanged` and nothing changes.
    """
    _refuse_nul(entry, "result")
    _refuse_nul(dealer, "dealer")
    _lock(game)
    hands = list(live_hands(game=game))
    hand = _nth(hands, number, if_match)
    hand.entry = entry
    if dealer is not None:
        hand.dealer = seated_dealer(game_players(game=game), dealer)
    _store(game, hands, _replay(game, hands))
    _revise(hand, HandRevision.Action.CORRECTED)
    return hand


@retry_on_collision
@transaction.atomic
def hand_delete(*, game: Game, number: int, if_match: str | None = None) -> Hand:
    """Take hand ``number`` out of the game; later hands move up, its history stays.

    ``if_match`` as for :func:`hand_correct`.
    """
    _lock(game)
    hands = list(live_hands(game=game))
    hand = _nth(hands, number, if_match)
    rest = [h for h in hands if h is not hand]
    played = _replay(game, rest)
    # Out of the live numbering first, so the hands after it can take its number.
    hand.deleted_at = timezone.now()
    hand.save(update_fields=["deleted_at", "updated"])
    _revise(hand, HandRevision.Action.DELETED)
    _store(game, rest, played)
    return hand


@retry_on_collision
@transaction.atomic
def hand_restore(*, game: Game, hand_id: int) -> Hand:
    """Put a deleted hand back at the number it had; the hands after it move down again."""
    _lock(game)
    hand = game.hands.get(pk=hand_id, deleted_at__isnull=False)
    hands = list(live_hands(game=game))
    at = min(hand.number, len(hands) + 1) - 1
    later = hands[at:]
    hands.insert(at, hand)
    played = _replay(game, hands)
    # Make room from the last hand down, so no two live hands ever share a number.
    for moved in reversed(later):
        moved.number += 1
        moved.save(update_fields=["number", "updated"])
    hand.number, hand.deleted_at = at + 1, None
    hand.save(update_fields=["number", "deleted_at", "updated"])
    _store(game, hands, played)
    _revise(hand, HandRevision.Action.RESTORED)
    return hand


def _refuse_nul(value, field: str) -> None:
    """Refuse text no database can store: a NUL character (PostgreSQL) or a lone surrogate
    (half of a UTF-16 pair, which neither SQLite nor PostgreSQL can encode)."""
    pending = [(value, field)]  # a loop, not recursion: the JSON may nest deeply
    while pending:
        item, where = pending.pop()
        if isinstance(item, str):
            _storable(item, where)
        if isinstance(item, dict):
            for key, inner in item.items():
                _storable(str(key), where, key=True)
                pending.append((inner, f"{where}.{key}"))
        elif isinstance(item, list):
            pending.extend((inner, f"{where}[{i}]") for i, inner in enumerate(item))


TEXT_SURROGATE = define(
    "store.text.surrogate",
    N_("U+{code} is half of a character (a lone surrogate), not text (character {position})"),
)


def _storable(text: str, where: str, *, key: bool = False) -> None:
    if "\x00" in text:
        raise ResultError(NUL_IN_NAME() if key else NUL_IN_TEXT(), where)
    for position, char in enumerate(text, start=1):
        if "\ud800" <= char <= "\udfff":
            raise ResultError(TEXT_SURROGATE(code=f"{ord(char):04X}", position=position), where)


def _lock(game: Game) -> None:
    """Lock the game row and reload it, so we act on what the last writer committed."""
    # SQLite ignores FOR UPDATE. Writing first (a write that changes nothing) takes its database
    # write lock before any read, so two writers queue up instead of both reading and then
    # failing to upgrade.
    Game.objects.filter(pk=game.pk).update(hand_count=F("hand_count"))
    game.refresh_from_db(from_queryset=Game.objects.select_for_update())


def _nth(hands: list[Hand], number: int, if_match: str | None = None) -> Hand:
    found = hands[number - 1] if 1 <= number <= len(hands) else None
    if if_match is not None and not etag_matches(found, if_match):
        raise HandChanged(number)  # even when the hand is gone: RFC 9110 says 412, not 404
    if found is None:
        raise Hand.DoesNotExist(f"this game has no hand {number}")
    return found


def etag_matches(hand: Hand | None, if_match: str) -> bool:
    """RFC 9110 If-Match against a hand: ``*`` or a list of etags, quoted or not, weak or not."""
    if hand is None:
        return False
    wanted = [tag.strip() for tag in if_match.split(",")]
    if "*" in wanted:
        return True
    bare = {tag.removeprefix("W/").strip('"') for tag in wanted}
    return hand.etag in bare


def _replay(game: Game, hands: list[Hand]) -> Replay:
    players = game_players(game=game)
    try:
        return game_replay(
            game=game,
            players=players,
            entries=[hand.entry for hand in hands],
            dealers=recorded_dealers(hands),
        )
    except GameOverError as err:
        # Only a correction can end the game early; the hands after it are the client's problem.
        later = len(hands) - err.after
        raise ResultError(ENDS_EARLIER(after=err.after, later=later), "result") from None


def _store(game: Game, hands: list[Hand], played: Replay) -> None:
    """Write the replay's results into the hands (in order) and its summary into the game."""
    rows = zip(hands, played.hands, played.state.running, strict=True)
    for number, (hand, result, totals) in enumerate(rows, start=1):
        # A hand from before dealers were recorded keeps the one it was dealt by from now on.
        fresh = (number, hand_result_data(result), dict(totals), hand.dealer or result.dealer)
        if hand.pk is not None and fresh == (hand.number, hand.result, hand.totals, hand.dealer):
            continue  # most writes touch one hand; leave the rest alone
        hand.number, hand.result, hand.totals, hand.dealer = fresh
        hand.save()  # in ascending order, so a renumbered hand never meets a live number
    _apply_summary(game, played, hand_count=len(hands))
    game.save()
    game_stored.send(sender=Game, game=game)
    # The one point every hand write (record, correct, delete, restore) passes: the phones
    # that follow the game hear of it once the transaction commits.
    game_changed(game)


def _apply_summary(game: Game, played: Replay, *, hand_count: int) -> None:
    summary = state_summary(played.state)
    game.hand_count = hand_count
    game.totals = summary["totals"]
    game.over = summary["over"]
    game.winners = summary["winners"]
    game.next_dealer = summary["dealer"] or ""
    game.next_deal = summary["deal"]


def _revise(hand: Hand, action: str) -> None:
    version = hand.revisions.count() + 1
    if action != HandRevision.Action.RECORDED or hand.version != version:
        # The entry too: a correction that scores the same was skipped by _store.
        hand.version = version
        hand.save(update_fields=["entry", "dealer", "version", "updated"])
    HandRevision.objects.create(
        hand=hand,
        version=version,
        action=action,
        number=hand.number,
        entry=hand.entry,
        result=hand.result,
    )

"""Writes to games.

Every hand write locks its game, replays all live hands through the engine and stores what the
replay says (every hand's result, the running totals, the game's summary) in one transaction.
The engine rejects a bad entry before anything is written, and the cache can never drift from
the hands, because nothing else writes them.
"""

from __future__ import annotations

import functools
import hmac
import random
import secrets
import time

from django.db import IntegrityError, OperationalError, transaction
from django.db.models import F
from django.utils import timezone
from django.utils.translation import gettext

from scorekeeper.rules.errors import GameOverError, ResultError
from scorekeeper.rules.game import Replay, setup_table
from scorekeeper.rules.messages import N_, NP_, define

from .models import Game, Hand, HandRevision, Seat, hash_token
from .selectors import game_players, game_replay, hand_result_data, live_hands, state_summary

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


# SQLite answers "database is locked" instead of waiting when writers collide (always with the
# in-memory test database's shared cache), and a writer that slipped past the game lock (or a
# new game drawing a public id already taken) meets a unique constraint; both are safe to retry
# from the start, because the failed transaction wrote nothing.
_LOCKED_ATTEMPTS = 40
_INTEGRITY_ATTEMPTS = 3


def _retrying(func):
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


@_retrying
@transaction.atomic
def game_create(
    *, variant: str, options: dict | None, players: list[str], dealer: str | None
) -> tuple[Game, str]:
    """Start a game; returns it with its edit token, which is shown this once and never stored."""
    for value, field in ((players, "players"), (dealer, "dealer"), (options, "options")):
        _refuse_nul(value, field)
    # The engine validates everything and gives back the names trimmed and the dealer resolved.
    _table, players, dealer = setup_table(
        variant=variant, options=options, players=players, dealer=dealer
    )
    token = secrets.token_urlsafe(32)
    game = Game(variant=variant, options=options or {}, dealer=dealer, token_hash=hash_token(token))
    _apply_summary(game, game_replay(game=game, players=players, entries=[]), hand_count=0)
    game.save()
    Seat.objects.bulk_create(
        Seat(game=game, position=position, name=name) for position, name in enumerate(players)
    )
    return game, token


def token_valid(*, game: Game, token: str | None) -> bool:
    # Constant-time, so response timing tells nothing about how much of a guess was right.
    return hmac.compare_digest(hash_token(token or ""), game.token_hash)


@_retrying
@transaction.atomic
def hand_record(*, game: Game, entry: dict, request_id: str | None = None) -> Hand:
    """Record the next hand. A request_id seen before returns that hand (``repeated`` set)."""
    _refuse_nul(entry, "result")
    _refuse_nul(request_id, "request_id")
    _lock(game)
    if request_id is not None:
        first = game.hands.filter(request_id=request_id).first()
        if first is not None:
            first.repeated = True
            return first
    if game.over:
        raise GameOver(game)
    hands = list(live_hands(game=game))
    hand = Hand(game=game, number=len(hands) + 1, entry=entry, request_id=request_id)
    hands.append(hand)
    _store(game, hands, _replay(game, hands))
    _revise(hand, HandRevision.Action.RECORDED)
    return hand


@_retrying
@transaction.atomic
def hand_correct(*, game: Game, number: int, entry: dict) -> Hand:
    """Replace hand ``number``'s entry; every later result and total follows."""
    _refuse_nul(entry, "result")
    _lock(game)
    hands = list(live_hands(game=game))
    hand = _nth(hands, number)
    hand.entry = entry
    _store(game, hands, _replay(game, hands))
    _revise(hand, HandRevision.Action.CORRECTED)
    return hand


@_retrying
@transaction.atomic
def hand_delete(*, game: Game, number: int) -> Hand:
    """Take hand ``number`` out of the game; later hands move up, its history stays."""
    _lock(game)
    hands = list(live_hands(game=game))
    hand = _nth(hands, number)
    rest = [h for h in hands if h is not hand]
    played = _replay(game, rest)
    # Out of the live numbering first, so the hands after it can take its number.
    hand.deleted_at = timezone.now()
    hand.save(update_fields=["deleted_at", "updated"])
    _revise(hand, HandRevision.Action.DELETED)
    _store(game, rest, played)
    return hand


@_retrying
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
    """PostgreSQL can store no NUL character in text or JSON; refuse it like any bad input."""
    pending = [(value, field)]  # a loop, not recursion: the JSON may nest deeply
    while pending:
        item, where = pending.pop()
        if isinstance(item, str) and "\x00" in item:
            raise ResultError(NUL_IN_TEXT(), where)
        if isinstance(item, dict):
            for key, inner in item.items():
                if "\x00" in str(key):
                    raise ResultError(NUL_IN_NAME(), where)
                pending.append((inner, f"{where}.{key}"))
        elif isinstance(item, list):
            pending.extend((inner, f"{where}[{i}]") for i, inner in enumerate(item))


def _lock(game: Game) -> None:
    """Lock the game row and reload it, so we act on what the last writer committed."""
    # SQLite ignores FOR UPDATE. Writing first (a write that changes nothing) takes its database
    # write lock before any read, so two writers queue up instead of both reading and then
    # failing to upgrade.
    Game.objects.filter(pk=game.pk).update(hand_count=F("hand_count"))
    game.refresh_from_db(from_queryset=Game.objects.select_for_update())


def _nth(hands: list[Hand], number: int) -> Hand:
    if not 1 <= number <= len(hands):
        raise Hand.DoesNotExist(f"this game has no hand {number}")
    return hands[number - 1]


def _replay(game: Game, hands: list[Hand]) -> Replay:
    players = game_players(game=game)
    try:
        return game_replay(game=game, players=players, entries=[hand.entry for hand in hands])
    except GameOverError as err:
        # Only a correction can end the game early; the hands after it are the client's problem.
        later = len(hands) - err.after
        raise ResultError(ENDS_EARLIER(after=err.after, later=later), "result") from None


def _store(game: Game, hands: list[Hand], played: Replay) -> None:
    """Write the replay's results into the hands (in order) and its summary into the game."""
    rows = zip(hands, played.hands, played.state.running, strict=True)
    for number, (hand, result, totals) in enumerate(rows, start=1):
        fresh = (number, hand_result_data(result), dict(totals))
        if hand.pk is not None and fresh == (hand.number, hand.result, hand.totals):
            continue  # most writes touch one hand; leave the rest alone
        hand.number, hand.result, hand.totals = fresh
        hand.save()  # in ascending order, so a renumbered hand never meets a live number
    _apply_summary(game, played, hand_count=len(hands))
    game.save()


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
    HandRevision.objects.create(
        hand=hand,
        version=version,
        action=action,
        number=hand.number,
        entry=hand.entry,
        result=hand.result,
    )

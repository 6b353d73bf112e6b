"""Writes to games.

One service per hand operation, called the same way by the pages and the API:
:func:`hand_add`, :func:`hand_correction`, :func:`hand_deletion` and :func:`hand_restoration`.
Each locks its game once, answers a repeated idempotency key (an ``Idempotency-Key`` or a
``request_id``: one policy) with the first answer, replays all live hands through the engine
once and stores what the replay says (every hand's result, the running totals, the game's
summary), the hand's new revision with its account of what moved (:mod:`.consequences`) and the
key's answer, in one transaction. The engine rejects a bad entry before anything is written,
and the cache can never drift from the hands, because nothing else writes them. After the
commit, :data:`.signals.game_changed` fires (the hook for live events and later rebuilds).

The steps they share live beside this module: the game's lock, retries and the hand a request
names in :mod:`.locking`, the keys and remembered answers in :mod:`.idempotency`, the edit token
in :mod:`.tokens`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from django.db import transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext

from scorekeeper.rules.errors import GameOverError, ResultError
from scorekeeper.rules.game import Replay, play_on, seated_dealer, setup_table
from scorekeeper.rules.messages import NP_, define
from scorekeeper.rules.text import check_storable_data as refuse_nul

from ..events import game_saved_changed
from ..models import Game, Hand, HandRevision, Seat, hash_token
from ..signals import game_changed, game_stored
from .closing import checked_reason, is_closed
from .consequences import Consequences, Standing, compare
from .idempotency import KeyReused, remember, remembered, request_fingerprint, write_keys
from .locking import lock_game, nth_hand, retry_on_collision
from .selectors import (
    Players,
    game_players,
    game_replay,
    hand_result_data,
    live_hands,
    recorded_dealers,
    saved_hand,
    state_summary,
)
from .tokens import game_token, new_token_seed

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


class HandTaken(Exception):
    """The phone was entering hand ``number``, but the game holds hand ``number`` already
    (another phone saved it first): nothing was recorded (API.md "The hand a phone meant")."""

    code = "hand_taken"

    def __init__(self, hand: Hand, players: list[str]):
        self.hand = hand
        self.players = players
        self.number = hand.number
        # The hand as it was saved, with who saved it and when (API.md), for the answer.
        self.saved = saved_hand(hand=hand, players=players)
        super().__init__(
            gettext(
                "number: hand %(n)s was saved by another phone first; nothing was recorded. "
                "Send this hand again as hand %(next)s if it is another hand, or drop it"
            )
            % {"n": hand.number, "next": hand.number + 1}
        )


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
    for value, name in ((players, "players"), (dealer, "dealer"), (options, "options")):
        refuse_nul(value, name)
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
    game_changed_on_commit(game=game, kind="created")
    return game, token


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
    refuse_nul(entries, "hands")
    refuse_nul(dealers, "dealers")
    game, token = game_create(variant=variant, options=options, players=players, dealer=dealer)
    players = game_players(game=game)
    hands = [
        Hand(game=game, number=number, entry=entry) for number, entry in enumerate(entries, start=1)
    ]
    for hand, dealt in zip(hands, dealers or (), strict=False):
        hand.dealer = dealt or ""
    played = _replay(game, players, hands)
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


# -- the write path of a hand: one service per operation -----------------------------------------
#
# Each locks the game once (one query that also reloads it), looks its idempotency keys up, reads
# the seats and the hands once, replays once, writes the hands whose results moved, the game's
# summary, the hand's new revision with its account of what moved (the consequences: before ->
# after, compared with what was stored before the write) and the idempotency record, all in one
# transaction; after the commit, :data:`.signals.game_changed` fires. The page views and the API
# call them the same way, so a game's history does not depend on the client.


@dataclass
class HandWrite:
    """What a hand write did (or, ``replayed``, what the first request with its key answered).

    ``status`` and ``body``: the answer the caller made of it (``answer``), stored with the key.
    ``hand``, ``players`` and ``hands`` (the live hands after the write) are None for a replay.
    """

    status: int
    body: Any
    replayed: bool = False
    hand: Hand | None = None
    consequences: Consequences = field(default_factory=Consequences)
    players: list[str] | None = None
    hands: list[Hand] | None = None
    # A correction: the entry and dealer it replaced, {"result", "dealer"} (for an undo).
    replaced: dict[str, Any] | None = None

    @property
    def number(self) -> int | None:
        """The hand's number after the write (its number when deleted), also for a replay."""
        if self.hand is not None:
            return self.hand.number
        return self.body.get("number") if isinstance(self.body, dict) else None


Answer = Callable[[HandWrite], tuple[int, Any]]


def _default_answer(write: HandWrite) -> tuple[int, Any]:
    """What a write remembers for a retry when its caller asks for nothing else."""
    hand = write.hand
    return 200, {"number": hand.number if hand else None, "hand": hand.pk if hand else None}


@retry_on_collision
@transaction.atomic
def hand_add(
    *,
    game: Game,
    entry: dict,
    dealer: str | None = None,
    request_id: str | None = None,
    key: str | None = None,
    fingerprint: str | None = None,
    answer: Answer | None = None,
    number: int | None = None,
    saved_by: str = "",
    players: Players | None = None,
) -> HandWrite:
    """Record the next hand, dealt by ``dealer`` (None: the rotation's suggestion).

    ``number``: the hand the phone was entering. When the game holds hand ``number`` already
    (another phone saved it first), :class:`HandTaken` and nothing is recorded; a retry of the
    phone's own save (a key seen before) answers its first answer, before this is asked.
    ``saved_by``: the seated player whose phone saves it ("" for the scorekeeper).
    ``players``: the seats as the caller read them for its form (:func:`game_players`): taken
    when the game, reloaded under the lock, still totals exactly these players (a swap of a
    club-night table's seats renames them), else read again under the lock.

    ``request_id`` (the form's one-time key, the API body's) and ``key`` (an Idempotency-Key)
    are the same thing: a key seen before for this game with the same ``fingerprint`` (default:
    the entry and dealer) answers the first write again (``replayed``) and records nothing;
    with another, :class:`KeyReused`. The request_id is also kept on the hand, for good.
    """
    refuse_nul(entry, "result")
    refuse_nul(dealer, "dealer")
    refuse_nul(request_id, "request_id")
    refuse_nul(key, "Idempotency-Key")
    fingerprint = fingerprint or request_fingerprint("hand", entry, dealer)
    keys = write_keys(key, request_id)
    remembered = _begin(game, keys, fingerprint)
    if remembered is not None:
        return remembered
    earlier = None  # the live hands, read only for a write whose answer is kept for retries
    if request_id is not None:
        # A hand kept its request_id after its key expired; the same query reads the live
        # hands, which the answer kept with the key lists (one query, as before).
        stored = game.hands.filter(Q(deleted_at__isnull=True) | Q(request_id=request_id))
        earlier = []
        for kept in stored.order_by("number"):
            if kept.request_id == request_id:
                return _replay_of_hand(game, kept, entry, answer)
            earlier.append(kept)
    count = game.hand_count  # reloaded under the lock: what the last writer stored
    if players is None or set(players) != set(game.totals):
        players = game_players(game=game)
    if number is not None and 1 <= number <= count:
        if earlier is not None:
            taken = earlier[number - 1]
        else:
            taken = game.hands.get(deleted_at__isnull=True, number=number)
        raise HandTaken(taken, players)
    if game.over:
        raise GameOver(game)
    dealt = seated_dealer(players, dealer) if dealer is not None else game.next_dealer
    hand = Hand(
        game=game,
        number=count + 1,
        entry=entry,
        request_id=request_id,
        dealer=dealt,
        saved_by=saved_by[:40],
    )
    if game.next_dealer:
        return _append(
            game, players, hand, earlier, keys=keys, fingerprint=fingerprint, answer=answer
        )
    # A game stored before its next dealer was: replay it all once (which stores one).
    hands = list(live_hands(game=game))
    return _commit(
        game,
        players,
        before=hands,
        after=[*hands, hand],
        hand=hand,
        action=HandRevision.Action.RECORDED,
        keys=keys,
        fingerprint=fingerprint,
        answer=answer,
    )


@retry_on_collision
@transaction.atomic
def hand_correction(
    *,
    game: Game,
    number: int,
    entry: dict,
    dealer: str | None = None,
    if_match: str | None = None,
    key: str | None = None,
    fingerprint: str | None = None,
    answer: Answer | None = None,
    reason: str | None = None,
) -> HandWrite:
    """Replace hand ``number``'s entry (and its recorded dealer, when ``dealer`` is given);
    every later result and total follows, and no other hand's dealer changes.

    With ``if_match`` (a hand's etag, or ``*``), only if hand ``number`` is still that version
    of that hand; otherwise :class:`.locking.HandChanged` and nothing changes. ``key``: as for
    :func:`hand_add` (a repeated key answers first, before ``if_match`` is looked at).
    """
    refuse_nul(entry, "result")
    refuse_nul(dealer, "dealer")
    refuse_nul(key, "Idempotency-Key")
    fingerprint = fingerprint or request_fingerprint("correct", number, entry, dealer, if_match)
    keys = write_keys(key)
    remembered = _begin(game, keys, fingerprint)
    if remembered is not None:
        return remembered
    reason = checked_reason(reason, required=is_closed(game))
    hands = list(live_hands(game=game))
    players = game_players(game=game)
    hand = nth_hand(hands, number, if_match)
    _clear_checks(hand)  # the players confirmed or disputed the hand as it was
    replaced = {"result": hand.entry, "dealer": hand.dealer}
    hand.entry = entry
    if dealer is not None:
        hand.dealer = seated_dealer(players, dealer)
    write = _commit(
        game,
        players,
        before=hands,
        after=hands,
        hand=hand,
        action=HandRevision.Action.CORRECTED,
        keys=keys,
        fingerprint=fingerprint,
        answer=answer,
        replaced=replaced,
        reason=reason,
    )
    return write


@retry_on_collision
@transaction.atomic
def hand_deletion(
    *,
    game: Game,
    number: int,
    if_match: str | None = None,
    key: str | None = None,
    fingerprint: str | None = None,
    answer: Answer | None = None,
    reason: str | None = None,
) -> HandWrite:
    """Take hand ``number`` out of the game; later hands move up, its history stays.
    ``if_match``, ``key`` and ``reason`` as for :func:`hand_correction`."""
    refuse_nul(key, "Idempotency-Key")
    fingerprint = fingerprint or request_fingerprint("delete", number, if_match)
    keys = write_keys(key)
    remembered = _begin(game, keys, fingerprint)
    if remembered is not None:
        return remembered
    reason = checked_reason(reason, required=is_closed(game))
    hands = list(live_hands(game=game))
    players = game_players(game=game)
    hand = nth_hand(hands, number, if_match)
    _clear_checks(hand)  # a restored hand comes back unconfirmed
    return _commit(
        game,
        players,
        before=hands,
        after=[h for h in hands if h is not hand],
        hand=hand,
        action=HandRevision.Action.DELETED,
        keys=keys,
        fingerprint=fingerprint,
        answer=answer,
        reason=reason,
    )


@retry_on_collision
@transaction.atomic
def hand_restoration(
    *,
    game: Game,
    hand_id: int,
    key: str | None = None,
    fingerprint: str | None = None,
    answer: Answer | None = None,
) -> HandWrite:
    """Put a deleted hand back at the number it had; the hands after it move down again."""
    refuse_nul(key, "Idempotency-Key")
    fingerprint = fingerprint or request_fingerprint("restore", hand_id)
    keys = write_keys(key)
    remembered = _begin(game, keys, fingerprint)
    if remembered is not None:
        return remembered
    hand = game.hands.get(pk=hand_id, deleted_at__isnull=False)
    hands = list(live_hands(game=game))
    players = game_players(game=game)
    at = min(hand.number, len(hands) + 1) - 1
    return _commit(
        game,
        players,
        before=hands,
        after=[*hands[:at], hand, *hands[at:]],
        hand=hand,
        action=HandRevision.Action.RESTORED,
        keys=keys,
        fingerprint=fingerprint,
        answer=answer,
    )


def _begin(game: Game, keys: list[str], fingerprint: str) -> HandWrite | None:
    """Lock the game (one writer at a time: a concurrent retry waits, then replays) and answer
    the first answer to one of ``keys``, if there was one."""
    lock_game(game)
    found = remembered(game.public_id, keys, fingerprint)
    if found is None:
        return None
    return HandWrite(status=found.status, body=found.body, replayed=True)


def _replay_of_hand(game: Game, hand: Hand, entry: dict, answer: Answer | None) -> HandWrite:
    """A request_id whose key was forgotten but whose hand is stored: the same hand (as first
    recorded, whatever corrected it since) is a retry, another one a reused key."""
    first = hand.revisions.order_by("version").first()
    recorded = first.entry if first is not None else hand.entry
    if request_fingerprint(recorded) != request_fingerprint(entry):
        raise KeyReused(key=hand.request_id)
    write = HandWrite(status=200, body=None, replayed=True, hand=hand)
    if answer is not None:
        write.players = game_players(game=game)
        write.hands = list(live_hands(game=game))
        write.status, write.body = answer(write)
    else:
        write.status, write.body = _default_answer(write)
    return write


def _results(hands: list[Hand]) -> dict[Any, tuple[int, dict]]:
    return {hand.pk: (number, hand.result) for number, hand in enumerate(hands, start=1)}


def _append(
    game: Game,
    players: list[str],
    hand: Hand,
    earlier: list[Hand] | None,
    *,
    keys: list[str],
    fingerprint: str,
    answer: Answer | None,
) -> HandWrite:
    """Record ``hand`` after the game's last one, scored from the game's stored state (its
    totals, next dealer and hand count) instead of a replay of every hand: a write at hand 200
    costs what it costs at hand 10 (issue 33 §6). The stored state is what a replay of the
    hands left (every write stores it), so both agree; the tests hold this one to the replay."""
    standing_before = Standing(dict(game.totals), bool(game.over), list(game.winners))
    played = play_on(
        variant=game.variant,
        options=game.options,
        players=players,
        dealer=game.dealer,
        totals=game.totals,
        played=game.hand_count,
        next_dealer=game.next_dealer,
        result=hand.entry,
        recorded=hand.dealer or None,
        earlier_winners=lambda: [
            result.get("winners", [])
            for result in (
                [h.result for h in earlier]
                if earlier is not None
                else live_hands(game=game).values_list("result", flat=True)
            )
        ],
    )
    result = played.hands[0]
    hand.result = hand_result_data(result)
    hand.totals = dict(played.state.running[0])
    hand.dealer = hand.dealer or result.dealer
    hand.save()
    _apply_summary(game, played, hand_count=game.hand_count + 1)
    game_saved_changed(game)  # the live version grows in the row saved here
    game.save()
    game_stored.send(sender=Game, game=game)
    consequences = compare(
        {},
        {hand.pk: (hand.number, hand.result)},
        changed=hand.pk,
        standing_before=standing_before,
        standing_after=Standing(dict(game.totals), bool(game.over), list(game.winners)),
        other_hands=False,
    )
    HandRevision.objects.create(
        hand=hand,
        version=hand.version,
        action=HandRevision.Action.RECORDED,
        number=hand.number,
        entry=hand.entry,
        result=hand.result,
        consequences=consequences.as_data(),
    )
    # Without ``earlier``, ``hands`` stays None: an answer that lists every hand reads them.
    write = HandWrite(status=200, body=None, hand=hand, consequences=consequences, players=players)
    if earlier is not None:
        write.hands = [*earlier, hand]
    write.status, write.body = (answer or _default_answer)(write)
    remember(game.public_id, keys, fingerprint, write.status, write.body)
    game_changed_on_commit(game=game, kind=f"hand_{HandRevision.Action.RECORDED}")
    return write


def _commit(
    game: Game,
    players: list[str],
    *,
    before: list[Hand],
    after: list[Hand],
    hand: Hand,
    action: str,
    keys: list[str],
    fingerprint: str,
    answer: Answer | None,
    replaced: dict[str, Any] | None = None,
    reason: str = "",
) -> HandWrite:
    """Replay ``after`` (the live hands as the write leaves them) once and store it all."""
    played = _replay(game, players, after)
    standing_before = Standing(dict(game.totals), bool(game.over), list(game.winners))
    before_results = _results(before)
    if action == HandRevision.Action.DELETED:
        # Out of the live numbering first, so the hands after it can take its number.
        hand.deleted_at = timezone.now()
        hand.version += 1
        hand.save(update_fields=["deleted_at", "version", "updated"])
    elif action == HandRevision.Action.RESTORED:
        at = after.index(hand)
        # Make room from the last hand down, so no two live hands ever share a number.
        for moved in reversed(after[at + 1 :]):
            moved.number += 1
            moved.save(update_fields=["number", "updated"])
        hand.deleted_at = None
        hand.version += 1
    elif action == HandRevision.Action.CORRECTED:
        hand.version += 1
    _store(game, players, after, played, changed=hand)
    consequences = compare(
        before_results,
        _results(after),
        changed=hand.pk,
        standing_before=standing_before,
        standing_after=Standing(dict(game.totals), bool(game.over), list(game.winners)),
        other_hands=action != HandRevision.Action.RECORDED,
    )
    HandRevision.objects.create(
        hand=hand,
        version=hand.version,
        action=action,
        number=hand.number,
        entry=hand.entry,
        result=hand.result,
        consequences=consequences.as_data(),
        reason=reason,
    )
    write = HandWrite(
        status=200,
        body=None,
        hand=hand,
        consequences=consequences,
        players=players,
        hands=after,
        replaced=replaced,
    )
    write.status, write.body = (answer or _default_answer)(write)
    remember(game.public_id, keys, fingerprint, write.status, write.body)
    game_changed_on_commit(game=game, kind=f"hand_{action}")
    return write


def game_changed_on_commit(*, game: Game, kind: str) -> None:
    """Send :data:`.signals.game_changed` once this transaction has committed (at once outside
    one): the one hook for whatever follows a change of a game (live events, rebuilds)."""
    game_id, public_id, version = game.pk, game.public_id, game.version
    transaction.on_commit(
        lambda: game_changed.send_robust(
            sender=Game, game_id=game_id, public_id=public_id, kind=kind, version=version
        ),
        robust=True,
    )


def _clear_checks(hand: Hand) -> None:
    """Forget what the seated players said about ``hand`` (API.md "Confirmations": a
    correction or deletion clears them), before the write tells the leagues app."""
    if hand.checks:
        hand.checks = {}
        Hand.objects.filter(pk=hand.pk).update(checks={})


def _replay(game: Game, players: list[str], hands: list[Hand]) -> Replay:
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


def _store(
    game: Game, players: list[str], hands: list[Hand], played: Replay, *, changed: Hand | None
) -> None:
    """Write the replay's results into the hands (in order) and its summary into the game;
    ``changed`` (the hand the write is about) is saved whatever its result."""
    rows = zip(hands, played.hands, played.state.running, strict=True)
    for number, (hand, result, totals) in enumerate(rows, start=1):
        # A hand from before dealers were recorded keeps the one it was dealt by from now on.
        fresh = (number, hand_result_data(result), dict(totals), hand.dealer or result.dealer)
        if hand is not changed and fresh == (hand.number, hand.result, hand.totals, hand.dealer):
            continue  # most writes touch one hand; leave the rest alone
        hand.number, hand.result, hand.totals, hand.dealer = fresh
        hand.save()  # in ascending order, so a renumbered hand never meets a live number
    _apply_summary(game, played, hand_count=len(hands))
    # The one point every hand write (record, correct, delete, restore) passes: the version
    # grows in the row saved here, and the phones that follow the game hear of it on commit.
    game_saved_changed(game)
    game.save()
    game_stored.send(sender=Game, game=game)


def _apply_summary(game: Game, played: Replay, *, hand_count: int) -> None:
    summary = state_summary(played.state)
    game.hand_count = hand_count
    game.totals = summary["totals"]
    game.over = summary["over"]
    game.winners = summary["winners"]
    game.next_dealer = summary["dealer"] or ""
    game.next_deal = summary["deal"]

"""Reads of games: the state the API and the pages show, a hand's history, and a fresh replay.

`game_state` serves the cached results the last write stored; `game_state_replayed` builds the
same dict from the engine, so anyone (tests, an admin check) can verify the cache.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections import defaultdict
from collections.abc import Sequence
from datetime import timedelta
from typing import Any

from django.db.models import Prefetch, QuerySet
from django.utils import timezone

from scorekeeper.rules import get_variant, score_hand
from scorekeeper.rules.game import Replay, final_bonuses, replay
from scorekeeper.rules.messages import as_dict

from ..models import Game, Hand, HandRevision, IdempotencyKey, Ruling, Seat
from .closing import with_closed

# What new_public_id makes (url-safe base64). Anything else is no game, and is not even sent to
# the database: PostgreSQL refuses a NUL character in a query with an error, not "no rows".
PUBLIC_ID = re.compile(r"[A-Za-z0-9_-]{1,16}")


def game_get(*, public_id: str, games: QuerySet[Game] | None = None) -> Game:
    """The game with this public id; raises Game.DoesNotExist (a 404 to callers).

    ``games``: the queryset to read it from, e.g. with related rows another app reads for the
    page in the same query."""
    if not PUBLIC_ID.fullmatch(public_id):
        raise Game.DoesNotExist(f"no game {public_id!r}")
    # Whether the game is closed (a club night's approved table) comes in the same query: every
    # write asks it (issue 36 §7).
    return with_closed(Game.objects.all() if games is None else games).get(public_id=public_id)


def games_listed(*, public_ids: list[str]) -> list[Game]:
    """These games, in the order given (unknown ids left out), seats prefetched, with what
    :func:`.closing.with_closed` reads of each: two queries."""
    wanted = [pid for pid in public_ids if PUBLIC_ID.fullmatch(pid)]
    seats = Prefetch("seats", queryset=Seat.objects.order_by("position"))
    found = {
        g.public_id: g
        for g in with_closed(Game.objects.filter(public_id__in=wanted)).prefetch_related(seats)
    }
    return [found[pid] for pid in wanted if pid in found]


class Players(list):
    """The players in seating order, and (``claimed``) those whose seat a phone holds."""

    claimed: list[str]


def game_players(*, game: Game) -> Players:
    """The players in seating order, with the seats a phone holds: one query."""
    seats = list(game.seats.select_related("claim").order_by("position"))
    players = Players(s.name for s in seats)
    players.claimed = [s.name for s in seats if hasattr(s, "claim")]
    return players


def live_hands(*, game: Game):
    return game.hands.filter(deleted_at__isnull=True).order_by("number")


def game_replay(
    *, game: Game, players: list[str], entries: list[dict], dealers: Sequence[str | None] = ()
) -> Replay:
    """Score ``entries`` in order at this game's table, each dealt by its recorded dealer in
    ``dealers`` (None: the rotation's suggestion); raises RulesError on a bad entry."""
    return replay(
        variant=game.variant,
        options=game.options,
        players=players,
        dealer=game.dealer,
        results=entries,
        dealers=dealers,
    )


def recorded_dealers(hands) -> list[str | None]:
    """Who dealt each of these hands, as recorded (None for a hand that predates recording)."""
    return [hand.dealer or None for hand in hands]


def hand_result_data(hand_result) -> dict[str, Any]:
    """What a Hand stores of the engine's HandResult: the /score shape, with its dealer."""
    return hand_result.as_dict()


def state_summary(state) -> dict[str, Any]:
    """The game-level fields of the state that a Game caches."""
    return {
        "totals": dict(state.totals),
        "dealer": state.dealer,
        "deal": state.deal,
        "over": bool(state.over),
        "winners": list(state.winners),
    }


def game_state(
    *,
    game: Game,
    players: list[str] | None = None,
    hands: Sequence[Hand] | None = None,
    claimed: list[str] | None = None,
) -> dict[str, Any]:
    """The API's game state from stored results: three queries however many hands (seats
    with their claims, hands with what the players said of them, rulings); fewer when a write
    that has them at hand passes its ``players`` (with the ``claimed`` seats) and live
    ``hands``."""
    if claimed is None:
        claimed = getattr(players, "claimed", None)
    if players is None or claimed is None:
        players, claimed = _seats(game)
    if hands is None:
        hands = live_hands(game=game)
    hands = [
        _hand_item(
            hand.number, hand.entry, hand.result, hand.totals, players, hand.etag, hand.checks
        )
        for hand in hands
    ]
    return _state(game, players, hands, stored_summary(game), claimed)


def _seats(game: Game) -> tuple[list[str], list[str]]:
    """The players in seating order, and those whose seat a phone holds: one query."""
    players = game_players(game=game)
    return list(players), players.claimed


def game_rulings(*, game: Game) -> list[dict[str, Any]]:
    """The rulings the table kept, oldest first (API.md "Rulings"): one query, none for a
    game that kept none."""
    if not game.ruling_count:
        return []
    return [
        {
            "id": ruling.pk,
            "at": ruling.created.isoformat(),
            "by": ruling.by or None,
            "question": ruling.question,
            "variant": ruling.variant,
            "rule": ruling.rule,
            "title": ruling.title,
            "text": ruling.text,
            "note": ruling.note,
            "language": ruling.language,
            "question_code": ruling.question_code,
            "note_code": ruling.note_code,
        }
        for ruling in Ruling.objects.filter(game=game).order_by("created", "pk")
    ]


def game_state_replayed(*, game: Game) -> dict[str, Any]:
    """The same dict as `game_state`, recomputed by the engine from the stored entries."""
    players, claimed = _seats(game)
    stored = list(live_hands(game=game))
    played = game_replay(
        game=game,
        players=players,
        entries=[hand.entry for hand in stored],
        dealers=recorded_dealers(stored),
    )
    hands = [
        _hand_item(
            n, hand.entry, hand_result_data(result), totals, players, hand.etag, hand.checks
        )
        for n, (hand, result, totals) in enumerate(
            zip(stored, played.hands, played.state.running, strict=True), start=1
        )
    ]
    return _state(game, players, hands, state_summary(played.state), claimed)


def hand_score_preview(
    *, game: Game, entry: dict, number: int | None = None, dealer: str | None = None
) -> dict[str, Any]:
    """How ``entry`` would score as the next hand (``number`` None) or as hand ``number``, dealt
    by ``dealer`` (None: the suggestion, or the hand's recorded dealer), without saving
    anything: the engine's result (the /score shape). Raises RulesError."""
    state = game_state(game=game)
    if dealer is None:
        dealer = state["dealer"] if number is None else state["hands"][number - 1]["dealer"]
    scored = score_hand(
        variant=game.variant,
        options=game.options,
        players=state["players"],
        dealer=dealer,
        result=entry,
    )
    return scored.as_dict()


def request_saved(*, game: Game, request_id: str) -> bool:
    """Did a form with this one-time key already change this game (a hand recorded with it, or
    a correction or deletion written once under it)? Two queries at most."""
    if not request_id:
        return False
    return (
        game.hands.filter(request_id=request_id).exists()
        or IdempotencyKey.objects.filter(scope=game.public_id, key=request_id).exists()
    )


def hand_histories(
    *, game: Game, numbers: list[int] | None = None
) -> dict[int, list[HandRevision]]:
    """Every version of every live hand (or of hands ``numbers`` only), by hand number, oldest
    first: one query."""
    histories: dict[int, list[HandRevision]] = defaultdict(list)
    revisions = HandRevision.objects.filter(hand__game=game, hand__deleted_at__isnull=True)
    if numbers is not None:
        revisions = revisions.filter(hand__number__in=numbers)
    revisions = (
        revisions
        .select_related("hand")
        .order_by("hand__number", "version")
    )
    for revision in revisions:
        histories[revision.hand.number].append(revision)
    return histories


TABLE_NEWS_MINUTES = 10


def latest_change(*, game: Game, minutes: int = TABLE_NEWS_MINUTES) -> HandRevision | None:
    """The game's latest correction or deletion of a hand within the last ``minutes`` (its
    stored consequences say what it changed), for every phone's scoreboard; None if none."""
    since = timezone.now() - timedelta(minutes=minutes)
    return (
        HandRevision.objects.filter(
            hand__game=game,
            action__in=[HandRevision.Action.CORRECTED, HandRevision.Action.DELETED],
            created__gte=since,
        )
        .order_by("-created", "-pk")
        .first()
    )


def deleted_hands(*, game: Game) -> list[Hand]:
    """Hands taken out of the game, the latest deletion first, with their versions: two queries."""
    versions = Prefetch("revisions", queryset=HandRevision.objects.order_by("version"))
    hands = game.hands.filter(deleted_at__isnull=False).order_by("-deleted_at", "-pk")
    return list(hands.prefetch_related(versions))


def hand_history(*, game: Game, number: int) -> list[HandRevision]:
    """Every version of live hand ``number``, oldest first; raises Hand.DoesNotExist."""
    hand = live_hands(game=game).get(number=number)
    return list(hand.revisions.order_by("version"))


def _state(
    game: Game, players: list[str], hands: list[dict], summary: dict, claimed: list[str]
) -> dict[str, Any]:
    return {
        "id": game.public_id,
        # The short code a phone types to watch (home page), and the live stream's version.
        "code": game.code,
        "version": game.version,
        "variant": game.variant,
        "options": game.options,
        "players": players,
        "first_dealer": game.dealer,
        "hands": hands,
        "totals": _seated(summary["totals"], players),
        "running": [hand["totals"] for hand in hands],
        "dealer": summary["dealer"],
        "deal": summary["deal"],
        "over": summary["over"],
        "winners": summary["winners"],
        "bonuses": game_bonuses(game=game, players=players, hands=hands, summary=summary),
        "seats": claimed,  # seats a phone holds (API.md "Seats"), never their tokens
        "rulings": game_rulings(game=game),
    }


def game_bonuses(
    *, game: Game, players: list[str], hands: list[dict], summary: dict
) -> list[dict[str, Any]]:
    """The end-of-game bonus lines of a finished game (Gin Rummy's game, box and shutout),
    from its stored hands: ``{"player", "points", "line": {code, params}}``; none before the
    end. The totals already hold them."""
    if not summary["over"] or not hands:
        return []
    table = get_variant(game.variant).table(game.options, players=len(players))
    bonuses = final_bonuses(
        table, players, [h["winners"] for h in hands], hands[-1]["totals"], summary["winners"]
    )
    return [{"player": b.player, "points": b.points, "line": as_dict(b.line)} for b in bonuses]


def result_digest(result: dict) -> str:
    """A short digest of a hand's stored result (what a seated player read and confirmed)."""
    text = json.dumps(result, sort_keys=True, ensure_ascii=True, default=str)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def check_stands(said: dict, result: dict) -> bool:
    """Is what a player said still about the hand as it stands? (A check from before digests
    were kept counts as it did.)"""
    seen = said.get("seen")
    return seen is None or seen == result_digest(result)


def checks_listed(
    checks: dict | None, players: list[str], digest: str | None
) -> tuple[list[str], list[dict[str, str]]]:
    """Who confirmed and who disputes a hand whose result has ``digest``, in seating order:
    only what was said of the hand as it stands (a check of what it scored before a
    renumbering rescored it no longer counts)."""
    said = {
        k: v
        for k, v in (checks or {}).items()
        if v.get("seen") is None or v.get("seen") == digest
    }
    confirmed = [p for p in players if p in said and not said[p].get("disputed")]
    disputed = [
        {"player": p, "reason": said[p].get("reason", "")}
        for p in players
        if said.get(p, {}).get("disputed")
    ]
    return confirmed, disputed


def _hand_item(
    n: int, entry, result: dict, totals: dict, players: list[str], etag: str, checks: dict
) -> dict[str, Any]:
    digest = result_digest(result) if checks else None
    confirmed, disputed = checks_listed(checks, players, digest)
    return {
        "n": n,
        "etag": etag,
        "result": entry,
        "dealer": result.get("dealer"),
        "winners": result.get("winners", []),
        "deltas": _seated(result.get("deltas", {}), players),
        "transfers": result.get("transfers", []),
        "players": result.get("players", {}),
        "explanation": result.get("explanation", []),
        "totals": _seated(totals, players),
        # What the seated players said of this version of the hand, in seating order.
        "confirmed": confirmed,
        "disputed": disputed,
    }


def _seated(scores: dict, players: list[str]) -> dict:
    # PostgreSQL's jsonb does not keep key order; show scores in seating order everywhere.
    return {name: scores[name] for name in players if name in scores}


def hand_item(hand: Hand, players: list[str], *, checks: dict | None = None) -> dict[str, Any]:
    """A stored hand as the state lists it (``checks``: what the players said, default the
    hand's own). No query."""
    said = hand.checks if checks is None else checks
    return _hand_item(hand.number, hand.entry, hand.result, hand.totals, players, hand.etag, said)


def state_top(*, game: Game, players: list[str], claimed: list[str]) -> dict[str, Any]:
    """The state without its hands (and so without running totals and end bonuses): what does
    not grow with the game. One query for a game that kept rulings, none otherwise."""
    return _state(game, players, [], stored_summary(game), claimed)


def stored_summary(game: Game) -> dict[str, Any]:
    """The game-level fields of the state, as the last write stored them on the game."""
    return {
        "totals": game.totals,
        "dealer": game.next_dealer,
        "deal": game.next_deal,
        "over": game.over,
        "winners": game.winners,
    }


def saved_hand(*, hand: Hand, players: list[str]) -> dict[str, Any]:
    """A stored hand as the state lists it, with who saved it and when (API.md "The hand a
    phone meant": what a phone that was entering the same hand is shown). No query."""
    item = _hand_item(
        hand.number, hand.entry, hand.result, hand.totals, players, hand.etag, hand.checks
    )
    return {**item, "saved_by": hand.saved_by or None, "saved_at": hand.created.isoformat()}

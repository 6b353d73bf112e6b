"""The game's state as the API answers it, at the same cost per hand however long the game
(issue 33 §6).

A state lists every hand with its explanation in the reader's language. Built through the
response schema, each hand was validated and its lines rendered again on every write: at hand
200 that was most of a hand post's time. Here each hand's item (what :class:`.games.HandOut`
makes of it) is made once per version of the hand and language and kept in the process
(:data:`_ITEMS`, least recently used out); a state reads its hands' ids, versions and what
the players said of them (one light query), loads in full only the hands not kept yet, and
validates through the schema only the part of the state that does not grow with the game.
What it answers is what the schema answers (a test holds the two equal).
"""

from __future__ import annotations

import json
import threading
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any

from django.core.serializers.json import DjangoJSONEncoder
from django.http import HttpResponse
from django.utils.translation import get_language
from ninja import Schema

from scorekeeper.games.models import Game, Hand
from scorekeeper.games.scoresheet.selectors import (
    checks_listed,
    game_bonuses,
    game_players,
    hand_item,
    result_digest,
    state_top,
    stored_summary,
)
from scorekeeper.i18n import message_codes, render_lines


@dataclass(frozen=True)
class Kept:
    """One version of one hand as answered: the item (without what the players said of it),
    its result's digest, and the item's and its totals' JSON, encoded once."""

    item: dict[str, Any]
    digest: str
    text: str  # the item's JSON without its closing brace: the players' checks follow
    totals: str


_ITEMS: OrderedDict[tuple, Kept] = OrderedDict()
_ITEMS_LIMIT = 20_000  # hands kept (a few KB each): some hundred long games per worker
_ITEMS_LOCK = threading.Lock()


def _item_of(hand: Hand, players: list[str]) -> Kept:
    """A hand as HandOut answers it (without what the players said of it), and the digest of
    its result (which their checks are measured against)."""
    raw = hand_item(hand, players, checks={})
    lines = raw["explanation"]
    item = {
        "explanation": render_lines(lines),
        "explanation_codes": message_codes(lines),
        "n": raw["n"],
        "etag": raw["etag"],
        "result": raw["result"],
        "dealer": raw["dealer"],
        "winners": raw["winners"],
        "deltas": raw["deltas"],
        "transfers": raw["transfers"],
        "players": raw["players"],
        "totals": raw["totals"],
    }
    text = _json(item)
    return Kept(item, result_digest(hand.result), text[:-1], _json(item["totals"]))


def _kept(
    *, game: Game, players: list[str], known: list[Hand] | None = None
) -> list[tuple[Kept, dict]]:
    """Every live hand as kept, with what the players said of it: one light query (the hands'
    versions and checks), plus one for hands neither kept nor ``known`` (rows the caller
    holds already, e.g. the hand a write just saved)."""
    rows = list(
        Hand.objects.filter(game=game, deleted_at__isnull=True)
        .order_by("number")
        .values_list("pk", "number", "version", "updated", "checks")
    )
    # A hand's row is saved whenever its result, totals, number or version moves (``updated``).
    scope = (get_language(), tuple(players))
    keys = [(scope, pk, number, version, updated) for pk, number, version, updated, _ in rows]
    with _ITEMS_LOCK:
        found = {key: _ITEMS.get(key) for key in keys}
    at_hand = {hand.pk: hand for hand in known or ()}
    missing = []
    for key in keys:
        if found[key] is not None:
            continue
        hand = at_hand.get(key[1])
        if hand is not None and (scope, hand.pk, hand.number, hand.version, hand.updated) == key:
            found[key] = _item_of(hand, players)
        else:
            missing.append(key[1])
    if missing:
        for hand in Hand.objects.filter(pk__in=missing):
            key = (scope, hand.pk, hand.number, hand.version, hand.updated)
            found[key] = _item_of(hand, players)
    if missing or at_hand:
        with _ITEMS_LOCK:
            for key in keys:
                if found.get(key) is not None:
                    _ITEMS[key] = found[key]
            while len(_ITEMS) > _ITEMS_LIMIT:
                _ITEMS.popitem(last=False)
    return [(found[key], checks or {}) for key, (*_row, checks) in zip(keys, rows, strict=True)]


def hand_items(*, game: Game, players: list[str]) -> list[dict[str, Any]]:
    """Every live hand as the state lists it."""
    items = []
    for kept, checks in _kept(game=game, players=players):
        confirmed, disputed = checks_listed(checks, players, kept.digest)
        items.append({**kept.item, "confirmed": confirmed, "disputed": disputed})
    return items


def state_answer(*, game: Game, schema: type[Schema], players: list[str] | None = None) -> dict:
    """The game's state in the API's shape (``schema``: the state's, StateOut), dumped, built
    as described above."""
    players = _players(game, players)
    return _answer(game, players, hand_items(game=game, players=players), schema)


def state_response(
    *,
    game: Game,
    schema: type[Schema],
    status: int = 200,
    players: list[str] | None = None,
    known: list[Hand] | None = None,
) -> HttpResponse:
    """:func:`state_answer` as the HTTP answer: its JSON, each hand's encoded once."""
    players = _players(game, players)
    kept = _kept(game=game, players=players, known=known)
    hands, running = [], []
    for item, checks in kept:
        said = _NOBODY
        if checks:
            confirmed, disputed = checks_listed(checks, players, item.digest)
            said = f', "confirmed": {_json(confirmed)}, "disputed": {_json(disputed)}}}'
        hands.append(item.text + said)
        running.append(item.totals)
    top = _answer(game, players, [item.item for item, _checks in kept], schema)
    parts = []
    for key, value in top.items():
        if key == "hands":
            text = f"[{', '.join(hands)}]"
        elif key == "running":
            text = f"[{', '.join(running)}]"
        else:
            text = _json(value)
        parts.append(f"{_json(key)}: {text}")
    body = "{" + ", ".join(parts) + "}"
    return HttpResponse(body, status=status, content_type="application/json; charset=utf-8")


_NOBODY = ', "confirmed": [], "disputed": []}'


def _json(value: Any) -> str:
    return json.dumps(value, cls=DjangoJSONEncoder)


def _players(game: Game, players: list[str] | None):
    if players is None or getattr(players, "claimed", None) is None:
        return game_players(game=game)
    return players


def _answer(
    game: Game, players, items: list[dict[str, Any]], schema: type[Schema]
) -> dict[str, Any]:
    """The state with ``items`` for hands: the part that does not grow with the game goes
    through the schema (rulings, end bonuses), the hands as they are."""
    top = state_top(game=game, players=list(players), claimed=players.claimed)
    top["bonuses"] = game_bonuses(
        game=game, players=list(players), hands=items, summary=stored_summary(game)
    )
    answer = schema.model_validate(top).model_dump(mode="json")
    answer["hands"] = items
    answer["running"] = [item["totals"] for item in items]
    return answer

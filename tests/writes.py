"""Hand writes as the tests write them: the services of scorekeeper.games.scoresheet.services,
answering the hand alone (what the app's earlier names answered, before one path per
operation; the app itself has no such names any more, issue 36 §4)."""

from __future__ import annotations

from scorekeeper.games.models import Game, Hand
from scorekeeper.games.scoresheet.services import (
    hand_add,
    hand_correction,
    hand_deletion,
    hand_restoration,
)


def hand_record(
    *, game: Game, entry: dict, request_id: str | None = None, dealer: str | None = None
) -> Hand:
    """:func:`hand_add`, answering the hand; ``repeated`` when its request_id was seen."""
    write = hand_add(game=game, entry=entry, request_id=request_id, dealer=dealer)
    hand = game.hands.get(request_id=request_id) if write.replayed else write.hand
    hand.repeated = write.replayed  # the tests' mark only: the app's Hand has no such field
    return hand


def hand_correct(
    *,
    game: Game,
    number: int,
    entry: dict,
    if_match: str | None = None,
    dealer: str | None = None,
) -> Hand:
    """:func:`hand_correction`, answering the hand."""
    return hand_correction(
        game=game, number=number, entry=entry, if_match=if_match, dealer=dealer
    ).hand


def hand_delete(*, game: Game, number: int, if_match: str | None = None) -> Hand:
    """:func:`hand_deletion`, answering the hand."""
    return hand_deletion(game=game, number=number, if_match=if_match).hand


def hand_restore(*, game: Game, hand_id: int) -> Hand:
    """:func:`hand_restoration`, answering the hand."""
    return hand_restoration(game=game, hand_id=hand_id).hand

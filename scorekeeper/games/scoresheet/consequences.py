"""What a hand write moved, as data: the account every hand write stores with its revision.

A hand's own score depends only on its entry and its recorded dealer (RULES.md 1: a correction
or deletion never changes who dealt another hand), but the totals after it, the next dealer's
suggestion and the game's end follow from every hand, so changing hand 3 may still end the game
sooner or later (and a hand from before dealers were recorded may still get another dealer).
The write path (:mod:`.services`) compares what was stored before the write (every hand's
cached result and the game's cached totals and end) with the one replay it makes, hand by hand
(by identity, so a deletion's renumbering is no change by itself).

Nothing here scores or writes: this module only compares two sets of results.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any


@dataclass(frozen=True)
class HandChange:
    """How one other hand's result changed. ``number``: its number after the change."""

    number: int
    was: int
    winners: tuple[list[str], list[str]] | None = None
    dealer: tuple[str, str] | None = None
    scores: list[tuple[str, int, int]] = field(default_factory=list)  # (name, before, after)


@dataclass(frozen=True)
class Consequences:
    """Every other hand that changed, and the game's end if it moved; and in numbers, the changed
    hand's own scores (``scores``, when it is still in the game) and every total that moved
    (``totals``), each as (name, before, after). True when another hand or the end changed."""

    hands: list[HandChange] = field(default_factory=list)
    game_winners: tuple[list[str], list[str]] | None = None
    scores: list[tuple[str, int, int]] = field(default_factory=list)
    totals: list[tuple[str, int, int]] = field(default_factory=list)

    def __bool__(self) -> bool:
        return bool(self.hands or self.game_winners)

    def as_data(self) -> dict[str, Any]:
        return {
            "hands": [asdict(change) for change in self.hands],
            "game_winners": list(self.game_winners) if self.game_winners else None,
            "scores": [list(score) for score in self.scores],
            "totals": [list(total) for total in self.totals],
        }

    @classmethod
    def from_data(cls, data: dict[str, Any] | None) -> Consequences:
        if not data:
            return cls()
        hands = [
            HandChange(
                number=item["number"],
                was=item["was"],
                winners=tuple(item["winners"]) if item.get("winners") else None,
                dealer=tuple(item["dealer"]) if item.get("dealer") else None,
                scores=[tuple(score) for score in item.get("scores") or []],
            )
            for item in data.get("hands") or []
        ]
        winners = data.get("game_winners")
        return cls(
            hands,
            tuple(winners) if winners else None,
            scores=[tuple(score) for score in data.get("scores") or []],
            totals=[tuple(total) for total in data.get("totals") or []],
        )


@dataclass(frozen=True)
class Standing:
    """The game-level results a comparison needs: totals, and the winners once it is over."""

    totals: dict[str, int]
    over: bool
    winners: list[str]


def compare(
    before: dict[Any, tuple[int, dict[str, Any]]],
    after: dict[Any, tuple[int, dict[str, Any]]],
    *,
    changed: Any,
    standing_before: Standing | None = None,
    standing_after: Standing | None = None,
    other_hands: bool = True,
) -> Consequences:
    """The differences between two sets of results of the same hands, ``{hand id: (number,
    result)}`` with results in the stored shape (``winners``, ``dealer``, ``deltas``);
    ``changed``: the id of the hand the write was about. ``other_hands`` False (a new hand,
    which changes no other): only the numbers."""
    changes = []
    for hand_id, (number, result) in sorted(after.items(), key=lambda item: item[1][0]):
        if not other_hands or hand_id == changed or hand_id not in before:
            continue
        was, old = before[hand_id]
        winners = None
        if list(old.get("winners", [])) != list(result.get("winners", [])):
            winners = (list(old.get("winners", [])), list(result.get("winners", [])))
        dealer = None
        if old.get("dealer") != result.get("dealer"):
            dealer = (old.get("dealer"), result.get("dealer"))
        scores = _moved(old.get("deltas", {}), result.get("deltas", {}), only=result.get("deltas"))
        if winners or dealer or scores:
            changes.append(HandChange(number, was, winners, dealer, scores))
    game_winners = None
    totals: list[tuple[str, int, int]] = []
    if standing_before is not None and standing_after is not None:
        old_end = list(standing_before.winners) if standing_before.over else []
        new_end = list(standing_after.winners) if standing_after.over else []
        if old_end != new_end and other_hands:
            game_winners = (old_end, new_end)
        totals = _moved(standing_before.totals, standing_after.totals)
    scores: list[tuple[str, int, int]] = []
    if changed in before and changed in after:
        scores = _moved(before[changed][1].get("deltas", {}), after[changed][1].get("deltas", {}))
    return Consequences(changes, game_winners, scores=scores, totals=totals)


def _moved(
    before: dict[str, int], after: dict[str, int], *, only: dict | None = None
) -> list[tuple[str, int, int]]:
    """(name, before, after) for every number that changed, in the order ``after`` names them
    (``only``: just the names it holds)."""
    names = list(after) if only is not None else list(after) + [n for n in before if n not in after]
    return [
        (name, before.get(name, 0), after.get(name, 0))
        for name in names
        if before.get(name, 0) != after.get(name, 0)
    ]

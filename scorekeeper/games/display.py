"""Arranging a game for the table's eyes: seat colours and initials, final standings, the
result as text to share, and which hands a long game shows open.

Nothing here scores. Totals, winners and the game's end come from the engine's state; this
module only orders them (in the variant's direction) and words them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from scorekeeper.i18n import translate_text
from scorekeeper.rules import Variant

# Seat colours are CSS classes (static/css/app.css: .seat-0 ... .seat-11), so the colour of a
# player is the same on the scoreboard, the chart, the ledger and the avatars, and no page
# needs an inline style.
SEAT_COLOURS = 12

# How many of the latest hands a game page shows open; older ones fold away.
OPEN_HANDS = 3


def seat_class(index: int) -> str:
    return f"seat-{index % SEAT_COLOURS}"


def initials(name: str) -> str:
    """One or two letters for an avatar: the first letters of the first two words.

    >>> initials("Ann"), initials("Cyrano de Bergerac"), initials("  "), initials("émile zola")
    ('A', 'CD', '?', 'ÉZ')
    """
    words = [word for word in name.replace("-", " ").split() if word]
    if not words:
        return "?"
    letters = "".join(word[0] for word in words[:2])
    return letters.upper()


@dataclass(frozen=True)
class Standing:
    rank: int
    name: str
    seat: int
    total: int
    winner: bool

    @property
    def css(self) -> str:
        return seat_class(self.seat)

    @property
    def initials(self) -> str:
        return initials(self.name)


def standings(variant: Variant, state: Mapping[str, Any]) -> list[Standing]:
    """Everyone in finishing order (the variant's direction), ties sharing a rank (1, 1, 3)."""
    players: Sequence[str] = state["players"]
    totals: Mapping[str, int] = state["totals"]
    winners = set(state.get("winners") or [])
    sign = -1 if variant.end.highest_wins else 1
    order = sorted(
        range(len(players)),
        key=lambda i: (0 if players[i] in winners else 1, sign * totals.get(players[i], 0), i),
    )
    out: list[Standing] = []
    for place, i in enumerate(order, start=1):
        name = players[i]
        total = totals.get(name, 0)
        rank = place
        if out and out[-1].total == total and (name in winners) == out[-1].winner:
            rank = out[-1].rank
        out.append(Standing(rank, name, i, total, name in winners))
    return out


def result_text(
    variant: Variant, state: Mapping[str, Any], table: Sequence[Standing], url: str
) -> str:
    """The game's result as plain text for a chat: who won, the standings, the hands, a link."""
    winners = list(state.get("winners") or [])
    lines = [
        ngettext(
            "%(game)s: %(names)s won!",
            "%(game)s: %(names)s shared the win!",
            len(winners) or 1,
        )
        % {"game": translate_text(variant.name), "names": ", ".join(winners)}
    ]
    lines += [
        _("%(rank)s. %(name)s: %(total)s") % {"rank": s.rank, "name": s.name, "total": s.total}
        for s in table
    ]
    count = len(state["hands"])
    lines.append(ngettext("%(n)s hand played.", "%(n)s hands played.", count) % {"n": count})
    lines.append(url)
    return "\n".join(lines)


def fold_hands(hands: Sequence[Mapping[str, Any]], keep: int = OPEN_HANDS):
    """Newest first as given: the first ``keep`` stay open, the rest go under a fold."""
    return list(hands[:keep]), list(hands[keep:])

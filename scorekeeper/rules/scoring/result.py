"""What scoring one hand produces: deltas, transfers, per-player details and the explanation."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..messages import Message, as_dict


@dataclass(frozen=True)
class Transfer:
    """A payment between two players (Continental points, Phỏm chips)."""

    from_: str
    to: str
    amount: int

    def as_dict(self) -> dict[str, Any]:
        return {"from": self.from_, "to": self.to, "amount": self.amount}


@dataclass(frozen=True)
class PlayerDetail:
    """How one player's cards were counted."""

    count: int | None = None
    melds: tuple[str, ...] = ()
    unmatched: str | None = None
    source: str = ""  # which entry field it came from: points, cards, hand or melds
    mom: bool | None = None

    def as_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "count": self.count,
            "melds": list(self.melds),
            "unmatched": self.unmatched,
        }
        if self.source:
            out["entry"] = self.source
        if self.mom is not None:
            out["mom"] = self.mom
        return out


@dataclass(frozen=True)
class Bonus:
    """Points added to a total when the game ends (Gin Rummy's game, box and shutout)."""

    player: str
    points: int
    line: Message

    def as_dict(self) -> dict[str, Any]:
        return {"player": self.player, "points": self.points, "line": as_dict(self.line)}


@dataclass(frozen=True)
class HandResult:
    """One scored hand. ``deltas`` has every player, in the variant's own scoring direction."""

    variant: str
    dealer: str
    winners: tuple[str, ...]
    deltas: dict[str, int]
    transfers: tuple[Transfer, ...] = ()
    players: dict[str, PlayerDetail] = field(default_factory=dict)
    explanation: tuple[Message, ...] = ()  # rendered at the edge, see messages.render
    void: bool = False  # nobody scores and the same dealer deals again (Gin Rummy)

    def as_dict(self) -> dict[str, Any]:
        return {
            "variant": self.variant,
            "dealer": self.dealer,
            "winners": list(self.winners),
            "deltas": dict(self.deltas),
            "transfers": [t.as_dict() for t in self.transfers],
            "players": {name: detail.as_dict() for name, detail in self.players.items()},
            "explanation": [as_dict(line) for line in self.explanation],
            **({"void": True} if self.void else {}),
        }

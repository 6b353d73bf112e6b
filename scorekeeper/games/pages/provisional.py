"""What the table looks like after a hand that is not saved yet: the totals, who deals next and
whether the game ends, worked out by the engine replaying the stored hands plus this one.

The hand form's preview carries it, so a phone that saves the hand without a connection can
show the totals with the queued hand (marked provisional) without scoring anything itself.
"""

from __future__ import annotations

from typing import Any

from scorekeeper.rules import RulesError

from ..models import Game
from ..scoresheet.selectors import game_replay, game_state


def state_after_new_hand(
    *, game: Game, entry: dict, dealer: str | None = None
) -> dict[str, Any] | None:
    """The state after ``entry`` as the next hand, dealt by ``dealer`` (None: the rotation's
    suggestion), every saved hand by its recorded dealer: ``base`` (the saved hands it follows),
    ``totals`` [(name, total)] in seating order, ``dealer``, ``deal``, ``over`` and ``next``
    (the number of the hand after it); when the hand ends the game, its ``winners`` and the
    end-of-game ``bonuses`` (already in the totals). None when the engine refuses the
    sequence."""
    state = game_state(game=game)
    players = state["players"]
    entries = [hand["result"] for hand in state["hands"]] + [entry]
    dealers = [hand["dealer"] or None for hand in state["hands"]] + [dealer]
    try:
        played = game_replay(game=game, players=players, entries=entries, dealers=dealers)
    except RulesError:
        return None
    after = played.state
    return {
        "base": len(state["hands"]),
        "totals": [(name, after.totals[name]) for name in players],
        "dealer": after.dealer,
        "deal": after.deal,
        "over": bool(after.over),
        "next": len(entries) + 1,
        "winners": list(after.winners) if after.over else [],
        "bonuses": [bonus.as_dict() for bonus in after.bonuses] if after.over else [],
    }

"""One game out: its hands, each player's change and total after every hand, the dealers and
the explanation codes, as JSON (the data) and as CSV (a spreadsheet row per hand).

Read from the stored state (`selectors.game_state`): two queries whatever the game holds, and
nothing recomputed here. CSV cells that a spreadsheet would run as a formula (a player named
``=HYPERLINK(...)``) are written with a leading ``'``; numbers are written as numbers.
"""

from __future__ import annotations

import csv
import io
from typing import Any

from .models import Game
from .selectors import game_state

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
FORMAT = "rummytable-game/1"


def game_export(*, game: Game) -> dict[str, Any]:
    """The game as data: the format, the table (variant, options, players, first dealer),
    every hand (number, dealer, entry, deltas, totals, explanation codes, who confirmed or
    disputed it), the end state and the rulings the table kept."""
    state = game_state(game=game)
    return {
        "format": FORMAT,
        "id": state["id"],
        "variant": state["variant"],
        "options": state["options"],
        "players": state["players"],
        "first_dealer": state["first_dealer"],
        "created": game.created.isoformat() if getattr(game, "created", None) else None,
        "hands": [
            {
                "n": hand["n"],
                "dealer": hand["dealer"],
                "entry": hand["result"],
                "deltas": hand["deltas"],
                "totals": hand["totals"],
                "winners": hand["winners"],
                "explanation_codes": hand["explanation"],
                "confirmed": hand["confirmed"],
                "disputed": hand["disputed"],
            }
            for hand in state["hands"]
        ],
        "totals": state["totals"],
        "over": state["over"],
        "winners": state["winners"],
        "rulings": state["rulings"],
    }


def _cell(value: Any) -> Any:
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value


def game_csv(*, game: Game) -> str:
    """One row per hand: ``hand, dealer``, then ``<player> change`` and ``<player> total`` for
    each seat, then the explanation codes (space separated); then the rulings the table kept,
    one row each, after a blank row. A byte-order mark first, so
    spreadsheets read the names' accents right."""
    data = game_export(game=game)
    players = data["players"]
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    header = ["hand", "dealer"]
    for name in players:
        header += [f"{name} change", f"{name} total"]
    header.append("explanation codes")
    writer.writerow([_cell(h) for h in header])
    for hand in data["hands"]:
        row: list[Any] = [hand["n"], _cell(hand["dealer"] or "")]
        for name in players:
            row += [hand["deltas"].get(name, 0), hand["totals"].get(name, "")]
        row.append(" ".join(line.get("code", "") for line in hand["explanation_codes"]))
        writer.writerow(row)
    if data["rulings"]:  # after the hands, a blank row, then one row per ruling kept
        writer.writerow([])
        writer.writerow(["ruling", "at", "by", "question", "rule", "text", "note"])
        for n, ruling in enumerate(data["rulings"], start=1):
            writer.writerow(
                [n, ruling["at"]]
                + [_cell(ruling[k] or "") for k in ("by", "question", "rule", "text", "note")]
            )
    return "\ufeff" + out.getvalue()

"""One game out, as the final page shows it: its hands, each player's change and total after
every hand, the dealers, the chips paid in each hand, the end-of-game bonuses and, for a chip
game, the payments that settle it; as JSON (the data, explanations as message codes) and as CSV
(a spreadsheet row per hand, in the reader's language).

Read from the stored state (`selectors.game_state`): two queries whatever the game holds, and
nothing recomputed here. CSV cells that a spreadsheet would run as a formula (a player named
``=HYPERLINK(...)``) are written with a leading ``'``; numbers are written as numbers.
"""

from __future__ import annotations

import csv
import io
from typing import Any

from django.utils.translation import gettext

from scorekeeper.i18n import render_message
from scorekeeper.spreadsheet import spreadsheet_safe

from ..models import Game
from ..scoresheet.selectors import game_state
from .presentation import settlement

FORMAT = "rummytable-game/2"


def game_export(*, game: Game) -> dict[str, Any]:
    """The game as data: the format, the table (variant, options, players, first dealer),
    every hand (number, dealer, entry, deltas, chips paid, totals, explanation codes, who
    confirmed or disputed it), the end-of-game bonuses (already in the final totals), the
    payments that settle a chip game, the end state and the rulings the table kept."""
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
                "transfers": hand["transfers"],
                "totals": hand["totals"],
                "winners": hand["winners"],
                "explanation_codes": hand["explanation"],
                "confirmed": hand["confirmed"],
                "disputed": hand["disputed"],
            }
            for hand in state["hands"]
        ],
        "bonuses": state["bonuses"],
        "settlement": [
            {"from": p.payer, "to": p.payee, "amount": p.amount}
            for p in settlement(state["players"], state["hands"])
        ],
        "totals": state["totals"],
        "over": state["over"],
        "winners": state["winners"],
        "rulings": state["rulings"],
    }


def _payment(payer: str, payee: str, amount: int) -> str:
    return gettext("%(payer)s → %(payee)s: %(amount)s") % {
        "payer": payer, "payee": payee, "amount": amount,
    }


def game_csv(*, game: Game) -> str:
    """One row per hand: hand, dealer, then each seat's change and total, the chips paid in
    the hand (chip games) and the explanation as the page words it; then a row per end-of-game
    bonus, so the last row's totals are the final page's; then, for a chip game, a row per
    payment that settles it; then, after a blank row, a row per ruling the table kept.
    Headers and text are in the active language (the page's that linked the file). A
    byte-order mark first, so spreadsheets read the names' accents right."""
    data = game_export(game=game)
    players = data["players"]
    chips = any(hand["transfers"] for hand in data["hands"])
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    header = [gettext("Hand"), gettext("Dealer")]
    for name in players:
        header += [
            gettext("%(name)s: change") % {"name": name},
            gettext("%(name)s: total") % {"name": name},
        ]
    if chips:
        header.append(gettext("Payments"))
    header.append(gettext("Explanation"))
    writer.writerow([spreadsheet_safe(h) for h in header])

    def row(first: Any, dealer: str, deltas: dict, totals: dict, paid: str, text: str) -> None:
        cells: list[Any] = [first, spreadsheet_safe(dealer)]
        for name in players:
            cells += [deltas.get(name, 0), totals.get(name, "")]
        if chips:
            cells.append(spreadsheet_safe(paid))
        cells.append(spreadsheet_safe(text))
        writer.writerow(cells)

    for hand in data["hands"]:
        paid = "; ".join(_payment(t["from"], t["to"], t["amount"]) for t in hand["transfers"])
        text = " ".join(render_message(line) for line in hand["explanation_codes"])
        row(hand["n"], hand["dealer"] or "", hand["deltas"], hand["totals"], paid, text)
    running = dict(data["hands"][-1]["totals"]) if data["hands"] else {}
    for bonus in data["bonuses"]:
        running[bonus["player"]] = running.get(bonus["player"], 0) + bonus["points"]
        row(gettext("Bonus"), "", {bonus["player"]: bonus["points"]}, dict(running), "",
            render_message(bonus["line"]))
    for payment in data["settlement"]:
        row(gettext("Settle up"), "", {}, {}, _payment(payment["from"], payment["to"],
                                                        payment["amount"]), "")
    if data["rulings"]:
        writer.writerow([])
        writer.writerow([gettext("Rulings at this table")])
        for ruling in data["rulings"]:
            writer.writerow(
                [ruling["at"]]
                + [spreadsheet_safe(ruling[k] or "") for k in ("by", "question", "text", "note")]
            )
    return "\ufeff" + out.getvalue()

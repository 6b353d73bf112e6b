"""The page presenter: what each game page shows, read through the selectors and arranged by
:mod:`.presentation`, as the template's context.

The views parse the request, call a service and hand the outcome here; nothing here writes or
scores. The game page (and its live fragment), the hand form and the share page are built
here, so a view never walks a game's state itself.
"""

from __future__ import annotations

import hashlib
import json
from datetime import timedelta
from typing import Any

from django.conf import settings
from django.utils import timezone
from django.utils.dateparse import parse_datetime
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from scorekeeper.rules import get_variant
from scorekeeper.rules.families import family_of
from scorekeeper.rules.game import starting_total

from ..models import Game
from ..scoresheet.rescore import Consequences, describe, describe_numbers
from ..scoresheet.selectors import deleted_hands, game_state, hand_histories, latest_change
from ..table.seats import rulings_read
from . import kept, presentation


def game_etag(game: Game, editable: bool, seat: str | None = None) -> str:
    """The live fragment's ETag: it changes with the game, the reader's rights (and seat) and
    language."""
    held = hashlib.sha256(seat.encode()).hexdigest()[:8] if seat else "-"
    return (
        f'"{game.public_id}-{game.updated.timestamp()}-{game.hand_count}-{int(editable)}'
        f'-{held}-{get_language()}"'
    )


def poll_seconds(game: Game, over: bool) -> int:
    """How often a phone asks the server whether the scoreboard changed (a 304 when not).

    While hands are coming in (a change in the last ``TABLE_ACTIVE_MINUTES``) every
    ``TABLE_POLL_ACTIVE_SECONDS``, so a viewer sees a new hand within about a second on average
    (bench/live.py measures it); a quiet game every ``TABLE_POLL_SECONDS``; a finished one three
    times slower still (it changes only by corrections). Hidden pages do not poll (live.js)."""
    seconds = getattr(settings, "TABLE_POLL_SECONDS", 4)
    if over:
        return seconds * 3
    active = getattr(settings, "TABLE_POLL_ACTIVE_SECONDS", 2)
    window = timedelta(minutes=getattr(settings, "TABLE_ACTIVE_MINUTES", 30))
    if game.updated and timezone.now() - game.updated < window:
        return min(seconds, active)
    return seconds


def rematch_of(game: Game) -> Game | None:
    """The rematch of a finished game, if one was started (one query, only once it is over)."""
    if not game.over:
        return None
    return Game.objects.filter(rematch_of=game).first()


def table_news(game: Game) -> list[str]:
    """What the latest correction or deletion (in the last minutes) changed, in the page's
    language, as the keeper was told it: every phone at the table reads the same account."""
    change = latest_change(game=game)
    if change is None:
        return []
    consequences = Consequences.from_data(change.consequences)
    if change.action == change.Action.DELETED:
        head = _("Hand %(n)s deleted.") % {"n": change.number}
    else:
        head = _("Hand %(n)s corrected.") % {"n": change.number}
    return [head, *describe_numbers(consequences, change.number), *describe(consequences)]


def game_page(
    game: Game, *, editable: bool, undo: dict | None, game_url: str, seat: str | None = None
) -> dict[str, Any]:
    """The game page's context: scoreboard, chart, hands with their history, ledger, end.

    ``undo``: this browser's last change it may take back; ``game_url``: the game's absolute
    address, for the result to share; ``seat``: the player whose seat this browser holds."""
    state = kept.game_state_read(game)
    variant = get_variant(game.variant)
    players = state["players"]
    table = variant.table(game.options, players=len(players))
    start = starting_total(table)
    leaders = presentation.leaders(variant, state)
    newest = state["hands"][-1]["n"] if state["hands"] else None
    saved_here = _saved_here(undo)
    hands, full = [], {}
    for hand in reversed(state["hands"]):
        item = {
            **hand,
            "deltas_list": [(p, hand["deltas"].get(p, 0)) for p in players],
            # A seated phone confirms or disputes each hand it has not confirmed yet.
            "to_confirm": seat is not None and seat not in hand["confirmed"],
            "my_dispute": next(
                (d["reason"] for d in hand["disputed"] if d["player"] == seat), None
            ),
        }
        hands.append(item)
    for item, key in zip(
        hands, kept.row_keys(hands, game=game, editable=editable, saved_here=saved_here), strict=True
    ):
        item["row_key"] = key
    hands_open, hands_older = presentation.fold_hands(hands)
    # The folded rows, kept as one piece per version of the game, when none of them carries
    # this phone's confirm/dispute forms.
    older_html = (
        None
        if any(item["to_confirm"] for item in hands_older)
        else kept.older_rows_read(game, editable=editable, saved_here=saved_here)
    )
    # Each hand's row is drawn once per version of it (its etag and what it shows, in this
    # language and time zone): a long game's page draws only its new or changed hands.
    looked_up = hands if older_html is None else hands_open
    drawn = kept.rows_drawn([item["row_key"] for item in looked_up])
    for item in looked_up:
        # Rows with this phone's confirm/dispute forms carry its CSRF token: never cached.
        if item["to_confirm"] or item["n"] == newest or item["row_key"] not in drawn:
            full[item["n"]] = item
        else:
            item["html"] = drawn[item["row_key"]]
    histories = hand_histories(game=game, numbers=list(full)) if full else {}
    for n, item in full.items():
        revisions = histories[n]
        for revision in revisions:
            consequences = Consequences.from_data(revision.consequences)
            revision.changes = describe(consequences)
            # What a correction did in numbers: the hand's scores and the totals it moved.
            revision.numbers = (
                describe_numbers(consequences, revision.number)
                if revision.action == revision.Action.CORRECTED
                else []
            )
        item.update(
            {
                "revisions": revisions[:-1],
                "edited": len(revisions) > 1,
                "changes": revisions[-1].changes if revisions else [],
                "numbers": revisions[-1].numbers if revisions else [],
                # Why the last change was made, when it had to say (after an approval).
                "reason": revisions[-1].reason if revisions else "",
            }
        )
    deleted = deleted_hands(game=game)
    for gone in deleted:
        versions = list(gone.revisions.all())
        gone.changes = describe(Consequences.from_data(versions[-1].consequences)) if versions else []
    letters = presentation.initials_at_table(players)
    rows = [
        {
            "name": name,
            "seat": i + 1,
            "total": state["totals"].get(name, start),
            "leader": name in leaders,
            "colour": presentation.colour(i),
            "css": presentation.seat_class(i),
            "initials": letters[name],
            "deals": name == state["dealer"] and not state["over"],
        }
        for i, name in enumerate(players)
    ]
    seats = {name: i for i, name in enumerate(players)}
    latest = _latest_hand(hands, players, _running(players, state["hands"][-1:]), undo)
    kept.draw_rows(full, game=game, latest=latest, editable=editable)
    for row in rows:  # each player's change in the latest hand, beside the total
        row["last"] = latest["deltas"].get(row["name"]) if latest else None
    family = family_of(variant)
    zero_sum = family.zero_sum
    if older_html is None and all(item.get("html") for item in hands_older):
        older_html = "".join(item["html"] for item in hands_older)
        kept.older_rows_keep(game, older_html, editable=editable, saved_here=saved_here)

    def running_context() -> dict[str, Any]:
        chart = presentation.chart(
            players,
            state["running"],
            start,
            target=table.options.get("target") if variant.end.kind == "target" else None,
        )
        return {
            "rows": rows,
            "running": _running(players, state["hands"]),
            "chart": chart,
            "chart_series": [
                (series, presentation.seat_class(i)) for i, series in enumerate(chart.series)
            ]
            if chart
            else [],
        }

    standings = presentation.standings(variant, state) if state["over"] else []
    result_text = (
        presentation.result_text(variant, state, standings, game_url) if standings else ""
    )
    settlement = presentation.settlement(players, state["hands"]) if zero_sum else []
    return {
        "game": game,
        "state": state,
        "variant": variant,
        "table": table,
        "deck": table.deck,
        "players": players,
        "rows": rows,
        # The running totals and chart, drawn once per version of the game and language.
        "running_html": kept.running_drawn(game, running_context),
        "hands": hands,
        "leaders": leaders,
        "zero_sum": zero_sum,
        "ledger": presentation.ledger(players, state["hands"]) if zero_sum else [],
        "settlement": [
            {
                "payer": p.payer,
                "payee": p.payee,
                "amount": p.amount,
                "payer_css": presentation.seat_class(seats[p.payer]),
                "payee_css": presentation.seat_class(seats[p.payee]),
                "payer_initials": letters[p.payer],
                "payee_initials": letters[p.payee],
            }
            for p in settlement
        ],
        "hands_open": hands_open,
        "hands_older": hands_older,
        # The folded rows as one piece when all were drawn (no loop over them in the template).
        "older_html": older_html or "",
        "standings": standings,
        "result_text": result_text,
        "result_rows": result_text.count("\n") + 1,
        "rematch": rematch_of(game),
        "table_news": table_news(game) if not editable else [],
        "editable": editable,
        "undo": undo,
        "latest": latest,
        "deleted": deleted,
        "poll_seconds": poll_seconds(game, state["over"]),
        "next_hand": len(state["hands"]) + 1,
        "goal": table.options.get(family.goal_option(variant)),
        "ledger_heading": _(family.ledger_heading),
        "etag": game_etag(game, editable, seat),
        "seat": seat,
        "free_seats": [p for p in players if p not in state["seats"]],
        "seats_claimed": state["seats"],
        "rulings": rulings_read(game=game, rulings=state["rulings"], players=len(players)),
    }


def _latest_hand(
    hands: list[dict[str, Any]],
    players: list[str],
    running: list[dict[str, Any]],
    undo: dict | None,
) -> dict[str, Any] | None:
    """The latest hand, as the scoreboard shows it beside the totals and the live region says
    it ("Hand 7 saved: Ann +35 (410), ..."): its number, each player's change and total after
    it, whether it was corrected, and whether this browser has just saved it (its undo)."""
    if not hands:
        return None
    newest = hands[0]
    cells = running[-1]["cells"]
    return {
        "n": newest["n"],
        "scores": [(p, delta, total) for p, (total, delta, _s) in zip(players, cells, strict=True)],
        "deltas": {p: delta for p, (_t, delta, _s) in zip(players, cells, strict=True)},
        "corrected": newest["edited"],
        "saved_here": _saved_here(undo) == newest["n"],
    }


def _running(players: list[str], hands: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Each hand's row of the running totals: every player's total, change and check."""
    return [
        {
            "n": hand["n"],
            "cells": [
                (hand["totals"].get(p), hand["deltas"].get(p, 0), _said(hand, p))
                for p in players
            ],
        }
        for hand in hands
    ]


def _saved_here(undo: dict | None) -> int | None:
    """The hand this browser has just recorded or corrected (its undo), if any."""
    if undo and undo.get("kind") in ("recorded", "corrected"):
        return undo.get("number")
    return None


def _said(hand: dict[str, Any], player: str) -> str:
    """What ``player`` said of ``hand``: "confirmed", "disputed" or ""."""
    if player in hand["confirmed"]:
        return "confirmed"
    if any(d["player"] == player for d in hand["disputed"]):
        return "disputed"
    return ""


def entry_digest(entry: Any) -> str:
    """A short hash of a stored entry: a draft of a correction is stale once it changes."""
    text = json.dumps(entry, sort_keys=True, ensure_ascii=False)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def hand_page(
    game: Game,
    form,
    *,
    dealer_form,
    number: int | None,
    preview: dict[str, Any] | None,
    request_id: str,
    posted_etag: str | None,
    entering: int | None = None,
    taken: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """The hand form's context: a new hand (``number`` None) or a correction of ``number``.

    ``entering``: the number of the new hand the form was first drawn for, kept through
    previews (the form posts it, so a hand another phone saved first is never counted twice);
    ``taken``: that hand as another phone saved it (:func:`.selectors.saved_hand`), shown beside
    the form's own, which then offers to be saved as the next hand.

    ``posted_etag``: the version of the hand the form was drawn for, kept through previews (so
    saving after another phone changed that hand changes nothing); ``request_id``: the form's
    one-time key, kept through previews (a double tap saves once); ``dealer_form``: who dealt
    (:class:`~.forms_dealer.DealerForm`)."""
    state = game_state(game=game)
    hand_etag = None
    if number is None:
        dealer = state["dealer"]
        title_number = len(state["hands"]) + 1
        if entering is not None and 1 <= entering <= title_number:
            title_number = entering
        draft_base = "new"
    else:
        stored = state["hands"][number - 1]
        dealer = stored["dealer"]
        title_number = number
        hand_etag = posted_etag or stored["etag"]
        draft_base = entry_digest(stored["result"])
    if preview is not None:
        preview = {**preview, "deltas_list": list(preview["deltas"].items())}
    return {
        "game": game,
        "variant": form.variant,
        "form": form,
        "dealer_form": dealer_form,
        "deck": form.deck(),
        "number": number,
        "title_number": title_number,
        "dealer": dealer,
        "preview": preview,
        "over": state["over"] and number is None,
        # A draft kept on the phone is for this version of the hand only.
        "draft_base": draft_base,
        "request_id": request_id,
        "hand_etag": hand_etag,
        "taken": _taken(taken),
    }


def _taken(hand: dict[str, Any] | None) -> dict[str, Any] | None:
    if hand is None:
        return None
    return {
        **hand,
        "deltas_list": list(hand["deltas"].items()),
        "saved_at": parse_datetime(hand["saved_at"]),
        "next": hand["n"] + 1,
    }


def share_page(
    game: Game, *, view_url: str, edit_url: str | None, local_host: str | None = None,
    lan_urls: list[str] | None = None,
) -> dict[str, Any]:
    """Links and QR codes for the other phones: one to watch, and (for editors) one to keep
    score. ``local_host``: the address this page was opened at when other phones cannot use it
    (127.0.0.1, localhost, a bare machine name); ``lan_urls``: where they can reach this
    machine instead."""
    return {
        "local_host": local_host,
        "lan_urls": lan_urls or [],
        "game": game,
        "variant": get_variant(game.variant),
        "view_url": view_url,
        "view_qr": presentation.qr_svg(view_url),
        "edit_url": edit_url,
        "edit_qr": presentation.qr_svg(edit_url) if edit_url else None,
    }

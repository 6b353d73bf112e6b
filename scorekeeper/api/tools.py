"""Stateless tools: the deadwood calculator and the meld checker."""

from __future__ import annotations

from typing import Annotated, Any

from django.http import HttpRequest
from django.utils.translation import gettext
from ninja import Field, Router, Schema

from scorekeeper.i18n import render_message
from scorekeeper.rules import IllegalMeldError, best_arrangement, read_meld
from scorekeeper.rules.deck import ACROSS_MELDS
from scorekeeper.rules.families import MAX_TEXT
from scorekeeper.rules.melds import split_melds
from scorekeeper.rules.messages import as_dict
from scorekeeper.rules.reference import check_going_out

from .errors import ApiError, ErrorOut, about, with_field
from .inputs import MAX_HAND, MAX_MELDS, initial_meld, load_table, read_cards, read_meld_cards

router = Router(tags=["tools"])

ERRORS = {400: ErrorOut, 422: ErrorOut}


class ArrangeIn(Schema):
    variant: str = Field(..., min_length=1)  # an empty slug is refused: the schema says so
    options: dict[str, Any] | None = None
    # read_cards refuses more than MAX_TEXT characters and a list with no card in it
    cards: str = Field(..., json_schema_extra={"minLength": 1, "maxLength": MAX_TEXT, "pattern": r"\S"})


class ArrangeOut(Schema):
    melds: list[str]
    unmatched: str
    count: int


class MeldsCheckIn(Schema):
    variant: str = Field(..., min_length=1)
    options: dict[str, Any] | None = None
    melds: list[Annotated[str, Field(json_schema_extra={"maxLength": MAX_TEXT})]] = Field(
        ..., json_schema_extra={"minItems": 1, "maxItems": MAX_MELDS}
    )
    going_out: bool = False  # the melds are one player's whole going-out hand
    # with going_out: the card discarded on going out
    discard: str | None = Field(None, json_schema_extra={"maxLength": MAX_TEXT})


class MeldOut(Schema):
    cards: str
    valid: bool
    kind: str | None = None
    reading: str | None = None
    value: int | None = None
    jokers: int | None = None
    wild_deuces: int | None = None
    reason: str | None = None  # in the request's language
    reason_code: dict[str, Any] | None = None  # the reason as a message: {code, params}


class InitialMeldOut(Schema):
    required: int
    met: bool


class GoingOutOut(Schema):
    valid: bool
    reason: str | None = None
    verdict: str
    code: dict[str, Any]  # the verdict as {"code", "params"}, for clients that render their own


class MeldsCheckOut(Schema):
    valid: bool
    reason: str | None = None
    melds: list[MeldOut]
    total: int
    initial_meld: InitialMeldOut | None = None
    going_out: GoingOutOut | None = None


@router.post(
    "/arrange",
    response={200: ArrangeOut, **ERRORS},
    summary="The deadwood calculator: the best split of a hand into melds",
)
def arrange(request: HttpRequest, payload: ArrangeIn):
    table = load_table(payload.variant, payload.options)
    hand = read_cards(payload.cards, "cards")
    if len(hand) > MAX_HAND:
        raise ApiError(
            with_field(
                "cards",
                gettext("a hand here holds at most %(most)s cards, got %(count)s")
                % {"most": MAX_HAND, "count": len(hand)},
            ),
            code="too_many_cards",
            field="cards",
        )
    with about("cards"):
        found = best_arrangement(hand, table)
    return {"melds": found.meld_texts, "unmatched": found.unmatched_text, "count": found.count}


@router.post(
    "/melds/check",
    response={200: MeldsCheckOut, **ERRORS},
    summary="The dispute settler: are these melds valid, and what are they worth?",
)
def check_melds(request: HttpRequest, payload: MeldsCheckIn):
    table = load_table(payload.variant, payload.options)
    if not payload.melds:
        raise ApiError(
            with_field("melds", gettext("no melds given")), code="no_melds", field="melds"
        )
    # One string may hold several melds, separated as the app prints them (" · ") or as
    # tables type them ("/", "|", ";", new lines).
    parts = [(i, part) for i, text in enumerate(payload.melds) for part in split_melds(text) or [text]]
    if len(parts) > MAX_MELDS:
        raise ApiError(
            with_field(
                "melds",
                gettext("at most %(most)s melds, got %(count)s")
                % {"most": MAX_MELDS, "count": len(parts)},
            ),
            code="too_many_melds",
            field="melds",
        )
    melds = [read_meld_cards(text, f"melds[{i}]") for i, text in parts]
    with about("melds"):
        table.deck.check((mc.card for meld in melds for mc in meld), ACROSS_MELDS())

    rules = table.meld_rules
    out: list[dict[str, Any]] = []
    reason = None
    for number, meld in enumerate(melds, start=1):
        text = " ".join(str(mc) for mc in meld)
        try:
            reading = read_meld(meld, rules)
        except IllegalMeldError as err:
            why = render_message(err.reason)
            out.append(
                {"cards": text, "valid": False, "reason": why, "reason_code": as_dict(err.reason)}
            )
            reason = reason or gettext("meld %(number)s: %(reason)s") % {
                "number": number,
                "reason": why,
            }
            continue
        out.append(
            {
                "cards": text,
                "valid": True,
                "kind": reading.kind,
                "reading": " ".join(str(card) for card in reading.reading),
                "value": reading.value,
                "jokers": reading.jokers,
                "wild_deuces": reading.wild_deuces,
            }
        )
    valid = reason is None
    total = sum(meld.get("value") or 0 for meld in out)
    required = initial_meld(table)
    answer = {
        "valid": valid,
        "reason": reason,
        "melds": out,
        "total": total,
        "initial_meld": (
            None if required is None else {"required": required, "met": valid and total >= required}
        ),
    }
    if payload.discard is not None and not payload.going_out:
        raise ApiError(
            with_field("discard", gettext("only used with going_out: true")),
            code="bad_input",
            field="discard",
        )
    if payload.going_out:
        discard = read_cards(payload.discard or "", "discard", required=False)
        if len(discard) > 1:
            raise ApiError(
                with_field(
                    "discard",
                    gettext("one card at most, got %(count)s") % {"count": len(discard)},
                ),
                code="bad_input",
                field="discard",
            )
        with about("melds"):
            verdict = check_going_out(
                None, table, melds=[text for _i, text in parts], discard=payload.discard or None
            )
        text = render_message(verdict.verdict)
        answer["going_out"] = {
            "valid": verdict.valid,
            "reason": None if verdict.valid else text,
            "verdict": text,
            "code": as_dict(verdict.verdict),
        }
        if not verdict.valid:
            answer["valid"] = False
            answer["reason"] = answer["reason"] or text
    return answer

"""Stateless tools: the deadwood calculator and the meld checker."""

from __future__ import annotations

from typing import Annotated, Any

from django.http import HttpRequest
from django.utils.translation import gettext
from ninja import Field, Router, Schema

from scorekeeper.i18n import render_message
from scorekeeper.rules import best_arrangement
from scorekeeper.rules.families import MAX_TEXT
from scorekeeper.rules.melds import split_melds
from scorekeeper.rules.messages import Message, as_dict
from scorekeeper.rules.reference import MeldVerdict, check_going_out_typed, knock_verdict
from scorekeeper.rules.reference import check_melds as melds_report

from .errors import ApiError, ErrorOut, about, with_field
from .inputs import MAX_HAND, MAX_MELDS, load_table, read_cards, read_meld_cards

router = Router(tags=["tools"])

ERRORS = {400: ErrorOut, 422: ErrorOut}


class ArrangeIn(Schema):
    variant: str = Field(..., min_length=1)  # an empty slug is refused: the schema says so
    options: dict[str, Any] | None = None
    # read_cards refuses more than MAX_TEXT characters and a list with no card in it
    cards: str = Field(..., json_schema_extra={"minLength": 1, "maxLength": MAX_TEXT, "pattern": r"\S"})


class KnockOut(Schema):
    """Where a hand ends with a knock: may this deadwood knock at this table (its knock limit;
    only gin in Straight Gin)."""

    may_knock: bool
    verdict: str  # in the request's language, the table's limit with the book's beside it
    code: dict[str, Any]  # the verdict as {"code", "params"}, for clients that render their own


class ArrangeOut(Schema):
    melds: list[str]
    unmatched: str
    count: int
    knocking: KnockOut | None = None  # only where a knock limit applies (Gin Rummy, Straight Gin)


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
    exclude_none=True,
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
    answer: dict[str, Any] = {
        "melds": found.meld_texts,
        "unmatched": found.unmatched_text,
        "count": found.count,
    }
    limit = knock_verdict(found.count, table)
    if limit is not None:
        answer["knocking"] = {
            "may_knock": limit.may_knock,
            "verdict": render_message(limit.verdict),
            "code": as_dict(limit.verdict),
        }
    return answer


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
    if payload.discard is not None and not payload.going_out:
        raise ApiError(
            with_field("discard", gettext("only used with going_out: true")),
            code="bad_input",
            field="discard",
        )
    verdict = None
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
        # As the page reads it: one run of cards without separators is the whole hand.
        with about("melds"):
            verdict = check_going_out_typed(
                [text for _i, text in parts], table, discard=payload.discard or None
            )
    with about("melds"):
        if verdict is not None and verdict.valid and len(parts) == 1 and not payload.discard:
            report = melds_report([m.cards for m in verdict.melds], table)  # as arranged
        else:
            report = melds_report(melds, table)
    out: list[dict[str, Any]] = []
    reason = None
    for number, meld in enumerate(report.melds, start=1):
        if not meld.valid:
            why = render_message(meld.reason)
            out.append(
                {"cards": meld.cards, "valid": False, "reason": why, "reason_code": _code(meld)}
            )
            reason = reason or gettext("meld %(number)s: %(reason)s") % {
                "number": number,
                "reason": why,
            }
            continue
        out.append(
            {
                "cards": meld.cards,
                "valid": True,
                "kind": meld.kind,
                "reading": " ".join(str(card) for card in meld.as_given),
                "value": meld.value,
                "jokers": meld.jokers,
                "wild_deuces": meld.wild_deuces,
            }
        )
    valid = reason is None
    total = report.total
    opening = report.opening
    answer = {
        "valid": valid,
        "reason": reason,
        "melds": out,
        "total": total,
        "initial_meld": (
            None if opening is None else {"required": opening.required, "met": opening.met}
        ),
    }
    if verdict is not None:
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


def _code(meld: MeldVerdict) -> dict[str, Any] | None:
    reason = meld.reason
    return as_dict(reason) if isinstance(reason, Message) else None

"""The catalogue: every variant the engine knows, with its options and rules texts."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest
from ninja import Router, Schema

from scorekeeper.i18n import render_message
from scorekeeper.i18n import translate_text as _
from scorekeeper.rules import Option, Variant, all_variants, get_variant
from scorekeeper.rules.errors import UNKNOWN_VARIANT
from scorekeeper.rules.families import family_of
from scorekeeper.rules.reference import fill_numbers

from .errors import ApiError, ErrorOut, with_field

router = Router(tags=["catalogue"])


class OptionOut(Schema):
    slug: str
    name: str
    type: str
    default: Any = None
    scoring: bool
    summary: str
    minimum: int | None = None
    maximum: int | None = None


class RuleSection(Schema):
    heading: str
    text: str


class VariantOut(Schema):
    slug: str
    name: str
    aka: list[str]
    summary: str
    players: list[int]
    options: list[OptionOut]
    deal: dict[str, int]
    deal_note: str
    packs: dict[str, int]
    jokers: dict[str, int]
    ace: str
    card_values: str
    initial_meld: int | None
    deadwood: bool
    winner_deals: bool
    game_end: str
    lowest_wins: bool


class VariantDetailOut(VariantOut):
    rules: list[RuleSection]
    decisions: list[str]


def option_data(option: Option) -> dict[str, Any]:
    return {
        "slug": option.slug,
        "name": _(option.name),
        "type": option.type,
        "default": option.default,
        "scoring": option.scoring,
        "summary": _(option.summary),
        "minimum": option.low if option.type == "int" else None,
        "maximum": option.high if option.type == "int" else None,
    }


def variant_data(variant: Variant) -> dict[str, Any]:
    low, high = variant.players
    counts = range(low, high + 1)
    decks = {str(n): variant.deck(n) for n in counts}
    return {
        "slug": variant.slug,
        "name": _(variant.name),
        "aka": [_(name) for name in variant.aka],
        "summary": _(variant.summary),
        "players": [low, high],
        "options": [option_data(option) for option in variant.options],
        "deal": {str(n): cards for n, cards in sorted(variant.deal.items())},
        "deal_note": _(variant.deal_note),
        "packs": {n: deck.packs for n, deck in decks.items()},
        "jokers": {n: deck.jokers for n, deck in decks.items()},
        "ace": str(variant.meld_rules.ace),
        "card_values": render_message(variant.values.describe()),
        "initial_meld": family_of(variant).initial_meld(variant),
        "deadwood": variant.deadwood,
        "winner_deals": variant.winner_deals,
        "game_end": variant.end.kind,
        "lowest_wins": not variant.end.highest_wins,
    }


def variant_detail(variant: Variant) -> dict[str, Any]:
    return {
        **variant_data(variant),
        "rules": [
            {"heading": _(heading), "text": _text(text, variant)} for heading, text in variant.rules
        ],
        "decisions": [_text(decision, variant) for decision in variant.decisions],
    }


def _text(text: str, variant: Variant) -> str:
    """A rule text in the request's language, its house-rule numbers the variant's own."""
    filled = fill_numbers(text, variant)
    return _(filled) if isinstance(filled, str) else render_message(filled)


@router.get("/variants", response=list[VariantOut], summary="Every variant, in display order")
def list_variants(request: HttpRequest):
    return [variant_data(variant) for variant in all_variants()]


@router.get(
    "/variants/{slug}",
    response={200: VariantDetailOut, 404: ErrorOut},
    summary="One variant, with its rules texts and the app's decisions",
)
def variant_by_slug(request: HttpRequest, slug: str):
    try:
        variant = get_variant(slug)
    except ValueError:
        raise ApiError(
            with_field("slug", render_message(UNKNOWN_VARIANT(slug=slug))),
            code="unknown_variant",
            field="slug",
            status=404,
        ) from None
    return variant_detail(variant)

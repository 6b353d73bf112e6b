"""Template helpers of the rules pages and the checker: engine texts in the page's language,
cards drawn as small faces, and the house-rules line of a game."""

from __future__ import annotations

from typing import Any

from django import template
from django.urls import reverse
from django.utils.http import urlencode

from scorekeeper.i18n import render_message, translate_text
from scorekeeper.rules import Card
from scorekeeper.rules.reference import (
    ReadCard,
    check_query,
    end_in_force,
    options_in_force,
    reading_text,
)

register = template.Library()

SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
RANKS = {1: "A", 11: "J", 12: "Q", 13: "K"}


@register.filter
def say(text: Any) -> str:
    """An engine text (an ``N_`` template or a :class:`Message`) in the page's language."""
    if text is None:
        return ""
    if isinstance(text, str):
        return translate_text(text)
    return render_message(text)


@register.filter
def say_all(texts: Any) -> list[str]:
    """Each of a list of engine texts (a variant's other names) in the page's language."""
    return [say(text) for text in texts or ()]


def _face(card: Card, wild: bool = False, natural: Card | None = None) -> dict[str, Any]:
    if card.is_joker:
        return {"rank": "JK", "suit": "", "cls": "joker", "text": "JK", "wild": True}
    rank = RANKS.get(card.rank, str(card.rank))
    return {
        "rank": rank,
        "suit": SUIT_SYMBOLS[card.suit],
        "cls": card.suit.lower(),
        "text": f"[{card}]" if wild else str(card),
        "wild": wild,
        "natural": str(natural) if natural is not None else "",
    }


@register.filter
def faces(cards: Any) -> list[dict[str, Any]]:
    """Cards (notation text, :class:`Card` or :class:`ReadCard` values) as faces to draw.

    Text that is not a card is left out: only engine-checked cards reach this filter.
    """
    if cards is None:
        return []
    if isinstance(cards, str):
        tokens = cards.replace(",", " ").split()
        out = []
        for token in tokens:
            base = token.split("=", 1)[0]
            try:
                out.append(_face(Card.parse(base)))
            except ValueError:
                continue
        return out
    if isinstance(cards, Card | ReadCard):
        cards = [cards]
    out = []
    for item in cards:
        if isinstance(item, ReadCard):
            out.append(_face(item.card, item.wild, item.natural))
        elif isinstance(item, Card):
            out.append(_face(item))
        else:
            out.extend(faces(str(item)))
    return out


@register.simple_tag
def check_url(check, variant, options=None, game=None) -> str:
    """The link to ``/check`` prefilled with a dispute's example (and a game's house rules)."""
    query = check_query(check, variant, options)
    if game is not None:
        query["game"] = game.public_id
    return f"{reverse('check')}?{urlencode(query)}"


@register.inclusion_tag("includes/house_rules_line.html")
def house_rules_line(table, game) -> dict[str, Any]:
    """One line naming the house rules in force at a game, linking to its rules page."""
    active = [o for o in options_in_force(table) if o.on]
    return {"active": active, "game": game, "variant": table.variant}


@register.filter
def get_item(mapping: Any, key: str) -> Any:
    """``mapping[key]``, or nothing: the worked examples of one section."""
    try:
        return mapping.get(key, ())
    except AttributeError:
        return ()


@register.filter
def end_text(table) -> str:
    """How the game at ``table`` ends, in the page's language."""
    return say(end_in_force(table))


@register.filter
def reading(cards) -> str:
    """A meld as read, wild cards in brackets: ``7H 8H [9H]``."""
    return reading_text(cards)

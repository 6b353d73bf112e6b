"""The narrow exceptions of the engine. Each carries a :class:`Message` (code and params).

An error never holds pre-formatted text: its :attr:`~RulesError.message` is rendered at the edge
(in the reader's language), and the input it is about is a separate dotted path,
:attr:`~RulesError.field`, which the message never repeats.

>>> err = InvalidCardError("1H", 2)
>>> err.message
Message(code='card.not_a_card_at', params={'token': '1H', 'position': 2})
>>> str(err)
"'1H' is not a card (card 2)"
"""

from __future__ import annotations

from .messages import N_, NP_, Message, define

# Transitional: an error raised with plain English text. Every raise of the engine uses a
# defined message code; nothing new may use this (tests/rules/test_messages.py checks).
_TEXT = define("text", N_("{text}"))

NOT_A_CARD = define("card.not_a_card", N_("'{token}' is not a card"))
NOT_A_CARD_AT = define("card.not_a_card_at", N_("'{token}' is not a card (card {position})"))
NOT_IN_DECK = define("deck.not_in_deck", N_("'{card}' is not in this deck"))
NOT_IN_DECK_WHERE = define("deck.not_in_deck_where", N_("'{card}' is not in this deck {where}"))
TOO_MANY_COPIES = define(
    "deck.too_many_copies",
    NP_(
        "'{card}' appears {count} times but the deck holds it once",
        "'{card}' appears {count} times but the deck holds it {allowed} times",
    ),
    count="allowed",
)
TOO_MANY_COPIES_WHERE = define(
    "deck.too_many_copies_where",
    NP_(
        "'{card}' appears {count} times but the deck holds it once {where}",
        "'{card}' appears {count} times but the deck holds it {allowed} times {where}",
    ),
    count="allowed",
)
ILLEGAL_MELD = define("meld.illegal", N_("'{cards}' is not a valid meld: {reason}"))
UNKNOWN_VARIANT = define("variant.unknown", N_("'{slug}' is not a known variant"))
GAME_OVER = define("game.over", N_("the game is over after hand {after}, so no hand can follow it"))


class RulesError(ValueError):
    """Base of every error the engine raises for bad input.

    ``message`` is what went wrong, as a :class:`Message` rendered at the edge; ``str(err)`` is
    its English text. ``field`` names the input it is about in the API's dotted form
    (``result.hands.Bob.cards``) once a caller knows it; see :meth:`at`. The message never
    repeats the field.
    """

    code = "bad_input"
    field: str | None = None

    def __init__(self, message: Message | str, field: str | None = None):
        # A plain str is transitional (wrapped in the "text" code); engine code never passes one.
        self.message = message if isinstance(message, Message) else _TEXT(text=str(message))
        super().__init__(str(self.message))
        if field is not None:
            self.field = field

    def at(self, field: str) -> RulesError:
        """Name the field this error is about (the innermost caller that knows it wins)."""
        if self.field is None:
            self.field = field
        return self


class InvalidCardError(RulesError):
    """A token that is not a card in the notation."""

    code = "bad_card"

    def __init__(self, token: str, position: int | None = None):
        self.token = token
        self.position = position
        if position is None:
            super().__init__(NOT_A_CARD(token=token))
        else:
            super().__init__(NOT_A_CARD_AT(token=token, position=position))


class TooManyCopiesError(RulesError):
    """More copies of a card than the variant's deck holds; ``where`` says among what."""

    code = "too_many_copies"

    def __init__(self, card: str, count: int, allowed: int, where: Message | None = None):
        self.card = card
        self.count = count
        self.allowed = allowed
        self.where = where
        if allowed == 0:
            message = NOT_IN_DECK_WHERE(card=card, where=where) if where else NOT_IN_DECK(card=card)
        elif where:
            message = TOO_MANY_COPIES_WHERE(card=card, count=count, allowed=allowed, where=where)
        else:
            message = TOO_MANY_COPIES(card=card, count=count, allowed=allowed)
        super().__init__(message)


class IllegalMeldError(RulesError):
    """A declared meld that breaks a rule; ``reason`` (a :class:`Message`) cites the rule."""

    code = "illegal_meld"

    def __init__(self, cards: str, reason: Message):
        self.cards = cards
        self.reason = reason
        super().__init__(ILLEGAL_MELD(cards=cards, reason=reason))


class UnknownVariantError(RulesError):
    code = "unknown_variant"

    def __init__(self, slug: str):
        self.slug = slug
        super().__init__(UNKNOWN_VARIANT(slug=slug))


class InvalidOptionError(RulesError):
    """A house-rule value (or a player count) the variant does not accept.

    ``slug`` is the option (``"players"`` for the number of players); the field follows from
    it: ``options.<slug>``, or ``players``.
    """

    code = "bad_option"

    def __init__(self, slug: str, message: Message):
        self.slug = slug
        super().__init__(message, "players" if slug == "players" else f"options.{slug}")


class ResultError(RulesError):
    """A hand result that does not fit the variant: a missing entry, an unknown player..."""

    code = "bad_result"

    def __init__(self, message: Message, field: str | None = None):
        super().__init__(message, field)


class GameOverError(RulesError):
    """A hand that would come after the end of the game."""

    code = "game_over"

    def __init__(self, after: int):
        self.after = after
        super().__init__(GAME_OVER(after=after))

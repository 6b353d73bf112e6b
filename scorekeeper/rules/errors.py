"""The narrow exceptions of the engine. Each carries a :class:`Message` (code and params)."""

from __future__ import annotations

from .messages import N_, Message, define

# Transitional: an error raised with plain English text. Every raise is being moved to a
# defined message code; nothing new may use this.
_TEXT = define("text", N_("{text}"))


class RulesError(ValueError):
    """Base of every error the engine raises for bad input.

    ``message`` is what went wrong, as a :class:`Message` rendered at the edge.
    ``field`` names the input it is about in the API's dotted form
    (``result.hands.Bob.cards``) once a caller knows it; see :meth:`at`.
    """

    code = "bad_input"
    field: str | None = None

    def __init__(self, message: Message | str, *args: object):
        self.message = message if isinstance(message, Message) else _TEXT(text=str(message))
        super().__init__(str(self.message), *args)

    def at(self, field: str) -> RulesError:
        """Name the field this error is about (the innermost caller that knows it wins)."""
        if self.field is None:
            self.field = field
        return self

    @property
    def detail(self) -> str:
        """The message prefixed with its field, as the API and the pages show it."""
        return f"{self.field}: {self}" if self.field else str(self)


class InvalidCardError(RulesError):
    """A token that is not a card in the notation."""

    code = "bad_card"

    def __init__(self, token: str, position: int | None = None):
        self.token = token
        self.position = position
        where = f" (card {position})" if position is not None else ""
        super().__init__(f"'{token}' is not a card{where}")


class TooManyCopiesError(RulesError):
    """More copies of a card than the variant's deck holds."""

    code = "too_many_copies"

    def __init__(self, card: str, count: int, allowed: int, where: str = ""):
        self.card = card
        self.count = count
        self.allowed = allowed
        if allowed == 0:
            detail = f"'{card}' is not in this deck"
        else:
            times = "once" if allowed == 1 else f"{allowed} times"
            detail = f"'{card}' appears {count} times but the deck holds it {times}"
        super().__init__(detail + (f" {where}" if where else ""))


class IllegalMeldError(RulesError):
    """A declared meld that breaks a rule; ``reason`` cites the rule."""

    code = "illegal_meld"

    def __init__(self, cards: str, reason: str):
        self.cards = cards
        self.reason = reason
        super().__init__(f"'{cards}' is not a valid meld: {reason}")


class UnknownVariantError(RulesError):
    code = "unknown_variant"

    def __init__(self, slug: str):
        self.slug = slug
        super().__init__(f"'{slug}' is not a known variant")


class InvalidOptionError(RulesError):
    code = "bad_option"

    def __init__(self, slug: str, message: str):
        self.slug = slug
        super().__init__(message)


class ResultError(RulesError):
    """A hand result that does not fit the variant: a missing entry, an unknown player..."""

    code = "bad_result"

    def __init__(self, message: str, field: str | None = None):
        super().__init__(message)
        self.field = field


class GameOverError(RulesError):
    """A hand that would come after the end of the game."""

    code = "game_over"

    def __init__(self, after: int):
        self.after = after
        super().__init__(f"the game is over after hand {after}, so no hand can follow it")

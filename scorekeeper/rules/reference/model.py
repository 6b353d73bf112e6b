"""The shapes of the reference content: paragraphs with their origin, disputes, examples.

Everything here is plain data, written in the variant guides (``reference/guides/``) and read
by the rules pages, the checker and the search. Texts are English templates marked with
``N_`` so they can be translated at the edge.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from enum import StrEnum
from typing import Any

from ..messages import N_, define

PLAYS_AS = define(
    "rules.derived",
    N_("{variant} plays as {parent} except where this page says otherwise."),
    translate=("variant", "parent"),
)


class Origin(StrEnum):
    """Where a rule comes from, shown beside it on the rules page."""

    SOURCE = "source"  # the Cats at Cards "Rummy variations" page
    COMMON = "common"  # the game as commonly published (the source does not spell it out)
    DECISION = "decision"  # the app settled a point the source leaves open or gets wrong
    TABLE = "table"  # a fact of one table's house rules (on a game's rules page)


# The section skeleton every rules page follows, in order: (anchor, heading).
SECTIONS: tuple[str, ...] = (
    "glance",
    "deal",
    "play",
    "melds",
    "going-out",
    "scoring",
    "end",
    "house-rules",
    "assumptions",
    "glossary",
)


@dataclass(frozen=True)
class Para:
    """One paragraph of a rules page, with its origin."""

    text: str | Any  # an N_-marked template, or a Message for facts of one table
    origin: Origin = Origin.SOURCE


@dataclass(frozen=True)
class GoingOut:
    """What a whole going-out hand must look like.

    ``patterns``: the allowed meld sizes, largest first (Continental 5-4-3-3...); None when
    any valid melds will do. ``ways``: (cards melded, discard) pairs that go out; a ``None``
    count means "all the cards", and a ``None`` discard means "with or without".
    ``ways_text`` says it in words. ``knock``: nobody goes out, the hand ends with a knock.
    """

    ways_text: str = ""
    patterns: tuple[tuple[int, ...], ...] | None = None
    ways: tuple[tuple[int | None, bool | None], ...] = ((None, None),)
    knock: bool = False


@dataclass(frozen=True)
class Check:
    """A prefilled checker query: what the link to ``/check`` carries."""

    kind: str  # "meld", "opening", "going-out", "deadwood" or "deal"
    cards: str = ""
    discard: str = ""
    players: int | None = None
    options: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Dispute:
    """A question tables argue about, answered in two lines, with the rule and a check."""

    question: str
    answer: str
    section: str  # the anchor of the rule that settles it
    check: Check | None = None
    # A question a house rule decides: at a table with the switch ``switch`` on, the answer is
    # ``answer_on`` (``answer`` is the answer with it off, the book's).
    switch: str | None = None
    answer_on: str = ""

    def answer_at(self, table: Any) -> str:
        """The answer at ``table`` (a :class:`~scorekeeper.rules.variants.Table`)."""
        return self.answer_on if self.switch and table.on(self.switch) else self.answer


@dataclass(frozen=True)
class Example:
    """A worked example: a hand as it would be entered; the engine scores it on the page."""

    title: str
    players: tuple[str, ...]
    result: Mapping[str, Any]
    options: Mapping[str, Any] = field(default_factory=dict)
    dealer: str | None = None
    section: str = "scoring"
    check: Check | None = None  # a checker example (first melds) instead of a scored hand


@dataclass(frozen=True)
class Term:
    """A glossary entry."""

    key: str
    word: str
    text: str
    aka: tuple[str, ...] = ()


@dataclass(frozen=True)
class Guide:
    """A variant's reference content beyond its rule texts."""

    slug: str
    sections: Mapping[str, tuple[Para, ...]]  # extra paragraphs by anchor, after the rule texts
    terms: tuple[str, ...]  # glossary keys that matter in this variant
    disputes: tuple[Dispute, ...]
    examples: tuple[Example, ...]
    going_out: GoingOut
    # Option-free texts that stand in for a rule text a house rule contradicts, by anchor.
    core: Mapping[str, tuple[Para, ...]] = field(default_factory=dict)
    extra_cards: int = 0  # players dealt one card more (Phỏm's first player, Nowrang's)
    # Where the variant's rule texts come from: the source page (SOURCE), or, for a game the
    # source only names (Gin Rummy, Rummy 500), the game as commonly published (COMMON).
    origin: Origin = Origin.SOURCE

    def derive(
        self,
        *,
        slug: str,
        variant: str,
        parent: str,
        examples: tuple[Example, ...],
        disputes: tuple[int, ...] | None = None,
        more_disputes: tuple[Dispute, ...] = (),
        terms: tuple[str, ...] = (),
        sections: Mapping[str, tuple[Para, ...]] | None = None,
        without_terms: tuple[str, ...] = (),
        going_out: GoingOut | None = None,
    ) -> Guide:
        """The guide of a variant derived from this guide's (``variant`` and ``parent`` are
        the two names): it shares this guide's paragraphs (each section in ``sections``
        replaced by the derived one's), terms (plus ``terms``, less ``without_terms``) and the
        disputes numbered in ``disputes`` (1 first; None: all) and its own ``more_disputes``,
        says once which game it plays as, and has its own worked examples. Its rule texts
        state only what differs (see :meth:`~scorekeeper.rules.variants.Variant.derive`)."""
        note = Para(PLAYS_AS(variant=variant, parent=parent))
        kept = self.disputes if disputes is None else tuple(self.disputes[n - 1] for n in disputes)
        own = {**self.sections, **(sections or {})}
        shared = tuple(t for t in self.terms if t not in without_terms)
        return replace(
            self,
            slug=slug,
            sections={**own, "play": (note, *own.get("play", ()))},
            terms=(*shared, *(t for t in terms if t not in shared)),
            disputes=(*kept, *more_disputes),
            examples=examples,
            going_out=going_out or self.going_out,
        )

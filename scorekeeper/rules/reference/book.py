"""A variant's rules as pages show them: the section skeleton, the rules in force at a table,
worked examples computed by the engine, the glossary, the search and the comparison.

>>> from scorekeeper.rules import get_variant
>>> [s.anchor for s in sections(get_variant("knock-rummy"))]
['deal', 'play', 'melds', 'going-out', 'scoring', 'end']
>>> worked = work(guide_for("knock-rummy").examples[2], get_variant("knock-rummy"))
>>> worked.result.deltas
{'Ann': -10, 'Bob': 31, 'Cy': 0}
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from ..errors import RulesError
from ..families import score_hand
from ..families.base import STARTING_OPTIONS
from ..melds import Ace, split_melds
from ..messages import N_, Message, define, render
from ..scoring import HandResult
from ..variants import Table, Variant, all_variants
from ..variants.parameters import house_numbers
from .check import MeldsReport, check_melds, opening_minimum
from .glossary import BY_KEY
from .guides import guide_for
from .model import SECTIONS, Check, Dispute, Example, Origin, Para
from .numbers import fill_numbers, numbers_in

SECTION_TITLES: dict[str, str] = {
    "glance": N_("At a glance"),
    "deal": N_("Deck and deal"),
    "play": N_("Play"),
    "melds": N_("Melds"),
    "going-out": N_("Going out"),
    "scoring": N_("Scoring"),
    "end": N_("End of game"),
    "house-rules": N_("House rules"),
    "assumptions": N_("What this app assumes"),
    "glossary": N_("Glossary"),
    "disputes": N_("In case of dispute"),
}

# Where each rule text of a variant module belongs in the skeleton, by its heading.
HEADING_SECTION: dict[str, str] = {
    "Players and deal": "deal",
    "Players and cards": "deal",
    "Melds": "melds",
    "Melds and jokers": "melds",
    "Sequences": "melds",
    "First meld": "melds",
    "Drawing": "play",
    "Play": "play",
    "Knocking": "play",
    "The discard spread": "play",
    "When the stock runs out": "play",
    "End of a hand": "going-out",
    "Going out": "going-out",
    "Going ù": "going-out",
    "Winning": "going-out",
    "Scoring": "scoring",
    "Scoring without ù": "scoring",
    "End of a hand and scoring": "scoring",
    "End of the game": "end",
    "Matches": "end",
    "Options": "house-rules",
    "Options and the session": "house-rules",
}

# Rule texts that state a fact a house rule changes (an ace's place or value, card values, the
# target, starting points): on a game's page they give way to the facts in force.
SENSITIVE: dict[str, frozenset[str]] = {
    "Melds": frozenset({"around-the-corner"}),
    "Scoring": frozenset({"around-the-corner", "count-scoring", "target", "starting-points"}),
    "End of the game": frozenset({"target", "count-scoring"}),
}

# The variants whose base game is "standard Rummy as described above", which the source
# never spells out: their shared base texts are the game as commonly published.
_COMMON_HEADINGS = frozenset(
    {"Players and deal", "Melds", "Scoring", "End of the game", "End of a hand"}
)

ACE_IN_FORCE = {
    Ace.LOW: define(
        "rules.in_force.ace.low",
        N_("At this table the ace is low only: A-2-3 is a run, Q-K-A is not."),
    ),
    Ace.HIGH: define(
        "rules.in_force.ace.high",
        N_("At this table the ace is high only: Q-K-A is a run, A-2-3 is not."),
    ),
    Ace.HIGH_OR_LOW: define(
        "rules.in_force.ace.high_or_low",
        N_("At this table the ace is high or low: A-2-3 and Q-K-A are runs, K-A-2 is not."),
    ),
    Ace.WRAP: define(
        "rules.in_force.ace.wrap",
        N_("At this table runs go around the corner: A-2-3, Q-K-A and K-A-2-3 are all runs."),
    ),
}
VALUES_PER_CARD = define(
    "rules.in_force.values.per_card",
    N_("At this table every card left in a hand counts {card}, a joker {joker}."),
)
VALUES = define(
    "rules.in_force.values",
    N_(
        "At this table a card left in a hand counts: ace {ace}, 2 to 10 their number, "
        "jack {jack}, queen {queen}, king {king}."
    ),
)
VALUES_JOKER = define(
    "rules.in_force.values.joker",
    N_(
        "At this table a card left in a hand counts: ace {ace}, 2 to 10 their number, "
        "jack {jack}, queen {queen}, king {king}, joker {joker}."
    ),
)
END_TARGET = define(
    "rules.in_force.end.target",
    N_(
        "At this table the game ends after a hand that takes someone to {target} or more; the "
        "highest total wins, and a tie at the top plays another hand."
    ),
)
END_EVERY_HAND = define(
    "rules.in_force.end.every_hand",
    N_(
        "At this table every hand is a game of its own: the first player out wins it and deals "
        "the next."
    ),
)
END_HANDS_HIGH = define(
    "rules.in_force.end.hands_high",
    N_("At this table the game lasts {hands} hands; then the highest total wins, ties sharing."),
)
END_HANDS_LOW = define(
    "rules.in_force.end.hands_low",
    N_("At this table the game lasts {hands} hands; then the lowest total wins, ties sharing."),
)
END_MATCH = define(
    "rules.in_force.end.match",
    N_("At this table a match is {games} games; whoever has won more leads."),
)
START_TOTAL = define("rules.in_force.start", N_("At this table every player starts on {total}."))
# A house rule's place in the search states the book's value, so that it answers on its own
# (issue 32: "Phỏm's no-lay-off option is shown as if it were the rule").
OPTION_BOOK_NUMBER = define("rules.option.book_number", N_("The book's value: {value}."))
OPTION_BOOK_OFF = define(
    "rules.option.book_off", N_("The book plays without it; a table may switch it on.")
)
OPTION_BOOK_ON = define(
    "rules.option.book_on", N_("The book plays with it; a table may switch it off.")
)
OPTION_TABLE_NUMBER = define(
    "rules.option.table_number", N_("At this table: {value} (the book's value: {book}).")
)
OPTION_TABLE_ON = define(
    "rules.option.table_on", N_("This table plays with it (the book plays without it).")
)
OPTION_TABLE_OFF = define(
    "rules.option.table_off", N_("This table plays without it (the book plays with it).")
)


@dataclass(frozen=True)
class Section:
    anchor: str
    title: str
    paras: tuple[Para, ...]


@dataclass(frozen=True)
class OptionInForce:
    """A house rule at one table: on or off (or its number), with its text when on."""

    slug: str
    name: str
    summary: str
    type: str
    value: Any
    on: bool  # a switch that is on, or a number that differs from the variant's default
    scoring: bool


def _rules_paras(variant: Variant) -> dict[str, list[tuple[str, Para]]]:
    out: dict[str, list[tuple[str, Para]]] = {}
    beyond = guide_for(variant).origin is Origin.COMMON  # a game the source only names
    common = any("commonly published" in d for d in variant.decisions)
    for heading, text in variant.rules:
        anchor = HEADING_SECTION.get(heading, "play")
        in_common = beyond or (common and heading in _COMMON_HEADINGS)
        origin = Origin.COMMON if in_common else Origin.SOURCE
        out.setdefault(anchor, []).append((heading, Para(text, origin)))
    return out


def _guide_paras(paras, guide) -> list[Para]:
    """A guide's own paragraphs: for a game beyond the source page, none is from the source."""
    if guide.origin is not Origin.COMMON:
        return list(paras)
    return [Para(p.text, Origin.COMMON) if p.origin is Origin.SOURCE else p for p in paras]


def changed_options(table: Table) -> frozenset[str]:
    """The options whose value at ``table`` differs from the variant's defaults."""
    default = table.variant.table({}, table.players).options
    return frozenset(slug for slug, value in table.options.items() if default.get(slug) != value)


def sections(
    variant: Variant, table: Table | None = None, *, numbers: Table | None = None
) -> tuple[Section, ...]:
    """The prose sections from "Deck and deal" to "End of game", in skeleton order.

    With ``table``, the rules as played there: texts a house rule contradicts give way to
    the guide's option-free core text and to the facts in force at that table. With
    ``numbers`` only, the book's texts (the same paragraphs) stating that table's numbers
    (the rule search's answers asked from a game).
    """
    guide = guide_for(variant)
    prose = _rules_paras(variant)
    changed = changed_options(table) if table is not None else frozenset()
    out = []
    for anchor in SECTIONS[1:7]:
        paras: list[Para] = []
        dropped = False
        for heading, para in prose.get(anchor, []):
            if _contradicted(para.text, SENSITIVE.get(heading, frozenset()) & changed, variant):
                dropped = True
                continue
            paras.append(para)
        if dropped:
            paras = [*_guide_paras(guide.core.get(anchor, ()), guide), *paras]
        paras.extend(_guide_paras(guide.sections.get(anchor, ()), guide))
        paras = [_filled(para, table or numbers or variant) for para in paras]
        if table is not None:
            paras = [*_in_force(anchor, table), *paras]
        if paras:
            out.append(Section(anchor, SECTION_TITLES[anchor], tuple(paras)))
    return tuple(out)


def _contradicted(text: Any, changed: frozenset[str], variant: Variant) -> bool:
    """Does a house rule the table changed contradict ``text``? A switch (around the corner,
    count scoring) does whatever the text says; a number only where the text states the
    book's value itself, not where it names the number to be filled in ("reach {target}") or
    never speaks of it."""
    if not changed:
        return False
    if not isinstance(text, str):
        return True
    filled = set(numbers_in(text))
    for slug in changed - filled:
        option = variant.option(slug)
        if option is None or option.type != "int":
            return True
        if re.search(rf"(?<![\d.]){option.default}(?![\d.])", text):
            return True
    return False


def _filled(para: Para, rules: Variant | Table) -> Para:
    """``para`` with the numbers of ``rules`` (see :mod:`.numbers`)."""
    text = fill_numbers(para.text, rules)
    return para if text is para.text else Para(text, para.origin)


def disputes(variant: Variant, table: Table | None = None) -> tuple[Dispute, ...]:
    """The guide's disputes with the numbers of ``table`` (the book's without one)."""
    rules = table or variant
    return tuple(
        replace(
            d,
            question=fill_numbers(d.question, rules),
            answer=fill_numbers(d.answer, rules),
        )
        for d in guide_for(variant).disputes
    )


def _in_force(anchor: str, table: Table) -> list[Para]:
    """The facts of ``table`` that belong at the top of a section, as marked paragraphs."""
    if anchor == "melds":
        return [Para(ACE_IN_FORCE[table.meld_rules.ace](), Origin.TABLE)]
    if anchor == "scoring":
        out = [Para(values_in_force(table), Origin.TABLE)]
        for slug in STARTING_OPTIONS:
            if slug in table.options:
                out.append(Para(START_TOTAL(total=table.options[slug]), Origin.TABLE))
        return out
    if anchor == "end":
        return [Para(end_in_force(table), Origin.TABLE)]
    return []


def values_in_force(table: Table) -> Message:
    v = table.values
    if v.per_card is not None:
        return VALUES_PER_CARD(card=v.per_card, joker=2 * v.per_card)
    kind = VALUES_JOKER if v.joker else VALUES
    return kind(ace=v.ace, jack=v.jack, queen=v.queen, king=v.king, joker=v.joker)


def end_in_force(table: Table) -> Message:
    end = table.variant.end
    if end.kind == "target":
        target = table.options["target"]
        return END_TARGET(target=target) if target else END_EVERY_HAND()
    if end.kind == "hands":
        kind = END_HANDS_HIGH if end.highest_wins else END_HANDS_LOW
        return kind(hands=table.options["hands"])
    return END_MATCH(games=table.options["match-games"])


def options_in_force(table: Table) -> tuple[OptionInForce, ...]:
    """Every house rule of the variant at ``table``: on/off or its number, and its text."""
    changed = changed_options(table)
    return tuple(
        OptionInForce(
            slug=o.slug,
            name=o.name,
            summary=o.summary,
            type=o.type,
            value=table.options.get(o.slug),
            on=bool(table.options.get(o.slug)) if o.type == "bool" else o.slug in changed,
            scoring=o.scoring,
        )
        for o in table.variant.options
    )


def house_texts(variant: Variant, table: Table | None = None) -> tuple[Para, ...]:
    """The variant's own texts about its house rules, shown above the list of switches."""
    return tuple(
        _filled(para, table or variant)
        for _heading, para in _rules_paras(variant).get("house-rules", [])
    )


def assumptions(variant: Variant, table: Table | None = None) -> tuple[Para, ...]:
    """The app's decisions, with the numbers of ``table`` (the book's without one)."""
    return tuple(
        Para(fill_numbers(text, table or variant), Origin.DECISION) for text in variant.decisions
    )


def glossary(variant: Variant | None = None):
    """The glossary terms of ``variant`` (all terms without one), alphabetical by word."""
    if variant is None:
        keys = list(BY_KEY)
    else:
        keys = list(guide_for(variant).terms)
    return sorted((BY_KEY[k] for k in keys), key=lambda t: t.word.casefold())


# ------------------------------------------------------------------------------------------
# Worked examples: the engine scores each example entry when the page is drawn
# ------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Worked:
    example: Example
    table: Table
    result: HandResult | None = None
    report: MeldsReport | None = None
    error: RulesError | None = None
    entries: tuple[tuple[str, Mapping[str, Any]], ...] = field(default=())

    @property
    def section(self) -> str:
        return self.example.section

    @property
    def house_rules(self) -> list[str]:
        """The names of the switches this example turns on."""
        return [
            o.name for o in self.table.variant.options if o.type == "bool" and self.table.on(o.slug)
        ]


def work(example: Example, variant: Variant) -> Worked:
    """Compute one worked example with the engine (never a stored result)."""
    check = example.check
    options = dict(check.options if check is not None else example.options)
    table = variant.table(options, players=len(example.players))
    if check is not None:
        report = check_melds(split_melds(check.cards), table)
        return Worked(example, table, report=report)
    try:
        result = score_hand(
            variant=variant,
            options=options,
            players=list(example.players),
            dealer=example.dealer,
            result=dict(example.result),
        )
    except RulesError as err:  # a bad example is a bug a test catches; the page still draws
        return Worked(example, table, error=err)
    hands = example.result.get("hands") or {}
    return Worked(example, table, result=result, entries=tuple(hands.items()))


def worked_examples(variant: Variant) -> tuple[Worked, ...]:
    return tuple(work(e, variant) for e in guide_for(variant).examples)


# ------------------------------------------------------------------------------------------
# Search and comparison
# ------------------------------------------------------------------------------------------


def fold(text: str) -> str:
    """Lower case without accents, so "mom" finds "móm" and "u" finds "ù".

    >>> fold("Móm, Ù and Rommé")
    'mom, u and romme'
    """
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    stripped = "".join(c for c in decomposed if not unicodedata.combining(c))
    return stripped.replace("đ", "d")


@dataclass(frozen=True)
class Hit:
    kind: str  # "rule", "term" or "question"
    variant: Variant | None
    anchor: str
    title: str
    text: str


Translate = Callable[[Any], str]


def search(query: str, translate: Translate = render, *, limit: int = 60) -> list[Hit]:
    """Every rule paragraph, glossary entry and dispute whose text holds all the words of
    ``query``, accent- and case-insensitively. ``translate`` renders each text (the page's
    language), so a search finds what the page shows.

    >>> [h.title for h in search("mom") if h.kind == "term"]
    ['Móm']
    """
    words = fold(query).split()
    if not words:
        return []
    hits = []
    for hit in _index(translate):
        haystack = fold(f"{hit.title} {hit.text}")
        if all(w in haystack for w in words):
            hits.append(hit)
            if len(hits) >= limit:
                break
    return hits


def _index(translate: Translate):
    for term in glossary():
        yield Hit("term", None, f"term-{term.key}", translate(term.word), translate(term.text))
    for variant in all_variants():
        yield from variant_hits(variant, translate)


def variant_hits(variant: Variant, translate: Translate, table: Table | None = None):
    """The places of ``variant``'s page the search reads, in order; with ``table``, the same
    places stating its numbers (the book's beside a changed one) and its house rules."""
    names = " · ".join(translate(name) for name in (variant.name, *variant.aka))
    yield Hit("rule", variant, "glance", names, translate(variant.summary))
    for n, dispute in enumerate(disputes(variant, table), start=1):
        yield Hit(
            "question",
            variant,
            f"dispute-{n}",
            translate(dispute.question),
            translate(dispute.answer),
        )
    for section in sections(variant, numbers=table):
        for para in section.paras:
            yield Hit(
                "rule", variant, section.anchor, translate(section.title), translate(para.text)
            )
    for para in assumptions(variant, table):
        yield Hit(
            "rule",
            variant,
            "assumptions",
            translate(SECTION_TITLES["assumptions"]),
            translate(para.text),
        )
    book = variant.table({}, players=variant.players[0]).options
    for option in variant.options:
        yield Hit(
            "rule",
            variant,
            f"option-{option.slug}",
            translate(option.name),
            f"{translate(option.summary)} {translate(option_value(option, book, table))}",
        )


def option_value(option, book: Mapping[str, Any], table: Table | None = None):
    """What the book plays for a house rule, its number or whether it is on; with ``table``,
    what that table plays where it differs, the book's beside it."""
    usual = book.get(option.slug, option.default)
    value = table.options.get(option.slug, usual) if table is not None else usual
    if value != usual:
        if option.type == "bool":
            return OPTION_TABLE_ON() if value else OPTION_TABLE_OFF()
        return OPTION_TABLE_NUMBER(value=value, book=usual)
    if option.type == "bool":
        return OPTION_BOOK_ON() if value else OPTION_BOOK_OFF()
    return OPTION_BOOK_NUMBER(value=value)


@dataclass(frozen=True)
class Comparison:
    variant: Variant
    players: tuple[int, int]
    decks: tuple[tuple[int, int, Any], ...]  # (low, high, Deck) for player counts alike
    deals: tuple[tuple[int, int, int], ...]  # (low, high, cards each)
    ace: Ace
    sets: bool
    identical_in_sets: bool
    opening: int | None
    values: Any
    going_out: str
    knock: bool
    end: Any
    goal: Any


def comparison() -> list[Comparison]:
    """Every variant side by side: players, deck, deal, ace, melds, first meld, values,
    going out and the end of the game."""
    rows = []
    for variant in all_variants():
        guide = guide_for(variant)
        table = variant.table({}, players=variant.players[0])
        counts = list(variant.deal)
        rows.append(
            Comparison(
                variant=variant,
                players=variant.players,
                decks=_runs([(n, variant.deck(n)) for n in counts]),
                deals=_runs([(n, variant.deal_for(n)) for n in counts]),
                ace=variant.meld_rules.ace,
                sets=variant.meld_rules.sets,
                identical_in_sets=variant.meld_rules.identical_in_sets,
                opening=opening_minimum(variant),
                values=variant.values,
                going_out=guide.going_out.ways_text,
                knock=guide.going_out.knock and not guide.going_out.ways_text,
                end=variant.end,
                goal=table.options.get("target") if variant.end.kind == "target" else None,
            )
        )
    return rows


def _runs(pairs):
    out: list[list[Any]] = []
    for n, value in pairs:
        if out and out[-1][2] == value:
            out[-1][1] = n
        else:
            out.append([n, n, value])
    return tuple(tuple(r) for r in out)


def check_query(
    check: Check, variant: Variant, options: Mapping[str, Any] | None = None
) -> dict[str, Any]:
    """The query string of a prefilled ``/check`` link (the web layer urlencodes it)."""
    query: dict[str, Any] = {"kind": check.kind, "variant": variant.slug}
    if check.cards:
        query["cards"] = check.cards
    if check.discard:
        query["discard"] = check.discard
    if check.players:
        query["players"] = check.players
    chosen = {**(options or {}), **check.options}
    numbers = {o.slug for o in house_numbers(variant)}
    for slug, value in chosen.items():
        if value is True:
            query[f"opt-{slug}"] = "on"
        elif slug in numbers and not isinstance(value, bool):  # the opening minimum...
            query[f"opt-{slug}"] = value  # (other numbers, the target, never change a check)
    return query

"""How a finished game ranks its players: the places a league counts, in each variant's direction.

Every variant knows which way its totals point: most points first for the games played to a
target, fewest penalty points first for German Rummy, the largest chip balance first for Phỏm
and Continental, most games won first for Nowrang. Leagues ask this module, never the variant's
name, so a new variant ranks correctly the day it is registered.

>>> places = final_places(variant="german-rummy", players=["Ann", "Bob", "Cy"],
...                       totals={"Ann": 40, "Bob": 12, "Cy": 40})
>>> [(p.player, p.place, p.score) for p in places]
[('Bob', 1, 12), ('Ann', 2, 40), ('Cy', 2, 40)]
>>> [(p.player, p.place) for p in final_places(variant="knock-rummy", players=["Ann", "Bob"],
...                                              totals={"Ann": 104, "Bob": 37})]
[('Ann', 1), ('Bob', 2)]
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .families import family_of
from .game import starting_total
from .messages import N_
from .scoring import setup_table
from .variants import Variant, get_variant


@dataclass(frozen=True)
class Placing:
    """One player's place in a finished game (1 is best; tied players share the better place).

    ``score`` is the player's final total less the starting total, in the variant's own unit
    (see :func:`score_unit`): points, penalty points, a chip balance or games won.
    """

    player: str
    place: int
    score: int

    @property
    def won(self) -> bool:
        return self.place == 1


def highest_first(variant: str | Variant) -> bool:
    """Does a higher final total place a player better in this variant?

    >>> highest_first("standard-rummy"), highest_first("german-rummy")
    (True, False)
    """
    return get_variant(variant).end.highest_wins


def ranking(
    players: Sequence[str],
    totals: Mapping[str, int],
    *,
    highest_wins: bool,
    winners: Sequence[str] = (),
) -> list[tuple[int, str]]:
    """(place, player) best first: the game's ``winners`` (when its end named them) before
    everyone else, then by total in the variant's direction, seating order in ties; tied
    players share the better place (competition ranking: 1, 1, 3). The one ranking of a game,
    for the league's places and the game page's standings alike.

    >>> ranking(["Ann", "Bob", "Cy"], {"Ann": 40, "Bob": 12, "Cy": 40}, highest_wins=True)
    [(1, 'Ann'), (1, 'Cy'), (3, 'Bob')]
    >>> ranking(["Ann", "Bob"], {"Ann": 7, "Bob": 7}, highest_wins=False, winners=["Bob"])
    [(1, 'Bob'), (2, 'Ann')]
    """
    sign = -1 if highest_wins else 1
    won = set(winners)
    order = sorted(
        range(len(players)),
        key=lambda i: (players[i] not in won, sign * totals.get(players[i], 0), i),
    )
    out: list[tuple[int, str]] = []
    for index, i in enumerate(order):
        name = players[i]
        if out:
            last = out[-1][1]
            if totals.get(name, 0) == totals.get(last, 0) and (name in won) == (last in won):
                out.append((out[-1][0], name))
                continue
        out.append((index + 1, name))
    return out


def score_unit(variant: str | Variant) -> str:
    """What a league adds up for this variant: the English label, marked for translation.

    >>> score_unit("phom"), score_unit("german-rummy"), score_unit("nowrang")
    ('chips', 'penalty points', 'games won')
    """
    variant = get_variant(variant)
    if family_of(variant).zero_sum:  # totals are a balance of chips paid between players
        return N_("chips")
    if variant.end.kind == "match":
        return N_("games won")
    if not variant.end.highest_wins:
        return N_("penalty points")
    return N_("points")


def final_places(
    *,
    variant: str | Variant,
    options: Mapping[str, Any] | None = None,
    players: Sequence[str],
    totals: Mapping[str, int],
) -> tuple[Placing, ...]:
    """Every player's place from the game's final totals, best first, seating order in ties.

    Competition ranking: two players tied for first both get 1 and the next gets 3.
    Raises :class:`RulesError` for an unknown variant, bad options or bad players.
    """
    table, names, _dealer = setup_table(variant=variant, options=options, players=players)
    start = starting_total(table)
    placings = [
        Placing(name, place, totals[name] - start)
        for place, name in ranking(names, totals, highest_wins=highest_first(table.variant))
    ]
    return tuple(placings)

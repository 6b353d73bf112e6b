"""A player's record of what the table told, kept per league game (:class:`HandTally`,
:class:`ChipTally`): what each seat's hands add up to, as the engine's families count them, and
the chips that went between each two players of the game.

Derived from the game's stored hands like the places are, and written again whenever they
change (every stored write of a league game, a merge that moves a seat to another player, an
import), so a player's record adds up a row per game instead of replaying every hand. Nothing
here imports the app's models: :func:`write_tallies` takes the model classes, so the data
migration that fills the tables for existing leagues runs the very same code."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from scorekeeper.rules.families import FAMILIES, family_of

#: every count a family's tally may give (its :attr:`Family.tallies`, and ``left_hands``, what
#: ``left`` is averaged over): the player's record sums each of them in the database
TALLY_KEYS: tuple[str, ...] = tuple(
    dict.fromkeys(key for family in FAMILIES.values() for key in (*family.tallies, "left_hands"))
)


def game_tallies(
    *, variant: str, seats: Mapping[str, int | None], hands: Iterable[tuple[Any, Any]]
) -> tuple[list[tuple[int, dict[str, int], bool]], list[tuple[int, int, int, int]], bool]:
    """What a game's stored hands ((entry, result) each, live hands only) tell of each seated
    player: ``(player id, counts, tallied)`` per seat (``tallied``: some hand counted for
    them), ``(player id, opponent id, chips won from them, chips lost to them)`` for each two
    players between whom chips moved, and whether any chips moved at all in the game."""
    family = family_of(variant)
    seated = {name: pk for name, pk in seats.items() if pk is not None}
    counts: dict[str, dict[str, int]] = {name: {} for name in seated}
    tallied: set[str] = set()
    owed: dict[tuple[int, int], list[int]] = {}
    chip_game = False
    for entry, result in hands:
        entry, result = entry or {}, result or {}
        for payer, payee, amount in family.chip_flows(result):
            chip_game = True
            if payer in seated and payee in seated:
                owed.setdefault((seated[payee], seated[payer]), [0, 0])[0] += amount
                owed.setdefault((seated[payer], seated[payee]), [0, 0])[1] += amount
        for name, mine in family.tally(entry, result).items():
            line = counts.get(name)
            if line is None:
                continue
            tallied.add(name)
            for key, value in mine.items():
                line[key] = line.get(key, 0) + value
    rows = [(pk, counts[name], name in tallied) for name, pk in seated.items()]
    chips = [(player, opponent, won, lost) for (player, opponent), (won, lost) in owed.items()]
    return rows, chips, chip_game


def write_tallies(link, *, hand_model, tally_model, chip_model) -> None:
    """Rewrite the tallies of one league game (``link``) from its live stored hands."""
    hands = hand_model.objects.filter(game_id=link.game_id, deleted_at__isnull=True).values_list(
        "entry", "result"
    )
    rows, chips, chip_game = game_tallies(variant=link.variant, seats=link.seats, hands=hands)
    tally_model.objects.filter(league_game_id=link.pk).delete()
    if family_of(link.variant).chips:  # no other family's game ever has chip rows
        chip_model.objects.filter(league_game_id=link.pk).delete()
    tally_model.objects.bulk_create(
        tally_model(
            league_game_id=link.pk,
            player_id=pk,
            counts=line,
            tallied=counted,
            chip_game=chip_game,
        )
        for pk, line, counted in rows
    )
    if chips:
        chip_model.objects.bulk_create(
            chip_model(league_game_id=link.pk, player_id=p, opponent_id=o, won=won, lost=lost)
            for p, o, won, lost in chips
        )

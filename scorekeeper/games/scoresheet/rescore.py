"""What a correction or a deletion did to the other hands, in words the table can check.

The write path (:mod:`.services`) stores every hand write's account of what moved
(:class:`.consequences.Consequences`) with the hand's new revision; this module says it in
words for the pages (translated here, stored as data). The ``*_reporting`` functions are the
names these writes had here before there was one write path: thin aliases of the services.
"""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from ..models import Game, Hand
from .consequences import Consequences, HandChange, Standing, compare
from .selectors import game_players, game_replay, live_hands, recorded_dealers
from .services import hand_correction, hand_deletion, hand_restoration

__all__ = [
    "Consequences",
    "HandChange",
    "describe",
    "describe_numbers",
    "hand_correct_reporting",
    "hand_delete_preview",
    "hand_delete_reporting",
    "hand_restore_reporting",
]


def hand_correct_reporting(
    *,
    game: Game,
    number: int,
    entry: dict,
    if_match: str | None = None,
    dealer: str | None = None,
) -> tuple[Hand, Consequences]:
    """:func:`.services.hand_correction`, answering the hand and what else moved."""
    write = hand_correction(game=game, number=number, entry=entry, if_match=if_match, dealer=dealer)
    return write.hand, write.consequences


def hand_delete_reporting(
    *, game: Game, number: int, if_match: str | None = None
) -> tuple[Hand, Consequences]:
    """:func:`.services.hand_deletion`, answering the hand and what else moved."""
    write = hand_deletion(game=game, number=number, if_match=if_match)
    return write.hand, write.consequences


def hand_restore_reporting(*, game: Game, hand_id: int) -> tuple[Hand, Consequences]:
    """:func:`.services.hand_restoration`, answering the hand and what else moved."""
    write = hand_restoration(game=game, hand_id=hand_id)
    return write.hand, write.consequences


def hand_delete_preview(*, game: Game, number: int) -> Consequences:
    """What deleting hand ``number`` would change, without changing anything (for a confirm):
    the stored results against one replay without the hand."""
    hands = list(live_hands(game=game))
    if not 1 <= number <= len(hands):
        raise Hand.DoesNotExist(f"this game has no hand {number}")
    gone = hands[number - 1]
    rest = [h for h in hands if h.pk != gone.pk]
    played = game_replay(
        game=game,
        players=game_players(game=game),
        entries=[hand.entry for hand in rest],
        dealers=recorded_dealers(rest),
    )
    after = {
        hand.pk: (n, result.as_dict())
        for n, (hand, result) in enumerate(zip(rest, played.hands, strict=True), start=1)
    }
    state = played.state
    return compare(
        {hand.pk: (n, hand.result) for n, hand in enumerate(hands, start=1)},
        after,
        changed=gone.pk,
        standing_before=Standing(dict(game.totals), bool(game.over), list(game.winners)),
        standing_after=Standing(dict(state.totals), bool(state.over), list(state.winners)),
    )


# ------------------------------------------------------------------------------------------
# In words (the web edge: translated here, stored as data)
# ------------------------------------------------------------------------------------------


def _names(names: list[str]) -> str:
    return ", ".join(names) if names else _("nobody")


def _number(value: int, *, signed: bool = False) -> str:
    """A score as the explanations print it: a true minus sign, and + for a gain if ``signed``."""
    text = f"{abs(value)}"
    if value < 0:
        return f"\u2212{text}"
    return f"+{text}" if signed and value > 0 else text


def _before_after(moves: list[tuple[str, int, int]], *, signed: bool) -> str:
    return ", ".join(
        _("%(name)s %(before)s → %(after)s")
        % {
            "name": name,
            "before": _number(before, signed=signed),
            "after": _number(after, signed=signed),
        }
        for name, before, after in moves
    )


def describe_numbers(consequences: Consequences, number: int) -> list[str]:
    """What a change did in numbers: hand ``number``'s scores before → after (a correction), and
    every total that moved. "Hand 2: Alena +10 → +20, Bohdan 0 → −19." "Totals: ..." """
    lines = []
    if consequences.scores:
        lines.append(
            _("Hand %(n)s: %(changes)s.")
            % {"n": number, "changes": _before_after(consequences.scores, signed=True)}
        )
    if consequences.totals:
        lines.append(
            _("Totals: %(changes)s.")
            % {"changes": _before_after(consequences.totals, signed=False)}
        )
    return lines


def describe(consequences: Consequences) -> list[str]:
    """One sentence per change: "Hand 5: winner Bob → Ann." and so on."""
    lines = []
    for change in consequences.hands:
        n = change.number
        if change.winners:
            before, after = change.winners
            lines.append(
                _("Hand %(n)s: winner %(before)s → %(after)s.")
                % {"n": n, "before": _names(before), "after": _names(after)}
            )
        if change.dealer:
            lines.append(
                _("Hand %(n)s: dealer changed, %(before)s → %(after)s.")
                % {"n": n, "before": change.dealer[0], "after": change.dealer[1]}
            )
        for name, before, after in change.scores:
            lines.append(
                _("Hand %(n)s: %(name)s %(before)+d → %(after)+d.")
                % {"n": n, "name": name, "before": before, "after": after}
            )
    if consequences.game_winners:
        before, after = consequences.game_winners
        if not after:
            lines.append(_("The game is no longer over."))
        elif not before:
            lines.append(
                ngettext("The game is now over: %(names)s wins.", "The game is now over: %(names)s share the win.", len(after))
                % {"names": _names(after)}
            )
        else:
            lines.append(
                _("The game's winner: %(before)s → %(after)s.")
                % {"before": _names(before), "after": _names(after)}
            )
    return lines

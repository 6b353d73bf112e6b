"""What a correction or a deletion does to the hands after it, in words the table can check.

Every hand's result depends on the hands before it (who deals follows who won or who dealt,
a Phỏm tie is settled by the dealer's seat, a game can end sooner or later), so changing
hand 3 may quietly re-score hand 5. These services make that change and compare the replay
of the live hands before with the replay after, hand by hand (by identity, so a deletion's
renumbering is no change by itself); the differences are stored with the changed hand's new
version (its history) and returned for the page's message.

Nothing here scores: both replays are the engine's; this module only compares their results.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from .models import Game, Hand
from .selectors import game_players, game_replay, live_hands
from .services import hand_correct, hand_delete, hand_restore


@dataclass(frozen=True)
class HandChange:
    """How one other hand's result changed. ``number``: its number after the change."""

    number: int
    was: int
    winners: tuple[list[str], list[str]] | None = None
    dealer: tuple[str, str] | None = None
    scores: list[tuple[str, int, int]] = field(default_factory=list)  # (name, before, after)


@dataclass(frozen=True)
class Consequences:
    """Every other hand that changed, and the game's end if it moved."""

    hands: list[HandChange] = field(default_factory=list)
    game_winners: tuple[list[str], list[str]] | None = None

    def __bool__(self) -> bool:
        return bool(self.hands or self.game_winners)

    def as_data(self) -> dict[str, Any]:
        return {
            "hands": [asdict(change) for change in self.hands],
            "game_winners": list(self.game_winners) if self.game_winners else None,
        }

    @classmethod
    def from_data(cls, data: dict[str, Any] | None) -> Consequences:
        if not data:
            return cls()
        hands = [
            HandChange(
                number=item["number"],
                was=item["was"],
                winners=tuple(item["winners"]) if item.get("winners") else None,
                dealer=tuple(item["dealer"]) if item.get("dealer") else None,
                scores=[tuple(score) for score in item.get("scores") or []],
            )
            for item in data.get("hands") or []
        ]
        winners = data.get("game_winners")
        return cls(hands, tuple(winners) if winners else None)


# ------------------------------------------------------------------------------------------
# Comparing two replays
# ------------------------------------------------------------------------------------------


def _played(game: Game, hands: list[Hand]) -> tuple[dict[int, tuple[int, Any]], Any]:
    """{hand id: (number, engine result)} for these hands, and the replay's final state."""
    players = game_players(game=game)
    played = game_replay(game=game, players=players, entries=[hand.entry for hand in hands])
    by_id = {hand.pk: (n, result) for n, (hand, result) in enumerate(zip(hands, played.hands, strict=True), 1)}
    return by_id, played.state


def compare(
    before: dict[int, tuple[int, Any]],
    after: dict[int, tuple[int, Any]],
    *,
    changed: int | None,
    state_before=None,
    state_after=None,
) -> Consequences:
    """The differences between two replays of the same hands (``changed``: the hand id edited)."""
    changes = []
    for hand_id, (number, result) in sorted(after.items(), key=lambda item: item[1][0]):
        if hand_id == changed or hand_id not in before:
            continue
        was, old = before[hand_id]
        winners = None
        if list(old.winners) != list(result.winners):
            winners = (list(old.winners), list(result.winners))
        dealer = (old.dealer, result.dealer) if old.dealer != result.dealer else None
        scores = [
            (name, old.deltas.get(name, 0), result.deltas.get(name, 0))
            for name in result.deltas
            if old.deltas.get(name, 0) != result.deltas.get(name, 0)
        ]
        if winners or dealer or scores:
            changes.append(HandChange(number, was, winners, dealer, scores))
    game_winners = None
    if state_before is not None and state_after is not None:
        old_end = list(state_before.winners) if state_before.over else []
        new_end = list(state_after.winners) if state_after.over else []
        if old_end != new_end:
            game_winners = (old_end, new_end)
    return Consequences(changes, game_winners)


def _record(hand: Hand, consequences: Consequences) -> None:
    """Keep the consequences with the hand's newest version (its history shows them)."""
    revision = hand.revisions.order_by("-version").first()
    if revision is not None:
        revision.consequences = consequences.as_data()
        revision.save(update_fields=["consequences"])


# ------------------------------------------------------------------------------------------
# Services: the same writes as services.py, reporting what else changed
# ------------------------------------------------------------------------------------------


def hand_correct_reporting(
    *, game: Game, number: int, entry: dict, if_match: str | None = None
) -> tuple[Hand, Consequences]:
    """Correct hand ``number`` (see :func:`hand_correct`, ``if_match`` too) and say which other
    hands changed."""
    before_hands = list(live_hands(game=game))
    before, state_before = _played(game, before_hands)
    hand = hand_correct(game=game, number=number, entry=entry, if_match=if_match)
    after, state_after = _played(game, list(live_hands(game=game)))
    consequences = compare(
        before, after, changed=hand.pk, state_before=state_before, state_after=state_after
    )
    _record(hand, consequences)
    return hand, consequences


def hand_delete_preview(*, game: Game, number: int) -> Consequences:
    """What deleting hand ``number`` would change, without changing anything (for a confirm)."""
    hands = list(live_hands(game=game))
    if not 1 <= number <= len(hands):
        raise Hand.DoesNotExist(f"this game has no hand {number}")
    gone = hands[number - 1]
    before, state_before = _played(game, hands)
    after, state_after = _played(game, [h for h in hands if h.pk != gone.pk])
    return compare(
        before, after, changed=gone.pk, state_before=state_before, state_after=state_after
    )


def hand_delete_reporting(
    *, game: Game, number: int, if_match: str | None = None
) -> tuple[Hand, Consequences]:
    """Delete hand ``number`` (see :func:`hand_delete`, ``if_match`` too) and say which other
    hands changed."""
    before, state_before = _played(game, list(live_hands(game=game)))
    hand = hand_delete(game=game, number=number, if_match=if_match)
    after, state_after = _played(game, list(live_hands(game=game)))
    consequences = compare(
        before, after, changed=hand.pk, state_before=state_before, state_after=state_after
    )
    _record(hand, consequences)
    return hand, consequences


def hand_restore_reporting(*, game: Game, hand_id: int) -> tuple[Hand, Consequences]:
    before, state_before = _played(game, list(live_hands(game=game)))
    hand = hand_restore(game=game, hand_id=hand_id)
    after, state_after = _played(game, list(live_hands(game=game)))
    consequences = compare(
        before, after, changed=hand.pk, state_before=state_before, state_after=state_after
    )
    _record(hand, consequences)
    return hand, consequences


# ------------------------------------------------------------------------------------------
# In words (the web edge: translated here, stored as data)
# ------------------------------------------------------------------------------------------


def _names(names: list[str]) -> str:
    return ", ".join(names) if names else _("nobody")


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

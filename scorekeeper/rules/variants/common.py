"""Options and deal tables shared by several variants."""

from __future__ import annotations

from types import MappingProxyType

from ..messages import N_
from .base import Option


def target(default: int) -> Option:
    return Option(
        "target",
        N_("Game win criteria"),
        "int",
        default,
        True,
        N_("The game ends after a hand in which someone reaches this score; 0 makes every hand a game."),
        minimum=0,
        maximum=100_000,
    )


def starting_chips(default: int) -> Option:
    """Where totals are chips paid between players (Phỏm): each player's opening balance."""
    return Option(
        "starting-chips",
        N_("Starting chips"),
        "int",
        default,
        True,
        N_("Chips each player starts the session with."),
        minimum=0,
    )


def hands(summary: str) -> Option:
    return Option(
        "hands", N_("Number of hands"), "int", None, True, summary, minimum=1, maximum=1_000
    )


CALL_RUMMY = Option(
    "call-rummy",
    N_("Call Rummy"),
    "bool",
    False,
    False,
    N_(
        "When a discard could be laid off on a meld on the table, any other player may call "
        "'Rummy!', lay it off and then discard. It must be called before the next player draws; "
        "never on one's own discard, and never on a final discard (the one that goes out). If "
        "several call, the caller nearest clockwise to the discarder's left gets it."
    ),
)
AROUND_THE_CORNER = Option(
    "around-the-corner",
    N_("Around the corner"),
    "bool",
    False,
    True,
    N_("Runs may turn the corner (K-A-2), and an ace left in hand counts 11."),
)
BORROWING = Option(
    "borrowing",
    N_("Borrowing a card"),
    "bool",
    False,
    False,
    N_("On your turn you may take a card back from one of your own melds to use at once in a new meld."),
)
ADDITIONAL_BORROWING = Option(
    "additional-borrowing",
    N_("Additional borrowing"),
    "bool",
    False,
    False,
    N_("As borrowing, but from any meld on the table."),
)
ONE_MELD_PER_TURN = Option(
    "one-meld-per-turn",
    N_("One meld per turn"),
    "bool",
    False,
    False,
    N_("Only one meld may be laid each turn; a player who lays no meld may lay off instead."),
)
LAY_OFF_RESTRICTION = Option(
    "lay-off-restriction",
    N_("Lay-off restriction"),
    "bool",
    False,
    False,
    N_("You may not lay off on other players' melds until your own first meld is down."),
)
RUMMY_HIDDEN = Option(
    "rummy-hidden",
    N_("Rummy hidden"),
    "bool",
    False,
    True,
    N_("Going out in one turn without having laid anything down before scores double."),
)
MANDATORY_DISCARD = Option(
    "mandatory-discard",
    N_("Mandatory discard"),
    "bool",
    False,
    False,
    N_("You must go out by discarding your last card, never by melding it."),
)
COUNT_SCORING = Option(
    "count-scoring",
    N_("Card values: count cards"),
    "bool",
    False,
    True,
    N_("The winner scores 1 per card left in opponents' hands (2 per joker); the target becomes 25."),
)


# The switches about laying melds or laying off during play. Rummy Complete lays nothing during
# its hand, so it offers none of them (and rummy-hidden, which every going out would meet).
LAYING_SWITCHES = (
    CALL_RUMMY,
    BORROWING,
    ADDITIONAL_BORROWING,
    ONE_MELD_PER_TURN,
    LAY_OFF_RESTRICTION,
    RUMMY_HIDDEN,
)


def standard_options(default_target: int, *, laying: bool = True) -> tuple[Option, ...]:
    """The standard family's house rules; ``laying=False`` leaves out :data:`LAYING_SWITCHES`."""
    options = (
        CALL_RUMMY,
        target(default_target),
        AROUND_THE_CORNER,
        BORROWING,
        ADDITIONAL_BORROWING,
        ONE_MELD_PER_TURN,
        LAY_OFF_RESTRICTION,
        RUMMY_HIDDEN,
        MANDATORY_DISCARD,
        COUNT_SCORING,
    )
    if laying:
        return options
    return tuple(o for o in options if o not in LAYING_SWITCHES)


def standard_default(option, chosen, players):
    """Count scoring changes the default target to 25 unless a table set one."""
    if option.slug == "target" and chosen.get("count-scoring"):
        return 25
    return None


def hands_per_player(multiplier: int = 1):
    """A default hook: option ``hands`` defaults to ``multiplier`` x the number of players."""

    def default(option, chosen, players):
        if option.slug == "hands" and players is not None:
            return multiplier * players
        return None

    return default


STANDARD_DEAL = MappingProxyType({2: 10, 3: 7, 4: 7, 5: 6, 6: 6})
STANDARD_HOOKS = MappingProxyType({"default": standard_default})

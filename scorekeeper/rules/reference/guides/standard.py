"""Reference content of Standard Rummy and the variants scored like it."""

from __future__ import annotations

from ...messages import N_
from ..model import Check, Dispute, Example, GoingOut, Guide, Origin, Para

C = Origin.COMMON
D = Origin.DECISION

ABC = ("Ann", "Bob", "Cy")
# RULES.md 9: Bob holds KH 7S 2D (19), Cy AS AD 9C (11); Ann went out.
_OUT = {"out": "Ann", "hands": {"Bob": {"cards": "KH 7S 2D"}, "Cy": {"cards": "AS AD 9C"}}}

PLAY = Para(
    N_(
        "On a turn a player draws one card, from the stock or the top of the discard pile, may "
        "lay down melds and lay off cards on any meld on the table, and ends the turn by "
        "discarding one card."
    ),
    C,
)
GOING_OUT = Para(
    N_(
        "A player goes out by getting rid of every card, melding or laying off the last ones, "
        "with or without a final discard (the Mandatory discard rule requires one). The hand "
        "ends there."
    ),
    C,
)
MELDS_CORE = Para(
    N_(
        "A set is three or four cards of one rank, each of a different suit. A run is three or "
        "more cards of one suit in unbroken order."
    ),
    C,
)
SCORING_CORE = Para(
    N_(
        "The player who went out adds up the value of every card still held by the other "
        "players and scores that total; nobody else scores for the hand."
    ),
    C,
)
STANDARD_OUT = GoingOut(N_("every card melded, with or without a discard"))

TERMS = (
    "meld",
    "set",
    "run",
    "lay-off",
    "going-out",
    "stock",
    "discard-pile",
    "around-the-corner",
    "going-rummy",
    "count-scoring",
    "target",
    "borrowing",
    "call-rummy",
    "dealer",
)

ACE_HIGH = Dispute(
    N_("Can an ace go high, as in Q-K-A?"),
    N_(
        "Not in this game as the source plays it: the ace is low only, so A-2-3 is a run and "
        "Q-K-A is not. With Around the corner both are runs, and K-A-2 too."
    ),
    "melds",
    Check("meld", "QD KD AD"),
)
ACE_VALUE = Dispute(
    N_("How much is an ace left in a hand?"),
    N_("1 point, like its number. With Around the corner it counts 11 instead."),
    "scoring",
    Check("deadwood", "AS 9C"),
)
LAST_CARD = Dispute(
    N_("Must the last card be discarded?"),
    N_(
        "No: the last card may be melded or laid off as well. Only the Mandatory discard house "
        "rule says a player must go out with a discard."
    ),
    "going-out",
    Check("going-out", "7H 8H 9H"),
    switch="mandatory-discard",
    answer_on=N_(
        "Yes: with the Mandatory discard house rule a player goes out only by discarding his "
        "last card; melding or laying off every card is not going out."
    ),
)
WHO_SCORES = Dispute(
    N_("Does anyone but the player who went out score?"),
    N_(
        "No: the player who went out scores the value of every card left in the other hands. "
        "Everyone else scores 0 for that hand."
    ),
    "scoring",
    Check("deadwood", "KH 7S 2D"),
)
TARGET_TIE = Dispute(
    N_("Two players pass the target in the same hand: who wins?"),
    N_(
        "The highest total wins. If two or more share the highest total, another hand is "
        "played until one leads (an app decision)."
    ),
    "end",
)

STANDARD = Guide(
    slug="standard-rummy",
    sections={"play": (PLAY,)},
    terms=TERMS,
    disputes=(ACE_HIGH, ACE_VALUE, LAST_CARD, WHO_SCORES, TARGET_TIE),
    examples=(
        Example(N_("Ann goes out; Bob and Cy count their cards"), ABC, _OUT),
        Example(
            N_("The same hand with Around the corner: an ace counts 11"),
            ABC,
            _OUT,
            {"around-the-corner": True},
        ),
        Example(
            N_("Going rummy with Rummy hidden doubles the score"),
            ABC,
            {**_OUT, "rummy": True},
            {"rummy-hidden": True},
        ),
        Example(N_("Count scoring: 1 point per card"), ABC, _OUT, {"count-scoring": True}),
    ),
    going_out=STANDARD_OUT,
    core={"melds": (MELDS_CORE,), "scoring": (SCORING_CORE,)},
)

RUMMY_COMPLETE = Guide(
    slug="rummy-complete",
    sections={
        "play": (
            Para(
                N_(
                    "On a turn a player draws from the stock or the top of the discard pile and "
                    "discards one card. Nothing is melded or laid off until somebody goes out."
                ),
            ),
        ),
    },
    terms=(
        "meld",
        "set",
        "run",
        "going-out",
        "stock",
        "discard-pile",
        "around-the-corner",
        "count-scoring",
        "target",
    ),
    disputes=(
        Dispute(
            N_("Do melds I am still holding count against me?"),
            N_(
                "Yes: nothing is laid during the hand, so every card a player holds when "
                "someone goes out counts, melds included."
            ),
            "scoring",
        ),
        ACE_HIGH,
        ACE_VALUE,
        Dispute(
            N_("Can I go out with one card left over?"),
            N_(
                "Yes: the whole hand goes down at once in valid melds, every card or every card "
                "but one, which is discarded."
            ),
            "going-out",
            Check("going-out", "7H 8H 9H QS QD QC 4C"),
        ),
        Dispute(
            N_("Is Rummy hidden or Call Rummy played here?"),
            N_(
                "No: nothing is laid during the hand, so the switches about laying melds or "
                "laying off are not offered (an app decision)."
            ),
            "house-rules",
        ),
    ),
    examples=(
        Example(
            N_("Bob's unlaid run still counts against him"),
            ABC,
            {
                "out": "Ann",
                "hands": {
                    "Bob": {"melds": ["7H 8H 9H"], "cards": "KS"},
                    "Cy": {"cards": "AS 2D"},
                },
            },
        ),
        Example(N_("Ann goes out; Bob and Cy count every card"), ABC, _OUT),
    ),
    going_out=GoingOut(N_("the whole hand in melds, every card or all but one discard")),
    core={
        "melds": (MELDS_CORE,),
        "scoring": (
            Para(
                N_(
                    "The player who went out collects the value of every card the others hold, "
                    "including cards that would have made melds of their own."
                ),
            ),
        ),
    },
)

BLOCK_RUMMY = Guide(
    slug="block-rummy",
    sections={"going-out": (GOING_OUT,)},
    terms=(*TERMS, "blocked"),
    disputes=(
        Dispute(
            N_("The stock is empty: must I take the top discard?"),
            N_(
                "You may take it and play on. If you refuse it, the hand is blocked and ends "
                "there, and everyone counts the cards in hand."
            ),
            "play",
        ),
        Dispute(
            N_("Two players tie for the lowest count in a blocked hand?"),
            N_(
                "They share what the others pay, each taking the whole-number share. Points that "
                "do not divide evenly go to nobody."
            ),
            "scoring",
        ),
        Dispute(
            N_("In a blocked hand, do my melds count?"),
            N_(
                "Every card still in hand counts at its usual value. Melds already laid on the "
                "table do not."
            ),
            "scoring",
            Check("deadwood", "KH 7S 2D"),
        ),
        ACE_HIGH,
        TARGET_TIE,
    ),
    examples=(
        Example(
            N_("A blocked hand: the lowest count collects the differences"),
            ABC,
            {
                "blocked": True,
                "hands": {"Ann": {"points": 5}, "Bob": {"points": 12}, "Cy": {"points": 30}},
            },
        ),
        Example(
            N_("Two players tie for the lowest count and share"),
            ABC,
            {
                "blocked": True,
                "hands": {"Ann": {"points": 12}, "Bob": {"points": 12}, "Cy": {"points": 30}},
            },
        ),
        Example(
            N_("Three tie: the points that do not divide go to nobody"),
            ("Ann", "Bob", "Cy", "Dan"),
            {
                "blocked": True,
                "hands": {
                    "Ann": {"points": 10},
                    "Bob": {"points": 10},
                    "Cy": {"points": 10},
                    "Dan": {"points": 21},
                },
            },
        ),
        Example(N_("Somebody goes out: scored as Standard Rummy"), ABC, _OUT),
    ),
    going_out=STANDARD_OUT,
    core={
        "melds": (MELDS_CORE,),
        "scoring": (
            Para(
                N_(
                    "When somebody goes out, the hand is scored as in Standard Rummy. In a "
                    "blocked hand every player counts all the cards in hand; the lowest count "
                    "collects from each other player the gap between the two counts, and "
                    "players level on the lowest share it in whole numbers, the rest going to "
                    "nobody."
                ),
            ),
        ),
    },
)

THROW_DOWN_RUMMY = Guide(
    slug="throw-down-rummy",
    sections={"going-out": (GOING_OUT,)},
    terms=TERMS,
    disputes=(
        Dispute(
            N_("Can I draw a card from the middle of the spread?"),
            N_(
                "Yes: any one card of the discard spread, moving others only to uncover a card "
                "that is partly hidden."
            ),
            "play",
        ),
        ACE_HIGH,
        ACE_VALUE,
        LAST_CARD,
        TARGET_TIE,
    ),
    examples=(
        Example(N_("Ann goes out; Bob and Cy count their cards"), ABC, _OUT),
        Example(
            N_("Quick entry: the counts typed in"),
            ABC,
            {"out": "Ann", "hands": {"Bob": {"points": 19}, "Cy": {"points": 11}}},
        ),
    ),
    going_out=STANDARD_OUT,
    core={"melds": (MELDS_CORE,), "scoring": (SCORING_CORE,)},
)

GUIDES = (STANDARD, RUMMY_COMPLETE, BLOCK_RUMMY, THROW_DOWN_RUMMY)

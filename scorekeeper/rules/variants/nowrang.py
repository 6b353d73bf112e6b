"""Nowrang: two players race to a 4-card and two 3-card sequences."""

from types import MappingProxyType

from ..going_out import WholeHand
from ..melds import Ace, MeldRules
from ..messages import N_
from .base import EndRule, Option, Variant

PATTERN = (4, 3, 3)

NOWRANG = Variant(
    slug="nowrang",
    name=N_("Nowrang"),
    summary=N_("Two players, ace high: the first to hold one 4-card and two 3-card sequences wins."),
    family="nowrang",
    players=(2, 2),
    deal=MappingProxyType({2: 10}),
    deal_note=N_("The dealer takes 10 cards and deals 11 to the opponent, who starts by discarding."),
    meld_rules=MeldRules(ace=Ace.HIGH, sets=False, run_lengths=(3, 4)),
    going_out=WholeHand(patterns=(PATTERN,)),
    options=(
        Option(
            "match-games",
            N_("Match length"),
            "int",
            1,
            True,
            N_("How many games make a match; the most games won leads."),
            minimum=1,
        ),
    ),
    end=EndRule("match"),
    winner_deals=True,
    rules=(
        (
            N_("Players and deal"),
            N_("A game for exactly two players with one 52-card pack and no jokers. The dealer gives "
            "the opponent 11 cards and keeps 10. On the first turn the opponent just discards, "
            "which starts the pile; from then on each turn is a draw, from the stock or the "
            "discards, followed by a discard."),
        ),
        (
            N_("Sequences"),
            N_("Only sequences matter; cards of one rank count for nothing. A sequence is cards of a "
            "single suit in order, and the ace ranks above the king only: Q-K-A is good, A-2-3 is "
            "not."),
        ),
        (
            N_("Winning"),
            N_("A player holding a 4-card sequence, the garwanj, plus two 3-card sequences shows them "
            "and wins the game at once. No points are kept."),
        ),
        (
            N_("Matches"),
            N_("A game is a single hand. For a longer contest a table plays a match of several games "
            "(the match length option), and whoever has won more games is ahead."),
        ),
    ),
    decisions=(
        N_("The rules only name a winner. The app counts each hand as one game and offers a match of "
        "several games (the match length option, here {match_games}), the leader being whoever "
        "has more wins."),
        N_("The winner of a game deals the next one."),
    ),
)

VARIANTS = (NOWRANG,)

"""The glossary shared by every rules page: each variant lists the terms it uses."""

from __future__ import annotations

from ..messages import N_
from .model import Term

TERMS: tuple[Term, ...] = (
    Term("meld", N_("Meld"), N_("A set or a run: the combinations that get cards out of a hand.")),
    Term(
        "set",
        N_("Set"),
        N_("Three or four cards of one rank, usually each of a different suit (7S 7H 7D)."),
        aka=(N_("Group"), N_("Book"), N_("Satz")),
    ),
    Term(
        "run",
        N_("Run"),
        N_("Three or more cards of one suit in unbroken order (5H 6H 7H)."),
        aka=(N_("Sequence"), N_("Sequenz")),
    ),
    Term(
        "deadwood",
        N_("Deadwood"),
        N_("The cards of a hand that fit in no meld; in Phỏm they are called trash."),
        aka=(N_("Unmatched cards"), N_("Trash")),
    ),
    Term(
        "lay-off",
        N_("Lay off"),
        N_(
            "Add a card of your hand to a meld already on the table (a fourth 7, the next card of a run)."
        ),
    ),
    Term(
        "going-out",
        N_("Going out"),
        N_("Getting rid of the last card of one's hand, which ends the hand."),
    ),
    Term("stock", N_("Stock"), N_("The face-down pile of undealt cards players draw from.")),
    Term(
        "discard-pile",
        N_("Discard pile"),
        N_("The face-up pile each turn ends on; its top card may be drawn instead of the stock."),
        aka=(N_("Upcard"),),
    ),
    Term(
        "joker",
        N_("Joker"),
        N_("A wild card that may stand for any card in a meld; the checker shows it as [9H]."),
    ),
    Term(
        "wild-deuce",
        N_("Wild 2"),
        N_("With deuces wild a 2 may stand for any card; a 2 in its own place (2-3-4) is natural."),
        aka=(N_("Deuces wild"),),
    ),
    Term(
        "around-the-corner",
        N_("Around the corner"),
        N_("A run that passes from the king to the ace and on to the 2, as in K-A-2."),
        aka=(N_("Wrap"),),
    ),
    Term(
        "knock",
        N_("Knock"),
        N_(
            "Ending a Knock Rummy hand at once after drawing: everyone then shows melds and deadwood."
        ),
    ),
    Term(
        "undercut",
        N_("Undercut"),
        N_(
            "Beating the knocker: in Knock Rummy with less deadwood than his, in Gin Rummy with as "
            "much or less (a tie is an undercut there). The player who undercuts wins the hand and "
            "the undercut bonus on top."
        ),
    ),
    Term(
        "rum-bonus",
        N_("Rum bonus"),
        N_("In Knock Rummy, the bonus each opponent pays a winner who has no deadwood at all."),
    ),
    Term(
        "going-rummy",
        N_("Going rummy"),
        N_(
            "Going out in a single turn without having laid anything down before: doubled with Rummy hidden."
        ),
        aka=(N_("Rummy hidden"),),
    ),
    Term(
        "initial-meld",
        N_("First meld"),
        N_(
            "The melds a player lays down first in a hand, which must reach the opening minimum "
            "(German Rummy, Caloochi)."
        ),
        aka=(N_("Opening"), N_("Initial meld"), N_("Auslegen")),
    ),
    Term(
        "blocked",
        N_("Blocked hand"),
        N_(
            "In Block Rummy, a hand that stops because a player refused the top discard after the stock ran out."
        ),
    ),
    Term(
        "quick-meld",
        N_("Quick meld"),
        N_("In Continental, going out before drawing any card, or after drawing just one."),
    ),
    Term(
        "garwanj",
        N_("Garwanj"),
        N_("In Nowrang, the 4-card sequence a winning hand needs beside two 3-card sequences."),
    ),
    Term(
        "u",
        N_("Ù"),
        N_(
            "In Phỏm, a hand that melds completely (9 cards and a discard, or all 10): it wins at once."
        ),
        aka=(N_("U"),),
    ),
    Term(
        "mom",
        N_("Móm"),
        N_("In Phỏm, a player with no meld at all at the end of the hand: he pays the móm chips."),
        aka=(N_("Mom"),),
    ),
    Term(
        "phom",
        N_("Phỏm"),
        N_("A meld in Vietnamese; also the name of the game (Tá Lả)."),
    ),
    Term(
        "feeding",
        N_("Feeding"),
        N_(
            "In Phỏm, discarding a card the next player picks up (eats); with feeding penalties it costs a chip."
        ),
        aka=(N_("Eating"),),
    ),
    Term(
        "target",
        N_("Target"),
        N_("The score that ends a game at the end of the hand that reaches it."),
    ),
    Term(
        "count-scoring",
        N_("Count scoring"),
        N_(
            "Scoring 1 point per card left in the others' hands (2 per joker) instead of card values."
        ),
    ),
    Term(
        "borrowing",
        N_("Borrowing"),
        N_("Taking a card back from a meld on the table to use it at once in a new meld."),
    ),
    Term(
        "call-rummy",
        N_("Call Rummy"),
        N_(
            "Claiming a discard that could have been laid off by calling “Rummy!” before the next draw."
        ),
    ),
    Term(
        "dealer",
        N_("Dealer"),
        N_(
            "The player who deals; the player on his left (the next seat clockwise) usually plays first."
        ),
    ),
    Term(
        "gin",
        N_("Gin"),
        N_("Knocking with every card melded: no deadwood, a bonus, and no undercut possible."),
    ),
    Term(
        "big-gin",
        N_("Big gin"),
        N_("All 11 cards melded after the draw: the player goes out without a discard."),
    ),
    Term(
        "knock-limit",
        N_("Knock limit"),
        N_("The most deadwood a Gin Rummy player may knock with (10 unless the table says)."),
    ),
    Term(
        "box-bonus",
        N_("Box bonus"),
        N_("Points added at the end of a Gin Rummy game for every hand a player won."),
        aka=(N_("Line bonus"),),
    ),
    Term(
        "shutout",
        N_("Shutout"),
        N_("A game the loser ends without winning a single hand: the winner's points are doubled."),
        aka=(N_("Schneider"), N_("Blitz")),
    ),
    Term(
        "upcard",
        N_("Upcard"),
        N_("The first card turned up to start the discard pile; in Oklahoma Gin it sets the knock limit."),
    ),
    Term(
        "void-hand",
        N_("Void hand"),
        N_("A hand that ends with no knock and two cards in the stock: nobody scores."),
    ),
    Term(
        "spread-discards",
        N_("Spread discard pile"),
        N_(
            "Rummy 500's discard pile, laid out so every card shows: a player may take any card "
            "he melds at once, with every card above it."
        ),
    ),
)

BY_KEY = {term.key: term for term in TERMS}

"""Writes of the live table: seats, confirmations and disputes of hands, and rulings.

A phone says which player it belongs to (a *seat*, API.md "Seats"): it gets a seat token once,
whose hash is stored; a seat is never an account (no name or e-mail is asked). A seated player
confirms or disputes each hand (API.md "Confirmations"): what they said is kept on the hand
(``Hand.checks``) and emptied when the hand is corrected or deleted. A ruling is the table's
answer to a dispute, kept with the game (API.md "Rulings").

Every write here locks the game, as hand writes do, so a confirmation never meets a
correction half way; then it bumps the game's live version (:func:`_changed`) and tells the
leagues app (``game_checked``), whose standings may wait for confirmations.
"""

from __future__ import annotations

import hmac
import secrets
import unicodedata
from typing import Any

from django.db import transaction
from django.db.models import F
from django.utils.crypto import salted_hmac
from django.utils.translation import gettext

from scorekeeper.i18n import render_message, translate_text
from scorekeeper.rules import get_variant
from scorekeeper.rules.errors import ResultError, RulesError
from scorekeeper.rules.messages import N_, NP_, define
from scorekeeper.rules.reference import assumptions, glossary, guide_for, sections
from scorekeeper.rules.reference.book import SECTION_TITLES

from ..events import game_changed
from ..models import Game, Hand, Ruling, Seat, SeatClaim, hash_token
from ..scoresheet.selectors import check_stands, live_hands, result_digest
from ..scoresheet.services import lock_game, nth_hand, refuse_nul, retry_on_collision
from ..signals import game_checked

MAX_REASON = 200
MAX_QUESTION = 300
MAX_NOTE = 200

NOT_A_PLAYER = define("seat.not_a_player", N_("{name} is not a player of this game"))
TOO_LONG = define(
    "text.too_long",
    NP_("at most {limit} character, got {count}", "at most {limit} characters, got {count}"),
    count="limit",
)
EMPTY = define("seats.text_empty", N_("this may not be empty"))
NOT_TEXT = define("seats.text_expected", N_("expected text"))
UNKNOWN_RULE = define(
    "ruling.unknown_rule", N_("{variant} has no rule {rule} (a rule id from the rule search)")
)


class SeatTaken(Exception):
    """The seat is held by another phone; only the game's edit token may move it."""

    code = "seat_taken"

    def __init__(self, player: str):
        self.player = player
        super().__init__(
            gettext("player: %(name)s's seat is held by another phone; the scorekeeper can move it")
            % {"name": player}
        )


def _bump(game: Game) -> None:
    """The game changed (a seat, a confirmation, a dispute, a ruling): its live version grows
    and its ``updated`` (the pages' ETag) moves, and on commit every phone that follows it
    hears of it."""
    game_changed(game)


# -- seats ---------------------------------------------------------------------------------


def _seat(game: Game, player: Any) -> Seat:
    if not isinstance(player, str):
        raise ResultError(NOT_TEXT(), "player")
    name = unicodedata.normalize("NFC", player).strip()
    found = next((s for s in game.seats.order_by("position") if s.name == name), None)
    if found is None:
        raise ResultError(NOT_A_PLAYER(name=name[:40]), "player")
    return found


def new_seat_token() -> str:
    return secrets.token_urlsafe(32)


@retry_on_collision
@transaction.atomic
def seat_claim(
    *, game: Game, player: str, move: bool = False, holder: str | None = None
) -> tuple[str, str]:
    """This phone is ``player``: returns the player's name as seated and the seat's new token
    (shown once, only its hash kept).

    A seat held by another phone is :class:`SeatTaken`, unless ``move`` (the request carries
    the game's edit token: the seat moves here, the other phone's token stops working) or
    ``holder`` is the seat's own token (the same phone again: it gets a fresh token)."""
    refuse_nul(player, "player")
    lock_game(game)
    seat = _seat(game, player)
    claim = SeatClaim.objects.filter(seat=seat).first()
    if claim is not None and not move and not _holds(claim, holder):
        raise SeatTaken(seat.name)
    token = new_seat_token()
    SeatClaim.objects.update_or_create(seat=seat, defaults={"token_hash": hash_token(token)})
    _bump(game)
    game_checked.send(sender=Game, game=game)
    return seat.name, token


def _holds(claim: SeatClaim, token: str | None) -> bool:
    return bool(token) and hmac.compare_digest(hash_token(token), claim.token_hash)


@retry_on_collision
@transaction.atomic
def seat_free(*, game: Game, player: str) -> None:
    """Free ``player``'s seat (the caller checked the edit token or the seat's own token)."""
    lock_game(game)
    seat = _seat(game, player)
    if SeatClaim.objects.filter(seat=seat).delete()[0]:
        _bump(game)
        game_checked.send(sender=Game, game=game)


def seat_of_token(*, game: Game, token: str | None) -> str | None:
    """The player whose seat ``token`` holds in ``game``, or None."""
    if not token:
        return None
    claim = (
        SeatClaim.objects.filter(seat__game=game, token_hash=hash_token(token))
        .select_related("seat")
        .first()
    )
    return claim.seat.name if claim is not None else None


def seat_holds(*, game: Game, player: str, token: str | None) -> bool:
    """Is ``token`` the token of ``player``'s seat?"""
    return seat_of_token(game=game, token=token) == player


def seat_grant_for(*, game: Game, player: str) -> str | None:
    """What a browser session keeps to say it holds ``player``'s seat: an HMAC of the game,
    the player and the claim's token hash, so it dies when the seat moves or is freed."""
    claim = SeatClaim.objects.filter(seat__game=game, seat__name=player).first()
    if claim is None:
        return None
    value = f"{game.public_id}:{player}:{claim.token_hash}"
    return salted_hmac("rummy-table.seat-grant", value, algorithm="sha256").hexdigest()


# -- confirmations -------------------------------------------------------------------------


def _check(hand: Hand, player: str, *, disputed: bool, reason: str) -> None:
    """Keep what ``player`` said of ``hand`` as it stands: with the digest of its result, so
    a confirmation counts only while the hand still scores what the player read (a correction
    or deletion clears it; a renumbering that rescores it leaves it stale)."""
    said = {"disputed": disputed, "reason": reason, "seen": result_digest(hand.result)}
    hand.checks = {**hand.checks, player: said}
    hand.save(update_fields=["checks"])


@retry_on_collision
@transaction.atomic
def hand_confirm(*, game: Game, number: int, player: str, if_match: str) -> Hand:
    """``player`` says hand ``number`` is right as it stands; clears their own dispute.

    ``if_match``: the etag of the hand as the player's phone showed it. When hand ``number``
    is no longer that hand (corrected, deleted or renumbered since), :class:`HandChanged` and
    nothing is recorded: a confirmation is about the hand the player read. The game's lock
    orders it with every hand write, so a confirmation racing a correction is either cleared
    by it or refused."""
    lock_game(game)
    hand = nth_hand(list(live_hands(game=game)), number, if_match)
    _check(hand, player, disputed=False, reason="")
    _bump(game)
    game_checked.send(sender=Game, game=game)
    return hand


@retry_on_collision
@transaction.atomic
def hand_dispute(
    *, game: Game, number: int, player: str, if_match: str, reason: Any = ""
) -> Hand:
    """``player`` disputes hand ``number``, with a reason of at most 200 characters;
    ``if_match`` as for :func:`hand_confirm`."""
    reason = _text(reason, "reason", limit=MAX_REASON, required=False)
    lock_game(game)
    hand = nth_hand(list(live_hands(game=game)), number, if_match)
    _check(hand, player, disputed=True, reason=reason)
    _bump(game)
    game_checked.send(sender=Game, game=game)
    return hand


def confirmation_status(*, game: Game) -> tuple[bool, bool]:
    """(every claimed seat confirmed every live hand, some live hand is disputed): two queries.

    With no seat claimed, nobody is asked, so every hand counts as confirmed."""
    claimed = set(SeatClaim.objects.filter(seat__game=game).values_list("seat__name", flat=True))
    confirmed, disputed = True, False
    for checks, result in live_hands(game=game).values_list("checks", "result"):
        # Only what was said of the hand as it stands counts.
        said = {k: v for k, v in (checks or {}).items() if check_stands(v, result)}
        if any(v.get("disputed") for v in said.values()):
            disputed = True
        if any(said.get(name, {}).get("disputed", True) for name in claimed):
            confirmed = False
    return confirmed, disputed


# -- rulings -------------------------------------------------------------------------------


def _text(value: Any, field: str, *, limit: int, required: bool = True) -> str:
    if value is None:
        value = ""
    if not isinstance(value, str):
        raise ResultError(NOT_TEXT(), field)
    refuse_nul(value, field)
    text = " ".join(unicodedata.normalize("NFC", value).split())
    if required and not text:
        raise ResultError(EMPTY(), field)
    if len(text) > limit:
        raise ResultError(TOO_LONG(limit=limit, count=len(text)), field)
    return text


def rule_text(
    *, game: Game, variant: str, rule: str, players: int | None = None
) -> tuple[str, str] | None:
    """The title and text of rule ``rule`` (a place of the rules book, as the rule search names
    it: ``glance``, a section anchor, ``dispute-3``, ``option-target``, ``term-meld``,
    ``assumptions``) of ``variant``, in the active language; at this game's table (its house
    rules) when it is the game's variant. None for a rule the book does not hold.

    The rule search (issue 23 §1) names its results; this is the one place a ruling turns such a
    name back into words, so a change of the search's ids changes only this function."""
    try:
        chosen = get_variant(variant)
    except RulesError:
        return None
    table = None
    if chosen.slug == game.variant:
        table = chosen.table(
            game.options, players=game.seats.count() if players is None else players
        )
    say = _say  # in the active language: the recorder's
    if rule == "glance":
        return say(SECTION_TITLES["glance"]), say(chosen.summary)
    if rule.startswith("dispute-") and rule.removeprefix("dispute-").isdigit():
        disputes = guide_for(chosen).disputes
        n = int(rule.removeprefix("dispute-"))
        if 1 <= n <= len(disputes):
            return say(disputes[n - 1].question), say(disputes[n - 1].answer)
        return None
    if rule.startswith("option-"):
        for option in chosen.options:
            if option.slug == rule.removeprefix("option-"):
                return say(option.name), say(option.summary)
        return None
    if rule.startswith("term-"):
        for term in glossary():
            if term.key == rule.removeprefix("term-"):
                return say(term.word), say(term.text)
        return None
    if rule == "assumptions":
        paras = assumptions(chosen)
        return say(SECTION_TITLES["assumptions"]), " ".join(say(p.text) for p in paras)
    for section in sections(chosen, table):
        if section.anchor == rule:
            return say(section.title), " ".join(say(p.text) for p in section.paras)
    return None


def _say(text: Any) -> str:
    return translate_text(text) if isinstance(text, str) else render_message(text)


def rulings_read(*, game: Game, rulings: list[dict[str, Any]], players: int) -> list[dict]:
    """The game's rulings (as :func:`selectors.game_state` lists them) for a reader: each
    rule's title and text in the reader's language, as the book says it with this table's
    numbers, so a ruling kept on a German phone reads in Korean on a Korean one; the stored
    words (the recorder's) where the book no longer holds the rule. No query."""
    read = []
    for ruling in rulings:
        found = rule_text(
            game=game, variant=ruling["variant"], rule=ruling["rule"], players=players
        )
        title, text = found if found is not None else (ruling["title"], ruling["text"])
        read.append({**ruling, "title": title, "text": text})
    return read


@retry_on_collision
@transaction.atomic
def ruling_record(
    *,
    game: Game,
    question: Any,
    variant: Any,
    rule: Any,
    note: Any = "",
    by: str = "",
) -> Ruling:
    """Keep the table's answer to ``question`` with the game: ``rule`` of ``variant`` (None:
    the game's), with an optional note; ``by`` is the seated player who kept it ("" for the
    scorekeeper)."""
    question = _text(question, "question", limit=MAX_QUESTION)
    note = _text(note, "note", limit=MAX_NOTE, required=False)
    variant = _text(variant or game.variant, "variant", limit=40)
    rule = _text(rule, "rule", limit=100)
    try:
        variant = get_variant(variant).slug
    except RulesError as err:
        raise err.at("variant") from None
    found = rule_text(game=game, variant=variant, rule=rule)
    if found is None:
        raise ResultError(UNKNOWN_RULE(variant=variant, rule=rule), "rule")
    title, text = found
    lock_game(game)
    ruling = Ruling.objects.create(
        game=game,
        by=by,
        question=question,
        variant=variant,
        rule=rule,
        title=title[:200],
        text=text,
        note=note,
    )
    Game.objects.filter(pk=game.pk).update(ruling_count=F("ruling_count") + 1)
    game.ruling_count += 1
    _bump(game)
    return ruling


class NoSuchRuling(LookupError):
    """The game keeps no ruling of that id (another phone may have removed it first)."""


@retry_on_collision
@transaction.atomic
def ruling_remove(*, game: Game, ruling: int) -> None:
    """Take a ruling kept by mistake off the game (the scorekeeper's right: the views check
    it); every phone hears of it. :class:`NoSuchRuling` when the game has no such ruling."""
    lock_game(game)
    removed, _ = Ruling.objects.filter(game=game, pk=ruling).delete()
    if not removed:
        raise NoSuchRuling(ruling)
    Game.objects.filter(pk=game.pk).update(ruling_count=F("ruling_count") - 1)
    game.ruling_count = max(0, game.ruling_count - 1)
    _bump(game)

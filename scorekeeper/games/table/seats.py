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
import json
import re
import secrets
import unicodedata
from collections.abc import Callable
from typing import Any

from django.db import transaction
from django.db.models import F
from django.utils import translation
from django.utils.crypto import salted_hmac
from django.utils.translation import gettext

from scorekeeper.i18n import render_message, translate_text
from scorekeeper.rules import get_variant
from scorekeeper.rules.errors import ResultError, RulesError
from scorekeeper.rules.messages import CATALOGUE, N_, Message, as_dict, define, from_dict
from scorekeeper.rules.reference import assumptions, disputes, glossary, sections
from scorekeeper.rules.reference.book import SECTION_TITLES
from scorekeeper.rules.text import TEXT_EXPECTED, check_storable_data, plain_text

from ..events import game_changed
from ..models import Game, Hand, Ruling, Seat, SeatClaim, hash_token
from ..scoresheet.locking import lock_game, nth_hand, retry_on_collision
from ..scoresheet.selectors import check_stands, live_hands, result_digest
from ..signals import game_checked

MAX_REASON = 200
MAX_QUESTION = 300
MAX_NOTE = 200
MAX_SHOWN = 2000  # a passage the rule search showed, with its line about the table's numbers

NOT_A_PLAYER = define("seat.not_a_player", N_("{name} is not a player of this game"))
UNKNOWN_RULE = define(
    "ruling.unknown_rule", N_("{variant} has no rule {rule} (a rule id from the rule search)")
)
OTHER_GAME = define(
    "ruling.other_game",
    N_("this game plays {game}: a ruling kept with it is about {game}, not {other}"),
    translate=("game", "other"),
)
OPTION_NUMBER = define(
    "ruling.option.number", N_("{summary} At this table: {value}."), translate=("summary",)
)
OPTION_CHANGED = define(
    "ruling.option.changed",
    N_("{summary} At this table: {value} (the book says {book})."),
    translate=("summary",),
)
OPTION_ON = define("ruling.option.on", N_("{summary} At this table: on."), translate=("summary",))
OPTION_OFF = define(
    "ruling.option.off", N_("{summary} At this table: off."), translate=("summary",)
)
# A sentence ends at . ! ? and a space (not after a number's point: "die 10. Karte").
_SENTENCE = re.compile(r"(?<=[.!?])(?<!\d\.)\s+")


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
        raise ResultError(TEXT_EXPECTED(), "player")
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
    check_storable_data(player, "player")
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
    ``if_match`` as for :func:`hand_confirm`. The same dispute sent again (a double tap, a
    form sent twice) changes nothing and tells no phone."""
    reason = _text(reason, "reason", limit=MAX_REASON, required=False)
    lock_game(game)
    hand = nth_hand(list(live_hands(game=game)), number, if_match)
    said = (hand.checks or {}).get(player) or {}
    if said.get("disputed") and said.get("reason") == reason and said.get(
        "seen"
    ) == result_digest(hand.result):
        return hand
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
    return plain_text(value, field, limit=limit, required=required, fold=True)


def rule_text(
    *, game: Game, variant: str, rule: str, players: int | None = None
) -> tuple[str, str] | None:
    """The title and text of rule ``rule`` (a place of the rules book, as the rule search names
    it: ``glance``, a section anchor, ``dispute-3``, ``option-target``, ``term-meld``,
    ``assumptions``) of ``variant``, in the active language; at this game's table (its house
    rules, its numbers) when it is the game's variant: a house rule's place says its value
    there. None for a rule the book does not hold.

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
        found = disputes(chosen, table)
        n = int(rule.removeprefix("dispute-"))
        if 1 <= n <= len(found):
            return say(found[n - 1].question), say(found[n - 1].answer)
        return None
    if rule.startswith("option-"):
        for option in chosen.options:
            if option.slug == rule.removeprefix("option-"):
                return say(option.name), say(_option_text(option, chosen, table))
        return None
    if rule.startswith("term-"):
        for term in glossary():
            if term.key == rule.removeprefix("term-"):
                return say(term.word), say(term.text)
        return None
    if rule == "assumptions":
        paras = assumptions(chosen, table)
        return say(SECTION_TITLES["assumptions"]), " ".join(say(p.text) for p in paras)
    for section in sections(chosen, table):
        if section.anchor == rule:
            return say(section.title), " ".join(say(p.text) for p in section.paras)
    return None


def _option_text(option: Any, variant: Any, table: Any) -> Any:
    """A house rule's place: what it does, and its value at ``table`` (the book's beside a
    number the table changed), so a ruling about it keeps the number the table saw."""
    rules = table if table is not None else variant.table({}, players=variant.players[0])
    value = rules.options.get(option.slug)
    if option.type == "bool":
        return (OPTION_ON if value else OPTION_OFF)(summary=option.summary)
    if value is None:
        return option.summary
    book = variant.table({}, players=rules.players).options.get(option.slug)
    if value == book or book is None:
        return OPTION_NUMBER(summary=option.summary, value=value)
    return OPTION_CHANGED(summary=option.summary, value=value, book=book)


def _say(text: Any) -> str:
    return translate_text(text) if isinstance(text, str) else render_message(text)


def _sentences(text: str) -> list[str]:
    return [part for part in _SENTENCE.split(text.strip()) if part]


def _read_passage(ruling: dict[str, Any], place: Callable[[str], tuple[str, str] | None]) -> str:
    """The ruling's passage in the active language: as kept when the reader reads the
    recorder's language; else the same sentences of the place in the reader's language (the
    whole place where the two do not split alike, or the kept words where the book no longer
    holds the place). ``place(language)``: the ruling's place (title, text) in a language."""
    kept = ruling["text"]
    here = (translation.get_language() or "").split("-")[0]
    then = (ruling.get("language") or "").split("-")[0]
    if then and here == then:
        return kept
    now = place(here)
    if now is None:
        return kept
    if not then:  # kept before rulings knew their language: the whole place, as it was kept
        return now[1]
    before = place(then)
    if before is None:
        return now[1]
    theirs, ours = _sentences(before[1]), _sentences(now[1])
    wanted = [i for i, sentence in enumerate(theirs) if sentence in kept]
    if wanted and len(theirs) == len(ours):
        return " ".join(ours[i] for i in wanted)
    return now[1]


def _read_words(words: str, code: Any) -> str:
    """A question or note the app wrote, in the active language; typed words as typed."""
    return render_message(code) if code else words


def rulings_read(*, game: Game, rulings: list[dict[str, Any]], players: int) -> list[dict]:
    """The game's rulings (as :func:`selectors.game_state` lists them) for a reader: each
    rule's title, passage, and the app's own question or note in the reader's language with
    this table's numbers, so a ruling kept on a German phone reads in Korean on a Korean one;
    the stored words (the recorder's) where the book no longer holds the rule. No query; each
    place is drawn once per language however many rulings cite it."""
    drawn: dict[tuple[str, str, str], tuple[str, str] | None] = {}

    def place(variant: str, rule: str, language: str) -> tuple[str, str] | None:
        key = (variant, rule, language)
        if key not in drawn:
            with translation.override(language or None):
                drawn[key] = rule_text(game=game, variant=variant, rule=rule, players=players)
        return drawn[key]

    here = (translation.get_language() or "").split("-")[0]
    read = []
    for ruling in rulings:
        variant, rule = ruling["variant"], ruling["rule"]
        found = place(variant, rule, here)
        title = found[0] if found is not None else ruling["title"]
        read.append(
            {
                **ruling,
                "title": title,
                "text": _read_passage(ruling, lambda lang, v=variant, r=rule: place(v, r, lang)),
                "question": _read_words(ruling["question"], ruling.get("question_code")),
                "note": _read_words(ruling["note"], ruling.get("note_code")),
            }
        )
    return read


NOT_WRITTEN = define(
    "ruling.not_written", N_("not a sentence the app wrote (a checker's answer)")
)


def written_message(value: Any, field: str) -> Message | None:
    """A question or note the app wrote, as the page posts it (its message as JSON, from
    :func:`~scorekeeper.rules.messages.as_dict`): a message of the app's catalogue, or
    None where nothing was posted."""
    if value in (None, ""):
        return None
    try:
        data = json.loads(value) if isinstance(value, str) else value
        message = from_dict(data)
    except (ValueError, TypeError, KeyError, AttributeError):
        raise ResultError(NOT_WRITTEN(), field) from None
    if message.code not in CATALOGUE or len(json.dumps(data)) > 4 * MAX_QUESTION:
        raise ResultError(NOT_WRITTEN(), field)
    return message


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
    question_code: Message | None = None,
    note_code: Message | None = None,
    shown: Any = None,
) -> Ruling:
    """Keep the table's answer to ``question`` with the game: ``rule`` of the game's variant
    (``variant`` None: the game's; another game's is refused), with an optional note; ``by``
    is the seated player who kept it ("" for the scorekeeper).

    The ruling keeps what the table read: ``shown``, the passage the rule search showed for
    the question at that rule with what it said of this table's numbers (the rulebook finds it:
    :func:`~scorekeeper.games.rulebook.search.shown_passage`), or the rule's whole place with
    this table's numbers where nothing was shown, in the recorder's language. A question or note the app wrote (``question_code``,
    ``note_code``: a checker's answer) is kept as a message each phone reads in its language,
    its words in the recorder's language as the record."""
    if question_code is not None:  # the record: the app's words in the recorder's language
        question = render_message(question_code)[:MAX_QUESTION]
    if note_code is not None:
        note = render_message(note_code)[:MAX_NOTE]
    question = _text(question, "question", limit=MAX_QUESTION)
    note = _text(note, "note", limit=MAX_NOTE, required=False)
    variant = _text(variant or game.variant, "variant", limit=40)
    rule = _text(rule, "rule", limit=100)
    try:
        chosen = get_variant(variant)
    except RulesError as err:
        raise err.at("variant") from None
    if chosen.slug != game.variant:
        played = get_variant(game.variant)
        raise ResultError(OTHER_GAME(game=played.name, other=chosen.name), "variant")
    variant = chosen.slug
    found = rule_text(game=game, variant=variant, rule=rule)
    if found is None:
        raise ResultError(UNKNOWN_RULE(variant=variant, rule=rule), "rule")
    title, text = found
    if shown not in (None, ""):
        text = _text(shown, "text", limit=MAX_SHOWN)
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
        language=(translation.get_language() or "")[:10],
        question_code=as_dict(question_code) if question_code is not None else None,
        note_code=as_dict(note_code) if note_code is not None else None,
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

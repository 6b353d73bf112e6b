"""Club nights (API.md "Club nights: several tables at once"): the writes.

A night belongs to a league; each round's tables are ranked league games made when the round
is drawn (:func:`round_draw`) through the same service that starts any league game. The
arithmetic (table sizes, the spread draw, night points) is the engine's
(:mod:`scorekeeper.rules.nights`); this module stores what it decides.

Two writes of one night at once (two draws, two approvals) never both act: each write first
bumps the night's version, which takes the night's row lock (PostgreSQL) or the database's
write lock (SQLite) before anything is read, so the second sees what the first did. The
unique round number is the last line of defence.
"""

from __future__ import annotations

import datetime as dt
import secrets
import unicodedata
from typing import Any

from django.db import IntegrityError, transaction
from django.db.models import Exists, F, OuterRef, QuerySet
from django.utils import timezone

from scorekeeper.games.events import game_changed
from scorekeeper.games.models import Game, Hand, Seat, SeatClaim
from scorekeeper.games.scoresheet.locking import retry_on_collision
from scorekeeper.rules import get_variant
from scorekeeper.rules.errors import ResultError, RulesError
from scorekeeper.rules.messages import N_, define
from scorekeeper.rules.nights import spread_draw, standings_draw, table_sizes

from .models import League, Night, NightRound, NightTable, Player
from .services import (
    league_game_accept,
    league_game_create,
    organiser_check,
    player_names,
)

MAX_ROUNDS = 20
MAX_PLAYERS = 200
MAX_CALL = 200

ROUNDS_RANGE = define("night.rounds", N_("a whole number from 1 to {high}"))
HIDE_RANGE = define("night.hide_last_rounds", N_("a whole number from 0 to the night's rounds"))
SEATING_CHOICE = define("night.seating", N_("'spread' or 'standings'"))
PLAYER_TWICE = define("night.player_twice", N_("{name} is listed twice"))
NO_PLAYER = define("night.no_player", N_("this league has no player {id}"))
PLAYER_EXPECTED = define("night.player_expected", N_("a player's id or a new player's name"))
LIST_EXPECTED = define("night.list_expected", N_("expected a list of players"))
TOO_MANY = define("night.too_many", N_("at most {limit} players"))
ROUND_OPEN = define(
    "night.round_open",
    N_("round {round} is still open (tables {tables}): approve it before drawing the next"),
)
ROUNDS_DONE = define(
    "night.rounds_done",
    N_("all {rounds} rounds of the night are drawn; raise the number of rounds to play more"),
)
TABLES_OPEN = define(
    "night.tables_open",
    N_("tables {tables} are not finished, confirmed and undisputed; send force to approve anyway"),
)
SWAP_PLAYED = define(
    "night.swap_played", N_("table {table} has a hand already: its seats can no longer change")
)
SWAP_SAME_TABLE = define("night.swap_same_table", N_("{a} and {b} sit at the same table"))
NOT_SEATED = define("night.not_seated", N_("player {id} does not sit in round {round}"))
ROUND_APPROVED = define("night.round_approved", N_("round {round} is approved"))
SEED_RANGE = define("night.seed", N_("a whole number from 0 to 2^53"))
CALL_TOO_LONG = define("night.call_too_long", N_("at most {limit} characters"))
TEXT_EXPECTED = define("night.text_expected", N_("expected text"))
DATE_EXPECTED = define("night.date_expected", N_("expected a date"))

MAX_SEED = 2**53


class NightConflict(RulesError):
    """A write that does not fit the night as it is now (a round still open, a swap after a
    hand, tables not finished): a 409 that says why."""

    code = "conflict"
    status = 409


# -- checking what is asked ----------------------------------------------------------------------


def _count(value: Any, field: str, *, low: int, high: int, message) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise ResultError(message, field)
    return value


def _day(value: Any) -> dt.date:
    if isinstance(value, dt.date) and not isinstance(value, dt.datetime):
        return value
    if isinstance(value, str):
        try:
            return dt.date.fromisoformat(value)
        except ValueError:
            pass
    raise ResultError(DATE_EXPECTED(), "played_on")


def _variant_and_options(variant: Any, options: Any) -> tuple[str, dict]:
    try:
        chosen = get_variant(variant if isinstance(variant, str) else "")
    except RulesError as err:
        raise err.at("variant") from None
    options = dict(options or {}) if isinstance(options, dict) or options is None else options
    if not isinstance(options, dict):
        raise ResultError(TEXT_EXPECTED(), "options")
    try:
        chosen.table(options)
    except RulesError as err:
        raise err.at("options") from None
    return chosen.slug, options


def _present(league: League, players: Any) -> list[int]:
    """The ids of the players named (ids of the league's players, or names: a name new to the
    league adds that player), in the order given. The same player twice, an unknown id: 400."""
    if not isinstance(players, list):
        raise ResultError(LIST_EXPECTED(), "players")
    if len(players) > MAX_PLAYERS:
        raise ResultError(TOO_MANY(limit=MAX_PLAYERS), "players")
    known = {p.pk: p for p in Player.objects.filter(league=league)}
    by_key = {p.key: p for p in known.values()}
    chosen: list[int] = []
    names: dict[int, str] = {}
    for i, item in enumerate(players):
        field = f"players[{i}]"
        if isinstance(item, int) and not isinstance(item, bool):
            player = known.get(item)
            if player is None:
                raise ResultError(NO_PLAYER(id=item), field)
        elif isinstance(item, str):
            name, _formers = player_names(item, None, field=field)
            name = unicodedata.normalize("NFC", name)
            player = by_key.get(name.casefold())
            if player is None:
                player = _new_player(league, name)
                known[player.pk], by_key[player.key] = player, player
        else:
            raise ResultError(PLAYER_EXPECTED(), field)
        if player.pk in names:
            raise ResultError(PLAYER_TWICE(name=player.name), field)
        names[player.pk] = player.name
        chosen.append(player.pk)
    return chosen


def _new_player(league: League, name: str) -> Player:
    try:
        with transaction.atomic():
            return Player.objects.create(league=league, name=name, key=name.casefold())
    except IntegrityError:  # added a moment ago by another write
        return Player.objects.get(league=league, key=name.casefold())


# -- the night -------------------------------------------------------------------------------------


@retry_on_collision
@transaction.atomic
def night_create(
    *,
    league: League,
    token: Any,
    played_on: Any,
    variant: Any,
    options: Any = None,
    players: Any = (),
    rounds: Any = 3,
    seating: Any = Night.Seating.SPREAD,
    hide_last_rounds: Any = 0,
) -> Night:
    """A club night of ``league`` (organiser only)."""
    organiser_check(league, token)
    slug, options = _variant_and_options(variant, options)
    rounds = _count(rounds, "rounds", low=1, high=MAX_ROUNDS, message=ROUNDS_RANGE(high=MAX_ROUNDS))
    night = Night(
        league=league,
        played_on=_day(played_on),
        variant=slug,
        options=options,
        rounds=rounds,
        seating=_seating(seating),
        hide_last_rounds=_count(
            hide_last_rounds, "hide_last_rounds", low=0, high=rounds, message=HIDE_RANGE()
        ),
    )
    night.players = _present(league, list(players) if isinstance(players, tuple) else players)
    night.save()
    _announce(night)
    return night


def _seating(value: Any) -> str:
    if value not in Night.Seating.values:
        raise ResultError(SEATING_CHOICE(), "seating")
    return value


@retry_on_collision
@transaction.atomic
def night_update(*, league: League, token: Any, night: Night, **changes: Any) -> Night:
    """Change who is present (late arrivals, players leaving) and the settings; they take effect
    at the next draw. Only the fields given change."""
    organiser_check(league, token)
    night = _lock(night)
    if "variant" in changes or "options" in changes:
        night.variant, night.options = _variant_and_options(
            changes.get("variant", night.variant), changes.get("options", night.options)
        )
    if "played_on" in changes:
        night.played_on = _day(changes["played_on"])
    if "rounds" in changes:
        drawn = night.round_set.count()
        night.rounds = _count(
            changes["rounds"],
            "rounds",
            low=max(1, drawn),
            high=MAX_ROUNDS,
            message=ROUNDS_RANGE(high=MAX_ROUNDS),
        )
    if "seating" in changes:
        night.seating = _seating(changes["seating"])
    if "hide_last_rounds" in changes:
        night.hide_last_rounds = changes["hide_last_rounds"]
    night.hide_last_rounds = _count(
        night.hide_last_rounds, "hide_last_rounds", low=0, high=night.rounds, message=HIDE_RANGE()
    )
    if "players" in changes:
        night.players = _present(league, changes["players"])
    night.save()
    return night


def _lock(night: Night) -> Night:
    """Take the night for this write (see the module's doc) and read it as it is now; the
    night's live version grows, and its stream hears of the change once it commits."""
    Night.objects.filter(pk=night.pk).update(version=F("version") + 1)
    fresh = Night.objects.select_related("league").get(pk=night.pk)
    _announce(fresh)
    return fresh


def _announce(night: Night) -> None:
    from .night_events import announce

    transaction.on_commit(lambda: announce(night_id=night.pk), robust=True)


# -- rounds ----------------------------------------------------------------------------------------


def _rounds(night: Night) -> list[NightRound]:
    return list(
        night.round_set.prefetch_related("tables__league_game__game").order_by("number")
    )


@retry_on_collision
@transaction.atomic
def round_draw(*, league: League, token: Any, night: Night, seed: Any = None) -> NightRound:
    """Draw the next round: its tables, their seats and first dealers, each table a ranked
    league game of the night's variant and options. ``seed`` reproduces a draw (default: a
    fresh one, kept with the round)."""
    organiser_check(league, token)
    if seed is None:
        seed = secrets.randbelow(MAX_SEED)
    seed = _count(seed, "seed", low=0, high=MAX_SEED, message=SEED_RANGE())
    night = _lock(night)
    rounds = _rounds(night)
    if rounds and rounds[-1].approved is None:
        last = rounds[-1]
        from .night_selectors import table_states

        states = table_states([t.league_game for t in last.tables.all()])
        open_tables = [
            str(t.number) for t in last.tables.all() if states[t.league_game_id] != "finished"
        ] or [str(t.number) for t in last.tables.all()]
        raise NightConflict(ROUND_OPEN(round=last.number, tables=", ".join(open_tables)))
    if len(rounds) >= night.rounds:
        raise NightConflict(ROUNDS_DONE(rounds=night.rounds))
    low, high = get_variant(night.variant).players
    sizes = table_sizes(len(night.players), low, high)
    if night.seating == Night.Seating.STANDINGS:
        from .night_selectors import seating_order

        draw = standings_draw(seating_order(night), sizes, seed=seed)
    else:
        history = [[list(t.players) for t in r.tables.all()] for r in rounds]
        draw = spread_draw(list(night.players), sizes, history, seed=seed)
    players = {p.pk: p for p in Player.objects.filter(pk__in=night.players)}
    number = len(rounds) + 1
    made = NightRound.objects.create(night=night, number=number, seed=seed, cost=draw.cost)
    for index, (seated, dealer) in enumerate(zip(draw.tables, draw.dealers, strict=True)):
        names = [players[pk].name for pk in seated]
        link, _token = league_game_create(
            league=league,
            token=token,
            variant=night.variant,
            options=night.options,
            players=names,
            dealer=names[dealer],
            ranked=True,
            played_on=night.played_on,
            seat_players={players[pk].name: players[pk] for pk in seated},
        )
        NightTable.objects.create(round=made, number=index + 1, league_game=link, players=seated)
    return made


def _round(night: Night, number: Any) -> NightRound:
    """Round ``number`` of the night (NightRound.DoesNotExist: the view's 404)."""
    if isinstance(number, bool) or not isinstance(number, int) or not 1 <= number <= MAX_ROUNDS:
        raise NightRound.DoesNotExist
    return NightRound.objects.get(night=night, number=number)


@retry_on_collision
@transaction.atomic
def round_swap(*, league: League, token: Any, night: Night, number: int, a: Any, b: Any) -> NightRound:
    """Swap two players between tables of round ``number`` while neither table has a hand."""
    organiser_check(league, token)
    night = _lock(night)
    made = _round(night, number)
    if made.approved is not None:
        raise NightConflict(ROUND_APPROVED(round=made.number))
    tables = list(made.tables.select_related("league_game__game"))
    where = {}
    for field, pk in (("a", a), ("b", b)):
        found = next((t for t in tables if _same_id(pk, t.players)), None)
        if found is None:
            raise ResultError(NOT_SEATED(id=pk, round=made.number), field)
        where[field] = found
    first, second = where["a"], where["b"]
    names = dict(Player.objects.filter(pk__in=[a, b]).values_list("pk", "name"))
    if first.pk == second.pk:
        raise ResultError(SWAP_SAME_TABLE(a=names[a], b=names[b]), "b")
    for table in (first, second):
        game = Game.objects.select_for_update().get(pk=table.league_game.game_id)
        if Hand.objects.filter(game=game).exists():
            raise NightConflict(SWAP_PLAYED(table=table.number))
    _reseat(first, a, b, names)
    _reseat(second, b, a, names)
    return made


def _same_id(pk: Any, players: list[int]) -> bool:
    return isinstance(pk, int) and not isinstance(pk, bool) and pk in players


def _reseat(table: NightTable, out: int, into: int, names: dict[int, str]) -> None:
    """``into`` takes ``out``'s seat at ``table`` (a game without a hand: its seat, dealer,
    totals and league seats are renamed; a phone that claimed the seat loses it)."""
    old, new = names[out], names[into]
    link = table.league_game
    game = Game.objects.get(pk=link.game_id)
    seat = Seat.objects.get(game=game, name=old)
    SeatClaim.objects.filter(seat=seat).delete()
    seat.name = new
    seat.save(update_fields=["name"])
    game.dealer = new if game.dealer == old else game.dealer
    game.next_dealer = new if game.next_dealer == old else game.next_dealer
    game.totals = {(new if k == old else k): v for k, v in game.totals.items()}
    game.save(update_fields=["dealer", "next_dealer", "totals"])
    link.seats = {(new if k == old else k): (into if v == out else v) for k, v in link.seats.items()}
    link.save(update_fields=["seats"])
    from .models import HandTally

    HandTally.objects.filter(league_game=link, player_id=out).update(player_id=into)
    table.players = [into if pk == out else pk for pk in table.players]
    table.save(update_fields=["players"])
    game_changed(game, kind="table")


@retry_on_collision
@transaction.atomic
def round_approve(
    *, league: League, token: Any, night: Night, number: int, force: Any = False
) -> NightRound:
    """Close round ``number``: every table finished, confirmed and undisputed (or ``force``:
    a finished game waiting for confirmations is accepted). After this, the round's games take
    corrections only from the organiser, with a reason. Approving twice approves once."""
    organiser_check(league, token)
    if not isinstance(force, bool):
        raise ResultError(define("night.force", N_("expected true or false"))(), "force")
    night = _lock(night)
    made = _round(night, number)
    if made.approved is not None:
        return made
    from .night_selectors import table_states

    tables = list(made.tables.select_related("league_game__game", "league_game__league"))
    states = table_states([t.league_game for t in tables])
    open_tables = [t for t in tables if states[t.league_game_id] != "finished"]
    if open_tables and not force:
        raise NightConflict(TABLES_OPEN(tables=", ".join(str(t.number) for t in open_tables)))
    # The round's results stand from now on: a finished game is accepted, so a dispute sent
    # after the approval cannot take it out of the standings (only the organiser corrects).
    for table in tables:
        if table.league_game.game.over and not table.league_game.accepted:
            league_game_accept(league=league, token=token, link=table.league_game)
    made.approved = timezone.now()
    made.forced = bool(open_tables)
    made.save(update_fields=["approved", "forced"])
    return made


# -- a table's call --------------------------------------------------------------------------------


def table_of(*, game: Game) -> NightTable | None:
    return (
        NightTable.objects.filter(league_game__game_id=game.pk)
        .select_related("round__night__league")
        .first()
    )


@transaction.atomic
def table_call(*, table: NightTable, reason: Any = "") -> NightTable:
    """The table calls the organiser (the game's keeper or a seated player): the night's grid
    and stream show it until the organiser clears it."""
    if reason is None:
        reason = ""
    if not isinstance(reason, str):
        raise ResultError(TEXT_EXPECTED(), "reason")
    text = " ".join(unicodedata.normalize("NFC", reason.replace("\x00", "")).split())
    if len(text) > MAX_CALL:
        raise ResultError(CALL_TOO_LONG(limit=MAX_CALL), "reason")
    table.call, table.called = text, timezone.now()
    table.save(update_fields=["call", "called"])
    game_changed(table.league_game.game_id, kind="call")
    return table


@transaction.atomic
def table_call_clear(*, league: League, token: Any, table: NightTable) -> NightTable:
    organiser_check(league, token)
    table.call, table.called = "", None
    table.save(update_fields=["call", "called"])
    game_changed(table.league_game.game_id, kind="call")
    return table


# -- corrections after approval ----------------------------------------------------------------------


def games_read_closed(games: QuerySet[Game]) -> QuerySet[Game]:
    """``games`` with, in the same query, whether each is a table of an approved round and its
    league link (which every hand write's league sync reads): a hand post asks neither again."""
    approved = NightTable.objects.filter(
        league_game__game_id=OuterRef("pk"), round__approved__isnull=False
    )
    return games.select_related("league_link__league").annotate(
        approved_night_table=Exists(approved)
    )


def game_closed(game: Game) -> bool:
    """Is ``game`` a table of an approved round? Read with the game by :func:`games_read_closed`
    (no query), else one indexed query (the answer is kept on the game object for the rest of
    the request)."""
    cached = getattr(game, "_night_closed", None)
    if cached is None:
        cached = getattr(game, "approved_night_table", None)
    if cached is None:
        cached = NightTable.objects.filter(
            league_game__game_id=game.pk, round__approved__isnull=False
        ).exists()
        game._night_closed = cached
    return cached

"""A league's games in and out: CSV export, and import from that CSV or the API's JSON.

The CSV format (UTF-8 with a byte order mark, so spreadsheets read "Dũng"; comma separated; one
header row; every row has every column)::

    record,game,date,variant,ranked,options,players,dealer,hand,entry,player,place,games,wins,
    win_rate,avg_place,points,rating,rating_sigma,display_rating,player_id,former_names,seats,
    seat,removed,accepted,season,starts,ends,setting,value

A cell that a spreadsheet would take for a formula (it starts with ``=``, ``+``, ``-``, ``@``,
a tab or a carriage return, and is not a plain number) is written with a leading ``'``, which
the import strips again.

``record`` says what a row is, and which columns it fills:

- ``setting``: ``setting`` (``min_games``, ``inactive_nights`` or ``confirm_hands``) and
  ``value`` (a number; ``true``/``false`` for ``confirm_hands``): the league's settings, taken
  by a league that has no game yet (a whole league moving);
- ``season``: ``season`` (its name), ``starts``, ``ends`` (both days counted): added to the
  league unless it has that season already;
- ``player``: ``player_id`` (the league's id of the player), ``player`` (the name now),
  ``former_names`` (a JSON list). The import matches a player by id, then by name or former
  name, so a renamed player stays one player;
- ``game``: ``game`` (an id, any text unique in the file), ``date`` (the game night,
  ``2026-03-05``; a time ``2026-03-05T20:30:00+01:00`` is read too), ``variant`` (slug),
  ``ranked`` (``true``/``false``), ``options`` (a JSON object, may be empty), ``players`` (a
  JSON list of the names at the table, seating order), ``dealer`` (of the first hand; empty:
  the last player), ``seats`` (a JSON object: name at the table → ``player_id``; may be empty),
  ``removed`` (``true`` for a game the organiser took out of the league: kept, counted
  nowhere), ``accepted`` (``true`` for a game the organiser accepted without every player's
  confirmation; empty: ``false``);
- ``hand``: ``game``, ``hand`` (1, 2, ... in order), ``entry`` (the hand as a JSON object: the
  API's ``result``), ``dealer`` (who dealt it, as the table recorded it: a Phỏm tie goes by
  the dealer; empty: the rotation's turn);
- ``place``: ``game``, ``player_id``, ``player`` (the player's league name: a renamed or
  merged player sums as one), ``seat`` (the name used at the table), ``place``, ``points``: a
  finished ranked game's result, as the engine ranks it (written by the export, ignored by
  the import: it is derived);
- ``standing``: the all-time table (``player``, ``games``, ``wins``, ``win_rate``,
  ``avg_place``, ``rating`` (μ), ``rating_sigma`` (σ), ``display_rating`` (μ − 3σ)), then one
  table per variant (``variant`` filled, and ``points`` in that variant's unit: points are only
  summed within one variant); also ignored by the import.

A game already in the league (same day, variant, players and hands) is reported as a duplicate
and skipped, unless duplicates are allowed.

An import validates every game and hand through the engine before anything is written; the
report lists what would be created and every error with its line (CSV) or path (JSON). With
any error, or on a dry run, nothing is written.
"""

from __future__ import annotations

import csv
import datetime as dt
import gc
import io
import json
import secrets
import time
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from django.db import connection, transaction
from django.db.models import Prefetch
from django.utils import timezone
from django.utils.translation import gettext as _

from scorekeeper.games.models import (
    Game,
    Hand,
    HandRevision,
    Ruling,
    Seat,
    SeatClaim,
    hash_token,
)
from scorekeeper.games.scoresheet.locking import retry_on_collision
from scorekeeper.games.scoresheet.selectors import hand_result_data, state_summary
from scorekeeper.i18n import render_message
from scorekeeper.jsondepth import MAX_DEPTH, too_deep
from scorekeeper.rules.errors import GameOverError, RulesError
from scorekeeper.rules.game import replay, setup_table
from scorekeeper.rules.messages import N_, define
from scorekeeper.rules.standing import final_places
from scorekeeper.spreadsheet import spreadsheet_safe, spreadsheet_unsafe

from .models import (
    ChipTally,
    HandTally,
    League,
    LeagueGame,
    Placing,
    Player,
    RatingSnapshot,
    Season,
    Standing,
)
from .rows import insert
from .selectors import league_variants, standings
from .services import (
    ASIDE,
    MAX_FORMER_NAMES,
    _lock_league,
    _variants,
    game_token_for,
    league_scopes,
    organiser_check,
    played_on,
    player_names,
    rebuild_scopes,
)
from .tallies import game_tallies

LEAGUE_CHANGED = define(
    "league.import_conflict",
    N_(
        "the league's players changed while the import ran (a merge or a new player); "
        "nothing was imported: import again"
    ),
)


class ImportConflict(RulesError):
    """The league changed under an import in a way its matching of players cannot follow."""

    code = "conflict"
    status = 409


COLUMNS = (
    "record",
    "game",
    "date",
    "variant",
    "ranked",
    "options",
    "players",
    "dealer",
    "hand",
    "entry",
    "player",
    "place",
    "games",
    "wins",
    "win_rate",
    "avg_place",
    "points",
    "rating",
    "rating_sigma",
    "display_rating",
    "player_id",
    "former_names",
    "seats",
    "seat",
    "removed",
    "accepted",
    "season",
    "starts",
    "ends",
    "setting",
    "value",
)
SETTINGS = {"min_games": 100, "inactive_nights": 52}  # the settings an export carries: maximum
FLAGS = ("confirm_hands",)  # and its true/false settings
MAX_GAMES = 5000
MAX_PLAYERS = 2000  # people in one document (a league of a club has a few dozen)
MAX_HANDS = 60000


# -- export ------------------------------------------------------------------------------------


def export_rows(*, league: League) -> Iterator[dict[str, Any]]:
    """The settings and seasons, the players, every game with its live hands (each with its
    recorded dealer) and places, then the standings: all time and per variant. A fixed number
    of queries."""
    for key in SETTINGS:
        yield {"record": "setting", "setting": key, "value": getattr(league, key)}
    for key in FLAGS:
        yield {"record": "setting", "setting": key, "value": _true_false(getattr(league, key))}
    for season in league.seasons.order_by("starts", "pk"):
        yield {
            "record": "season",
            "season": season.name,
            "starts": season.starts.isoformat(),
            "ends": season.ends.isoformat(),
        }
    for player in Player.objects.filter(league=league).order_by("pk"):
        yield {
            "record": "player",
            "player_id": player.pk,
            "player": player.name,
            "former_names": json.dumps(player.former_names, ensure_ascii=False),
        }
    for link in _links(league):
        game = link.game
        yield {
            "record": "game",
            "game": game.public_id,
            "date": played_on(link).isoformat(),
            "variant": game.variant,
            "ranked": _true_false(link.ranked),
            "options": json.dumps(game.options, ensure_ascii=False, sort_keys=True),
            "players": json.dumps([s.name for s in game.seats.all()], ensure_ascii=False),
            "dealer": game.dealer,
            "seats": json.dumps(link.seats, ensure_ascii=False),
            "removed": _true_false(link.removed),
            "accepted": _true_false(link.accepted),
        }
        for hand in game.hands.all():
            yield {
                "record": "hand",
                "game": game.public_id,
                "hand": hand.number,
                "entry": json.dumps(hand.entry, ensure_ascii=False, sort_keys=True),
                "dealer": hand.dealer,
            }
        if link.ranked and link.finished and not link.removed:
            for placing in sorted(link.placings.all(), key=lambda p: (p.place, p.pk)):
                yield {
                    "record": "place",
                    "game": game.public_id,
                    "variant": game.variant,
                    "player": placing.player.name,  # the league's name: one person, one name
                    "seat": placing.seat,
                    "player_id": placing.player_id,
                    "place": placing.place,
                    "points": placing.score,
                }
    for variant in [None, *league_variants(league=league)]:
        for row in standings(league=league, variant=variant):
            yield {
                "record": "standing",
                "variant": variant or "",
                "player": row.player,
                "player_id": row.player_id,
                "games": row.games,
                "wins": row.wins,
                "win_rate": f"{row.win_rate:.3f}",
                "avg_place": f"{row.avg_place:.2f}",
                "points": row.score if variant else "",
                "rating": f"{row.mu:.3f}",
                "rating_sigma": f"{row.sigma:.3f}",
                "display_rating": f"{row.display:.3f}",
            }


def _true_false(value: bool) -> str:
    return "true" if value else "false"


def _links(league: League):
    seats = Prefetch(
        "game__seats", queryset=Seat.objects.select_related("claim").order_by("position")
    )
    hands = Prefetch(
        "game__hands", queryset=Hand.objects.filter(deleted_at__isnull=True).order_by("number")
    )
    return (
        LeagueGame.objects.filter(league=league)
        .select_related("game")
        .prefetch_related(seats, hands, "placings__player")
        .order_by("played", "pk")
    )


def export_csv(*, league: League) -> str:
    out = io.StringIO()
    out.write("\ufeff")  # the byte order mark: spreadsheets then read the file as UTF-8
    writer = csv.DictWriter(out, fieldnames=COLUMNS, lineterminator="\r\n")
    writer.writeheader()
    for row in export_rows(league=league):
        writer.writerow({key: spreadsheet_safe(value) for key, value in row.items()})
    return out.getvalue()


def export_document(*, league: League) -> dict[str, Any]:
    """The whole league as JSON (``GET /leagues/{id}/export``): settings, seasons, players with
    their ids and former names, every game with its day, seats by player id, and hands. The
    import takes it back."""
    return {
        "league": {
            "id": league.public_id,
            "name": league.name,
            "description": league.description,
            "variants": list(league.variants),
            "min_games": league.min_games,
            "inactive_nights": league.inactive_nights,
            "confirm_hands": league.confirm_hands,
        },
        "seasons": [
            {"name": s.name, "starts": s.starts.isoformat(), "ends": s.ends.isoformat()}
            for s in league.seasons.order_by("starts", "pk")
        ],
        "players": [
            {"id": p.pk, "name": p.name, "former_names": list(p.former_names)}
            for p in Player.objects.filter(league=league).order_by("pk")
        ],
        "games": [
            {
                "id": link.game.public_id,
                "played_on": played_on(link).isoformat(),
                "variant": link.game.variant,
                "options": link.game.options,
                "ranked": link.ranked,
                "players": [s.name for s in link.game.seats.all()],
                "dealer": link.game.dealer,
                "seats": dict(link.seats),
                "hands": [hand.entry for hand in link.game.hands.all()],
                # Who dealt each hand, as recorded (RULES 1; "" for a hand from before dealers
                # were recorded): the import scores every hand as the original did.
                "dealers": [hand.dealer for hand in link.game.hands.all()],
                "removed": link.removed,
                "accepted": link.accepted,
                **_table_said(link),
            }
            for link in _links(league).prefetch_related("game__rulings")
        ],
    }


def _table_said(link: LeagueGame) -> dict[str, Any]:
    """What the table said beyond the hands, by player id: the claimed seats, each hand's
    confirmations and disputes, and the rulings kept (API.md "moving a league")."""
    ids = link.seats
    return {
        "claims": [ids[s.name] for s in link.game.seats.all() if _claimed(s) and s.name in ids],
        "checks": [
            {
                str(ids[name]): dict(said)
                for name, said in (hand.checks or {}).items()
                if name in ids
            }
            for hand in link.game.hands.all()
        ],
        "rulings": [
            {
                "by": ids.get(r.by) if r.by else None,
                "question": r.question,
                "variant": r.variant,
                "rule": r.rule,
                "title": r.title,
                "text": r.text,
                "note": r.note,
                "created": r.created.isoformat(),
            }
            for r in link.game.rulings.all()
        ],
    }


def _claimed(seat: Seat) -> bool:
    try:
        return seat.claim is not None
    except SeatClaim.DoesNotExist:
        return False


# -- import ------------------------------------------------------------------------------------


@dataclass
class Planned:
    """One game the import would create, and where it came from."""

    where: str  # "line 2" or "games[0]"
    label: str
    variant: str
    options: dict
    players: list[str]
    dealer: str | None
    ranked: bool
    played: dt.datetime | None
    hands: list[dict] = field(default_factory=list)
    hand_where: list[str] = field(default_factory=list)
    dealers: list[str | None] = field(default_factory=list)  # who dealt each hand, if known
    removed: bool = False  # taken out of the league: kept, counted nowhere
    accepted: bool = False  # the organiser accepted it without every player's confirmation
    finished: bool = False
    winners: list[str] = field(default_factory=list)
    seats: dict[str, Any] = field(default_factory=dict)  # name at the table -> person ref
    duplicate_of: str | None = None  # the league game it repeats
    replayed: Any = None  # the engine's replay from validation: the write stores its results
    # What the table said beyond the hands, by the names at the table: claimed seats, each
    # hand's confirmations and disputes ({name: {"disputed", "reason"}}, one per hand), rulings.
    claims: list[str] = field(default_factory=list)
    checks: list[dict[str, dict]] = field(default_factory=list)
    rulings: list[dict[str, str]] = field(default_factory=list)
    ruling_times: list[dt.datetime | None] = field(default_factory=list)

    def as_report(self) -> dict[str, Any]:
        return {
            "where": self.where,
            "game": self.label,
            "variant": self.variant,
            "players": self.players,
            "ranked": self.ranked,
            "date": self.played.isoformat() if self.played else None,
            "hands": len(self.hands),
            "finished": self.finished,
            "winners": self.winners,
            "duplicate_of": self.duplicate_of,
            "removed": self.removed,
        }


@dataclass
class Report:
    dry_run: bool
    games: list[Planned] = field(default_factory=list)
    errors: list[dict[str, Any]] = field(default_factory=list)
    created: list[str] = field(default_factory=list)  # public ids of the games written
    people: list[dict[str, Any]] = field(default_factory=list)  # {"ref", "name", "former_names"}
    duplicates: list[Planned] = field(default_factory=list)  # already in the league: skipped
    allow_duplicates: bool = False
    # The export document's seasons ({"name", "starts", "ends"}) and settings ({"min_games",
    # "inactive_nights"}): the seasons the league lacks are added; the settings are taken
    # by a league that has no game yet (a whole league moving), so its table lists alike.
    seasons: list[dict[str, Any]] = field(default_factory=list)
    settings: dict[str, Any] = field(default_factory=dict)
    settings_taken: bool = False
    source: str = ""  # the id of the league the document was exported from, if it says

    @property
    def ok(self) -> bool:
        return not self.errors

    def error(self, where: str, message: str, field_name: str | None = None) -> None:
        self.errors.append({"where": where, "field": field_name, "message": message})

    def as_dict(self) -> dict[str, Any]:
        # What was (or, on a dry run or when refused, would be) imported, skipped as a
        # duplicate, and refused with why: nothing is written when anything is refused.
        skipped = [] if self.allow_duplicates else self.duplicates
        return {
            "dry_run": self.dry_run,
            "ok": self.ok,
            "written": bool(self.created),
            "summary": {
                "imported": len(self.games) if self.ok else 0,
                "hands": sum(len(g.hands) for g in self.games) if self.ok else 0,
                "skipped_duplicates": len(skipped),
                "refused": len(self.errors),
            },
            "skipped": [g.as_report() for g in skipped],
            "refused": self.errors,
            "games": [g.as_report() for g in self.games],
            "hands": sum(len(g.hands) for g in self.games),
            "duplicates": [g.as_report() for g in self.duplicates],
            "errors": self.errors,
            "created": self.created,
            "seasons": [season["name"] for season in self.seasons],
            "settings": self.settings if self.settings_taken else {},
        }


def parse_csv(text: str, report: Report) -> list[Planned]:
    """Game and hand rows into planned games; every unreadable row is an error with its line."""
    reader = csv.DictReader(io.StringIO(text.lstrip("\ufeff")))
    try:
        missing = [c for c in ("record", "game") if c not in (reader.fieldnames or [])]
    except csv.Error as error:
        _unreadable(1, error, report)
        return []
    if missing:
        report.error(
            "line 1",
            _("the header row must name the columns %(columns)s") % {"columns": ", ".join(COLUMNS)},
        )
        return []
    games: dict[str, Planned] = {}
    order: list[Planned] = []
    rows = iter(reader)
    while True:
        first = reader.line_num + 1  # the line the next row starts on
        try:
            row = next(rows)
        except StopIteration:
            break
        except csv.Error as error:  # nothing after it can be trusted: stop at this row
            _unreadable(first, error, report)
            break
        line = f"line {reader.line_num}"
        if None in row:
            report.error(line, _("this row has more cells than the header"))
            continue
        row = {
            key: spreadsheet_unsafe(value) if isinstance(value, str) else value
            for key, value in row.items()
        }
        kind = (row.get("record") or "").strip()
        label = (row.get("game") or "").strip()
        if kind in {"place", "standing"}:
            continue  # derived: the engine works them out again
        if kind == "setting":
            _csv_setting(row, line, report)
            continue
        if kind == "season":
            _csv_season(row, line, report)
            continue
        if kind == "player":
            _csv_player(row, line, report)
            continue
        if kind == "game":
            planned = _csv_game(row, line, label, report)
            if planned is None:
                continue
            if label in games:
                report.error(line, _("game %(game)s appears twice") % {"game": label}, "game")
                continue
            games[label] = planned
            order.append(planned)
        elif kind == "hand":
            planned = games.get(label)
            if planned is None:
                report.error(
                    line,
                    _("hand of game %(game)s, which no earlier row starts") % {"game": label},
                    "game",
                )
                continue
            expected = len(planned.hands) + 1
            if (row.get("hand") or "").strip() != str(expected):
                report.error(
                    line,
                    _("expected hand %(n)s of game %(game)s") % {"n": expected, "game": label},
                    "hand",
                )
                continue
            entry = _json(row.get("entry"), dict, line, "entry", report)
            if entry is not None:
                planned.hands.append(entry)
                planned.hand_where.append(line)
                planned.dealers.append((row.get("dealer") or "").strip() or None)
        else:
            report.error(
                line,
                _(
                    "record %(kind)r: expected setting, season, player, game, hand, place or "
                    "standing"
                )
                % {"kind": kind},
                "record",
            )
    return order


def _csv_setting(row: Mapping[str, Any], line: str, report: Report) -> None:
    key = (row.get("setting") or "").strip()
    text = (row.get("value") or "").strip()
    if key in FLAGS:
        flag = _csv_flag({key: text}, key, "", line, report, column="value")
        if flag is not None:
            report.settings[key] = flag
        return
    if key not in SETTINGS:
        report.error(
            line,
            _("setting %(key)r: expected %(keys)s")
            % {"key": key, "keys": ", ".join([*SETTINGS, *FLAGS])},
            "setting",
        )
        return
    if not text.isdigit() or not 0 <= int(text) <= SETTINGS[key]:
        report.error(
            line,
            _("%(key)s: expected a whole number from 0 to %(top)s")
            % {"key": key, "top": SETTINGS[key]},
            "value",
        )
        return
    report.settings[key] = int(text)


def _csv_season(row: Mapping[str, Any], line: str, report: Report) -> None:
    _add_season(
        {"name": row.get("season"), "starts": row.get("starts"), "ends": row.get("ends")},
        line,
        report,
    )


def _add_season(season: Any, where: str, report: Report) -> None:
    try:
        name = season["name"]
        starts = dt.date.fromisoformat(str(season["starts"]).strip())
        ends = dt.date.fromisoformat(str(season["ends"]).strip())
    except (TypeError, KeyError, ValueError):
        name = None
    if not isinstance(name, str) or not name.strip() or ends < starts:
        report.error(where, _("expected a season with a name, a first and a last day"), where)
        return
    report.seasons.append({"name": name.strip(), "starts": starts, "ends": ends})


def _unreadable(line: int, error: csv.Error, report: Report) -> None:
    """A row the csv module cannot read: a cell over its limit, or broken quoting."""
    if "field limit" in str(error):
        text = _("a cell holds more than %(n)s characters") % {"n": csv.field_size_limit()}
    else:
        text = _("this row is not valid CSV (%(why)s)") % {"why": error}
    report.error(f"line {line}", text)


def _csv_game(row: Mapping[str, Any], line: str, label: str, report: Report) -> Planned | None:
    before = len(report.errors)
    if not label:
        report.error(line, _("a game row needs a game id"), "game")
    options = _json(row.get("options") or "{}", dict, line, "options", report)
    players = _json(row.get("players"), list, line, "players", report)
    ranked = _csv_flag(row, "ranked", "true", line, report)
    played = _date(row.get("date"), line, report)
    seats = _json(row.get("seats") or "{}", dict, line, "seats", report)
    removed = _csv_flag(row, "removed", "false", line, report)
    accepted = _csv_flag(row, "accepted", "false", line, report)
    if len(report.errors) > before:
        return None
    return Planned(
        where=line,
        label=label,
        variant=(row.get("variant") or "").strip(),
        options=options,
        players=players,
        dealer=(row.get("dealer") or "").strip() or None,
        ranked=bool(ranked),
        played=played,
        seats=seats,
        removed=bool(removed),
        accepted=bool(accepted),
    )


def _csv_flag(
    row: Mapping[str, Any], key: str, default: str, line: str, report: Report, *, column: str = ""
) -> bool | None:
    """A true/false cell (``default`` when empty); None, with the error reported, otherwise."""
    text = (row.get(key) or default).strip().lower()
    if text not in {"true", "false"}:
        report.error(
            line,
            _("%(key)s: expected true or false, got %(value)r") % {"key": key, "value": text},
            column or key,
        )
        return None
    return text == "true"


def _json_flag(
    item: Mapping, key: str, default: bool, where: str, report: Report, *, at: str = ""
) -> bool | None:
    """A true/false member of a JSON object (``default`` when absent); None, with the error
    reported (at ``at``, else ``where``), for anything else."""
    value = item.get(key, default)
    if not isinstance(value, bool):
        field = f"{where}.{key}"
        report.error(at or where, _("%(key)s: expected true or false") % {"key": key}, field)
        return None
    return value


def _csv_player(row: Mapping[str, Any], line: str, report: Report) -> None:
    ref_text = (row.get("player_id") or "").strip()
    name = (row.get("player") or "").strip()
    formers = _json(row.get("former_names") or "[]", list, line, "former_names", report)
    if not name:
        report.error(line, _("a player row needs the player's name"), "player")
        return
    ref: Any = int(ref_text) if ref_text.isdigit() else (ref_text or name)
    _person(ref, name, formers or [], line, "", report)


def _person(ref: Any, name: Any, formers: Any, where: str, field: str, report: Report) -> None:
    """A player of the document, its names checked as every path that stores a name checks
    them (:func:`~scorekeeper.leagues.services.player_names`)."""
    if len(report.people) >= MAX_PLAYERS:
        if len(report.people) == MAX_PLAYERS:
            report.error(where, _("at most %(n)s players per import") % {"n": MAX_PLAYERS})
            report.people.append({})  # past the bound: the error is said once (none is written)
        return
    try:
        name, formers = player_names(name, formers, field=field)
    except RulesError as error:
        report.error(where, render_message(error.message), error.field)
        return
    report.people.append({"ref": ref, "name": name, "former_names": formers})


def parse_json(data: Any, report: Report) -> list[Planned]:
    """``{"games": [{"played_on" (or "date"), "variant", "options", "players", "dealer",
    "ranked", "hands", "seats"}], "players": [{"id", "name", "former_names"}]}``: the games
    list, or the whole document of ``GET /leagues/{id}/export``."""
    people = data.get("players", []) if isinstance(data, Mapping) else []
    if not isinstance(people, list):
        report.error("players", _("expected a list of players"), "players")
        people = []
    for i, person in enumerate(people):
        name = person.get("name") if isinstance(person, Mapping) else None
        formers = person.get("former_names") or [] if isinstance(person, Mapping) else []
        if not isinstance(name, str) or not name.strip() or not isinstance(formers, list):
            report.error(f"players[{i}]", _("expected a player with a name"), f"players[{i}]")
            continue
        ref = person.get("id", name)
        _person(ref, name, formers, f"players[{i}]", f"players[{i}]", report)
    if isinstance(data, Mapping):
        _parse_league(data, report)
    games = data.get("games") if isinstance(data, Mapping) else None
    if not isinstance(games, list):
        report.error("games", _("expected a list of games"), "games")
        return []
    order = []
    for i, item in enumerate(games):
        where = f"games[{i}]"
        if not isinstance(item, Mapping):
            report.error(where, _("expected a game object"), where)
            continue
        before = len(report.errors)
        hands = item.get("hands", [])
        if not isinstance(hands, list) or not all(isinstance(h, Mapping) for h in hands):
            report.error(where, _("hands: expected a list of hand objects"), f"{where}.hands")
        ranked = _json_flag(item, "ranked", True, where, report)
        options = item.get("options") or {}
        if not isinstance(options, Mapping):
            report.error(where, _("options: expected an object"), f"{where}.options")
        date = item.get("played_on", item.get("date"))
        played = _date(date, where, report) if date is not None else None
        seats = item.get("seats") or {}
        if not isinstance(seats, Mapping):
            report.error(where, _("seats: expected an object"), f"{where}.seats")
        dealers = item.get("dealers") or []
        if not isinstance(dealers, list) or not all(
            d is None or isinstance(d, str) for d in dealers
        ):
            report.error(
                where, _("dealers: expected a list of names, one per hand"), f"{where}.dealers"
            )
        elif isinstance(hands, list) and len(dealers) > len(hands):
            report.error(where, _("dealers: more dealers than hands"), f"{where}.dealers")
        removed = _json_flag(item, "removed", False, where, report)
        accepted = _json_flag(item, "accepted", False, where, report)
        said = _table_facts(item, seats, hands, where, report)
        if len(report.errors) > before:
            continue
        order.append(
            Planned(
                where=where,
                label=str(item.get("id") or i),
                variant=item.get("variant"),
                options=dict(options),
                players=item.get("players"),
                dealer=item.get("dealer"),
                ranked=ranked,
                played=played,
                hands=[dict(h) for h in hands],
                hand_where=[f"{where}.hands[{j}]" for j in range(len(hands))],
                seats=dict(seats),
                dealers=[d or None for d in dealers],
                removed=removed,
                accepted=accepted,
                **said,
            )
        )
    return order


MAX_RULING_TEXT = 20000
RULING_FIELDS = {"question": 300, "variant": 40, "rule": 100, "title": 200, "note": 200}


def _table_facts(item: Mapping, seats: Any, hands: Any, where: str, report: Report) -> dict:
    """A game's ``claims`` (player ids of the claimed seats), ``checks`` (per hand: {player id:
    {"disputed", "reason"}}) and ``rulings`` ({"by": player id or null, "question",
    "variant", "rule", "title", "text", "note", "created"}), turned into the names at the
    table through the game's ``seats``; errors go to the report."""
    names = (
        {str(ref): name for name, ref in (seats or {}).items()}
        if isinstance(seats, Mapping)
        else {}
    )
    said: dict[str, Any] = {"claims": [], "checks": [], "rulings": [], "ruling_times": []}

    def seat(ref: Any, at: str) -> str | None:
        name = (
            names.get(str(ref))
            if isinstance(ref, (int, str)) and not isinstance(ref, bool)
            else None
        )
        if name is None:
            report.error(where, _("%(at)s: not a player id of this game's seats") % {"at": at}, at)
        return name

    claims = item.get("claims") or []
    if not isinstance(claims, list):
        report.error(where, _("claims: expected a list of player ids"), f"{where}.claims")
        claims = []
    for j, ref in enumerate(claims):
        name = seat(ref, f"{where}.claims[{j}]")
        if name is not None and name not in said["claims"]:
            said["claims"].append(name)
    checks = item.get("checks") or []
    if not isinstance(checks, list) or (isinstance(hands, list) and len(checks) > len(hands)):
        report.error(
            where, _("checks: expected a list with one object per hand"), f"{where}.checks"
        )
        checks = []
    for j, per_hand in enumerate(checks):
        at = f"{where}.checks[{j}]"
        if not isinstance(per_hand, Mapping):
            report.error(where, _("checks: expected a list with one object per hand"), at)
            continue
        kept: dict[str, dict] = {}
        for ref, check in per_hand.items():
            name = seat(ref, f"{at}.{ref}")
            disputed = check.get("disputed") if isinstance(check, Mapping) else None
            reason = check.get("reason", "") if isinstance(check, Mapping) else None
            if not isinstance(disputed, bool) or not isinstance(reason, str) or len(reason) > 200:
                report.error(
                    where, _('expected {"disputed": true or false, "reason": text}'), f"{at}.{ref}"
                )
                continue
            if name is not None:
                kept[name] = {"disputed": disputed, "reason": reason}
        said["checks"].append(kept)
    rulings = item.get("rulings") or []
    if not isinstance(rulings, list) or len(rulings) > 100:
        report.error(
            where, _("rulings: expected a list of at most 100 rulings"), f"{where}.rulings"
        )
        rulings = []
    for j, ruling in enumerate(rulings):
        at = f"{where}.rulings[{j}]"
        texts = (
            {k: ruling.get(k, "") for k in [*RULING_FIELDS, "text"]}
            if isinstance(ruling, Mapping)
            else {}
        )
        if not texts or not all(
            isinstance(v, str)
            and "\x00" not in v
            and len(v) <= RULING_FIELDS.get(k, MAX_RULING_TEXT)
            for k, v in texts.items()
        ):
            report.error(where, _("expected a ruling with its question, variant and rule"), at)
            continue
        by = ruling.get("by")
        name = "" if by is None or by == "" else seat(by, f"{at}.by")
        created = ruling.get("created")
        when = _date(created, at, report) if isinstance(created, str) and created else None
        if name is not None:
            said["rulings"].append({**texts, "by": name})
            said["ruling_times"].append(when)
    return said


def _parse_league(data: Mapping, report: Report) -> None:
    """The export document's seasons and settings, when it has them."""
    seasons = data.get("seasons", [])
    if not isinstance(seasons, list):
        report.error("seasons", _("expected a list of seasons"), "seasons")
        seasons = []
    for i, season in enumerate(seasons):
        _add_season(season, f"seasons[{i}]", report)
    settings = data.get("league")
    if isinstance(settings, Mapping):
        source = settings.get("id")
        if isinstance(source, str):
            report.source = source
        offered = settings.get("variants")
        if offered is not None:
            try:
                report.settings["variants"] = _variants(
                    offered if isinstance(offered, list) else [0]
                )
            except RulesError as error:
                report.error("league.variants", render_message(error.message), "league.variants")
        for key, top in SETTINGS.items():
            value = settings.get(key)
            if value is None:
                continue
            if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= top:
                report.error(
                    f"league.{key}",
                    _("%(key)s: expected a whole number from 0 to %(top)s")
                    % {"key": key, "top": top},
                    f"league.{key}",
                )
                continue
            report.settings[key] = value
        for key in FLAGS:
            flag = _json_flag(settings, key, False, "league", report, at=f"league.{key}")
            if key in settings and flag is not None:
                report.settings[key] = flag


def _json(text: Any, kind: type, line: str, column: str, report: Report) -> Any:
    try:
        value = json.loads(text or "")
    except (TypeError, ValueError, RecursionError):
        report.error(line, _("%(column)s: not valid JSON") % {"column": column}, column)
        return None
    if too_deep(value):
        report.error(
            line,
            _("%(column)s: JSON nested more than %(n)s levels deep")
            % {"column": column, "n": MAX_DEPTH},
            column,
        )
        return None
    if not isinstance(value, kind):
        if kind is dict:
            text = _("%(column)s: expected an object") % {"column": column}
        else:
            text = _("%(column)s: expected a list") % {"column": column}
        report.error(line, text, column)
        return None
    return value


def _date(text: Any, where: str, report: Report) -> dt.datetime | None:
    text = str(text or "").strip()
    if not text:
        return None
    try:
        if len(text) == 10:
            day = dt.date.fromisoformat(text)
            value = dt.datetime.combine(day, dt.time(12, 0))
        else:
            value = dt.datetime.fromisoformat(text)
    except ValueError:
        report.error(where, _("date: %(value)r is not an ISO 8601 date") % {"value": text}, "date")
        return None
    if timezone.is_naive(value):
        value = timezone.make_aware(value)
    return value


def validate(planned: Sequence[Planned], report: Report) -> None:
    """Replay every planned game through the engine; each error names its row."""
    if len(planned) > MAX_GAMES or sum(len(g.hands) for g in planned) > MAX_HANDS:
        report.error(
            "",
            _("at most %(games)s games and %(hands)s hands per import")
            % {"games": MAX_GAMES, "hands": MAX_HANDS},
        )
        return
    for game in planned:
        try:
            played = replay(
                variant=game.variant,
                options=game.options,
                players=game.players,
                dealer=game.dealer,
                results=game.hands,
                dealers=game.dealers,
            )
        except GameOverError as err:
            where = game.hand_where[err.after] if err.after < len(game.hand_where) else game.where
            report.error(where, _("the game is already over before this hand"), "entry")
            continue
        except RulesError as err:
            report.error(_locate(game), render_message(err.message), getattr(err, "field", None))
            continue
        keys: dict[str, str] = {}
        for name in played.players:
            if name.casefold() in keys:
                report.error(
                    game.where,
                    _("%(name)s and %(other)s are one player in a league")
                    % {"name": name, "other": keys[name.casefold()]},
                    "players",
                )
            keys[name.casefold()] = name
        game.players = list(played.players)
        game.replayed = played
        game.finished = played.state.over
        game.winners = list(played.state.winners)
        report.games.append(game)


def _locate(game: Planned) -> str:
    """The row of the first entry the engine refuses (the game row if the table is wrong)."""
    try:
        replay(variant=game.variant, options=game.options, players=game.players, dealer=game.dealer)
    except RulesError:
        return game.where
    for count in range(1, len(game.hands) + 1):
        try:
            replay(
                variant=game.variant,
                options=game.options,
                players=game.players,
                dealer=game.dealer,
                results=game.hands[:count],
                dealers=game.dealers[:count],
            )
        except RulesError:
            return game.hand_where[count - 1]
    return game.where


def import_games(
    *,
    league: League,
    token,
    csv_text: str | None = None,
    data: Any = None,
    dry_run: bool = False,
    allow_duplicates: bool = False,
) -> Report:
    """Validate games from CSV text or JSON data; unless a dry run or any error, create them all.

    Players are matched as API.md "moving a league" says (:func:`_cast`): by id only when the
    document was exported from this very league, else by name or former name, never against a
    player this import creates; two players of the document stay two. A game the league
    already has (same day, variant, players and hands) is a duplicate: reported, and skipped
    unless ``allow_duplicates``. An export document's seasons the league lacks are added, and
    its settings taken by a league with no game yet.

    The games are written aside (:func:`_write_aside`: a hidden league, in short transactions,
    its ratings built there) and switched into the league in one short transaction at the end
    (:func:`_switch`), so other writes wait at most one step; a refused or failed import
    leaves nothing behind. A dry run writes nothing (no id is used up)."""
    organiser_check(league, token)
    with _collector_paused():
        return _import(league, csv_text, data, dry_run, allow_duplicates)


@contextmanager
def _collector_paused() -> Iterator[None]:
    """Python's cycle collector off while an import runs (on again after it, as it was). An
    import holds tens of thousands of objects (the document, its replays, the rows); every
    full collection walks all of them, and on 2,000 games that was 40% of the import's time.
    Bounded (5,000 games, 4 MB), so the garbage it leaves for the collector afterwards is
    too."""
    paused = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if paused:
            gc.enable()


def _import(league, csv_text, data, dry_run: bool, allow_duplicates: bool) -> Report:
    report = Report(dry_run=dry_run, allow_duplicates=allow_duplicates)
    planned = parse_csv(csv_text, report) if csv_text is not None else parse_json(data, report)
    if report.errors:
        report.games = []
        return report
    validate(planned, report)
    if report.errors:
        return report
    cast = _plan(league=league, report=report)
    if report.errors or dry_run:
        return report
    try:
        _write_aside(league, report, cast)
    except RulesError as error:  # nothing kept
        report.created = []
        report.error("", render_message(error.message), getattr(error, "field", None))
    return report


@retry_on_collision
def _plan(*, league: League, report: Report) -> Cast:
    """What the league already has (duplicates, seasons, whether it takes the settings), and
    who every player is: reads only."""
    _find_duplicates(league, report)
    have = {(x.name.casefold(), x.starts, x.ends) for x in league.seasons.all()}
    report.seasons = [
        x for x in report.seasons if (x["name"].casefold(), x["starts"], x["ends"]) not in have
    ]
    report.settings_taken = bool(report.settings) and not league.games.exists()
    return _cast(league, report)


# -- who is who ----------------------------------------------------------------------------------


@dataclass
class Person:
    """One player of the import: an existing player of the league (``player``) or a new one."""

    name: str
    former_names: list[str]
    player: int | None = None  # the league's player id, when matched


@dataclass
class Cast:
    people: list[Person]
    seatings: list[dict[str, int]]  # per game of report.games: name at the table -> person


def _cast(league: League, report: Report) -> Cast:
    """Who every player of the document, and every name at every table, is.

    A document player is the league's player with the same id only when the document was
    exported from this league (it names it: ``league.id``); otherwise, and when no such id
    is left, the player whose name or former name is one of theirs; else a new player. Only
    players the league held before the import are matched: ids and names the import itself
    makes never are, and two players of one document never become one (refused). A name at a
    table that no document player stands for is matched by name the same way, a new name
    once for the whole import. Reads only; errors go to the report."""
    existing = list(Player.objects.filter(league=league).order_by("pk"))
    same_league = bool(report.source) and report.source == league.public_id
    by_id = {p.pk: p for p in existing}
    by_name: dict[str, Player] = {}
    for p in existing:
        for n in [p.name, *p.former_names]:
            by_name.setdefault(_key(n), p)
    people: list[Person] = []
    by_ref: dict[Any, int] = {}
    owner: dict[str, int] = {}  # a name (case-folded) -> the person it names in this import
    taken: dict[int, int] = {}  # league player id -> the person matched to it

    def claim(index: int, names: Sequence[str]) -> None:
        for n in names:
            owner.setdefault(_key(n), index)

    for i, person in enumerate(report.people):
        if not person:
            continue
        ref, name, formers = person["ref"], person["name"], person["former_names"]
        where = f"players[{i}]"
        if ref in by_ref:
            report.error(where, _("player id %(id)s appears twice") % {"id": ref}, f"{where}.id")
            continue
        player = None
        if same_league and isinstance(ref, int) and not isinstance(ref, bool):
            player = by_id.get(ref)
        if player is None:
            player = next((by_name[_key(n)] for n in [name, *formers] if _key(n) in by_name), None)
        if player is not None and player.pk in taken:
            other = people[taken[player.pk]].name
            report.error(
                where,
                _(
                    "%(name)s and %(other)s are two players of this document, but both would "
                    "be the league's %(player)s; nothing was imported"
                )
                % {"name": name, "other": other, "player": player.name},
                f"{where}.name",
            )
            continue
        if player is None and _key(name) in owner:
            other = people[owner[_key(name)]].name
            report.error(
                where,
                _("%(name)s and %(other)s are one player in a league")
                % {"name": name, "other": other},
                f"{where}.name",
            )
            continue
        index = len(people)
        people.append(Person(name=name, former_names=list(formers), player=player and player.pk))
        by_ref[ref] = index
        if player is not None:
            taken[player.pk] = index
            claim(index, [player.name, *player.former_names])
        claim(index, [name, *formers])
    seatings: list[dict[str, int]] = []
    for game in report.games:
        seating: dict[str, int] = {}
        for name in game.players:
            ref = game.seats.get(name)
            index = by_ref.get(ref) if ref is not None and not isinstance(ref, dict) else None
            if index is None:
                index = owner.get(_key(name))
            if index is None:
                player = by_name.get(_key(name))
                if player is not None and player.pk in taken:
                    index = taken[player.pk]
                else:
                    index = len(people)
                    people.append(Person(name=name, former_names=[], player=player and player.pk))
                    if player is not None:
                        taken[player.pk] = index
                        claim(index, [player.name, *player.former_names])
                    claim(index, [name])
            seating[name] = index
        seen: dict[int, str] = {}
        for i, name in enumerate(game.players):
            if seating[name] in seen:
                report.error(
                    game.where,
                    _("%(name)s and %(other)s are one player in a league")
                    % {"name": name, "other": seen[seating[name]]},
                    f"{game.where}.players[{i}]",
                )
            seen[seating[name]] = name
        seatings.append(seating)
    return Cast(people=people, seatings=seatings)


def _key(name: str) -> str:
    return name.casefold()


# -- writing aside, then switching in ------------------------------------------------------------

# A league being imported is built in a league of its own, which nobody can see or write (no
# token hashes to this mark), then switched into its target. One left behind by a process
# that died is swept by the next import after a while.
STEP_SECONDS = 0.35  # one transaction of the import's writes stays about this short
STALE = dt.timedelta(hours=1)


def _write_aside(league: League, report: Report, cast: Cast) -> None:
    _sweep()
    aside = _make_aside(league=league, report=report)
    try:
        players, scopes, built = _start_aside(league=league, aside=aside, cast=cast, report=report)
        pairs = list(zip(report.games, cast.seatings, strict=True))
        for step in _steps(pairs):
            made = _write_step(league=league, aside=aside, step=step, players=players)
            report.created += made
        if built:
            for scope in _all_scopes(aside=aside, scopes=scopes):
                _rebuild_aside(aside=aside, scope=scope)
                _pause()
        _switch(league=league, aside=aside, cast=cast, players=players, report=report, built=built)
    except BaseException:
        report.created = []
        _discard(aside)
        raise


@retry_on_collision
@transaction.atomic
def _write_step(
    *, league: League, aside: League, step: Sequence, players: Sequence[Player]
) -> list[str]:
    """Write one run of games into the league built aside, in bulk: the game as the games
    app stores one (seats, hands with their results, running totals and first revisions,
    claims, confirmations, rulings), its link with each seat's player, its places when it
    counts, and its tallies; the ratings are built once at the end. Each hand's result is
    the engine's replay from validation. Returns the games' public ids."""
    now = timezone.now()
    games, seats, hands, rulings, links = [], [], [], [], []
    for planned, seating in step:
        played = planned.replayed
        _table, names, dealer = setup_table(
            variant=planned.variant,
            options=planned.options,
            players=planned.players,
            dealer=planned.dealer,
        )
        summary = state_summary(played.state)
        game = Game(
            variant=planned.variant,
            options=planned.options or {},
            dealer=dealer,
            hand_count=len(planned.hands),
            totals=summary["totals"],
            over=summary["over"],
            winners=summary["winners"],
            next_dealer=summary["dealer"] or "",
            next_deal=summary["deal"],
            ruling_count=len(planned.rulings),
        )
        # The token the league's organiser derives for it (as league_game_create makes it).
        game.token_hash = hash_token(game_token_for(league=league, game=game))
        games.append((game, planned, seating, names, played))
    insert([g[0] for g in games], returning=True)
    for game, planned, seating, names, played in games:
        seats += [Seat(game=game, position=i, name=name) for i, name in enumerate(names)]
        rows = zip(planned.hands, played.hands, played.state.running, strict=True)
        for number, (entry, result, totals) in enumerate(rows, start=1):
            said = planned.checks[number - 1] if number <= len(planned.checks) else {}
            hands.append(
                Hand(
                    game=game,
                    number=number,
                    entry=entry,
                    dealer=result.dealer,
                    result=hand_result_data(result),
                    totals=dict(totals),
                    checks=said,
                    version=1,
                )
            )
        rulings += [Ruling(game=game, **r) for r in planned.rulings]
        links.append(
            LeagueGame(
                league=aside,
                game=game,
                ranked=planned.ranked,
                played=planned.played or now,
                variant=game.variant,
                seats={name: players[seating[name]].pk for name in names},
                removed=planned.removed,
                accepted=planned.accepted,
            )
        )
    insert(seats, returning=True)
    claimed = {(g[0].pk, name) for g in games for name in g[1].claims}
    insert(
        [
            # Nobody holds this seat's token: the seat shows as claimed (its confirmations
            # count as they did), and the scorekeeper can move it to a phone.
            SeatClaim(seat=seat, token_hash=hash_token(secrets.token_urlsafe(32)))
            for seat in seats
            if (seat.game_id, seat.name) in claimed
        ]
    )
    insert(hands)
    _first_revisions([g[0].pk for g in games], now=now)
    made = Ruling.objects.bulk_create(rulings, batch_size=500)
    times = [t for g in games for t in g[1].ruling_times]
    for ruling, given in zip(made, times, strict=True):
        if given is not None:  # created is set on insert; the recorded moment goes back
            Ruling.objects.filter(pk=ruling.pk).update(created=given)
    placings, tallies, chips = [], [], []
    for link, (game, planned, _seating, _names, _played) in zip(links, games, strict=True):
        link.finished = game.over and (
            not aside.confirm_hands or planned.accepted or _confirmed(planned)
        )
    insert(links, returning=True)
    for link, (game, _planned, _seating, names, _played) in zip(links, games, strict=True):
        if link.finished:
            for place in final_places(
                variant=game.variant, options=game.options, players=names, totals=game.totals
            ):
                placings.append(
                    Placing(
                        league_game=link,
                        player_id=link.seats[place.player],
                        seat=place.player,
                        place=place.place,
                        score=place.score,
                    )
                )
        of_game = [(h.entry, h.result) for h in hands if h.game_id == game.pk]
        rows, owed, chip_game = game_tallies(variant=link.variant, seats=link.seats, hands=of_game)
        tallies += [
            HandTally(
                league_game=link,
                player_id=pk,
                counts=line,
                tallied=counted,
                chip_game=chip_game,
            )
            for pk, line, counted in rows
        ]
        chips += [
            ChipTally(league_game=link, player_id=p, opponent_id=o, won=won, lost=lost)
            for p, o, won, lost in owed
        ]
    insert(placings)
    insert(tallies)
    insert(chips)
    return [g[0].public_id for g in games]


def _first_revisions(games: Sequence[int], *, now: dt.datetime) -> None:
    """Each hand of ``games`` as first recorded (version 1), copied from the hand's own row
    by the database: the history a hand recorded through the services starts with."""
    quote, ops = connection.ops.quote_name, connection.ops
    r = {f.name: quote(f.column) for f in HandRevision._meta.concrete_fields}
    h = {f.name: quote(f.column) for f in Hand._meta.concrete_fields}
    some = ", ".join(["%s"] * len(games))
    with connection.cursor() as cursor:
        cursor.execute(
            f"INSERT INTO {quote(HandRevision._meta.db_table)} ({r['hand']}, {r['version']},"
            f" {r['action']}, {r['number']}, {r['entry']}, {r['result']}, {r['consequences']},"
            f" {r['reason']}, {r['created']})"
            f" SELECT {h['id']}, 1, %s, {h['number']}, {h['entry']}, {h['result']}, %s, '', %s"
            f" FROM {quote(Hand._meta.db_table)} WHERE {h['game']} IN ({some})",
            [
                HandRevision.Action.RECORDED.value,
                ops.adapt_json_value({}, None),
                ops.adapt_datetimefield_value(now),
                *games,
            ],
        )


def _confirmed(planned: Planned) -> bool:
    """Did every claimed seat confirm every hand, with no hand disputed (API.md
    "Confirmations"), as the document says?"""
    for said in planned.checks:
        if any(check.get("disputed") for check in said.values()):
            return False
    if not planned.claims:
        return True
    return len(planned.checks) >= len(planned.hands) and all(
        said.get(name, {}).get("disputed", True) is False
        for said in planned.checks[: len(planned.hands)]
        for name in planned.claims
    )


@retry_on_collision
@transaction.atomic
def _make_aside(*, league: League, report: Report) -> League:
    settings = report.settings if report.settings_taken else {}
    return League.objects.create(
        name=league.name,
        token_hash=f"{ASIDE}{league.pk}:{secrets.token_hex(8)}",
        confirm_hands=settings.get("confirm_hands", league.confirm_hands),
    )


@retry_on_collision
@transaction.atomic
def _all_scopes(*, aside: League, scopes: list[Season]) -> list[str]:
    return league_scopes(league=aside, seasons=scopes)


@retry_on_collision
@transaction.atomic
def _start_aside(*, league: League, aside: League, cast: Cast, report: Report):
    """The players and new seasons of the league built aside; every season whose scopes it
    builds; whether it builds its ratings (only when the league has no game yet: then the
    switch only moves rows)."""
    players = Player.objects.bulk_create(
        Player(
            league=aside,
            # One matched to a league's player only holds its rows until the switch.
            name=person.name if not person.player else f"#{i}",
            key=_key(person.name) if not person.player else f"#{i}",
            former_names=[] if person.player else person.former_names,
        )
        for i, person in enumerate(cast.people)
    )
    seasons = [
        Season.objects.create(league=aside, name=s["name"], starts=s["starts"], ends=s["ends"])
        for s in report.seasons
    ]
    return players, [*league.seasons.all(), *seasons], not league.games.exists()


@retry_on_collision
@transaction.atomic
def _rebuild_aside(*, aside: League, scope: str) -> None:
    rebuild_scopes(league=aside, scopes=[scope])


def _steps(items: Sequence) -> Iterator[Sequence]:
    """``items`` in runs that each take about :data:`STEP_SECONDS` to write (measured as they
    go), with a pause between them on SQLite (see :func:`_pause`)."""
    start, size = 0, 1
    while start < len(items):
        began = time.perf_counter()
        yield items[start : start + size]
        took = time.perf_counter() - began
        start += size
        size = max(1, min(200, int(size * STEP_SECONDS / max(took, 1e-3))))
        _pause()


def _pause() -> None:
    """On SQLite, one writer holds the whole database: after each step of the import, leave
    the lock free for longer than a waiting writer's longest back-off (SQLite's busy handler
    sleeps up to 100 ms between tries), so a hand posted meanwhile goes first. PostgreSQL
    locks rows, and the league being built aside is nobody else's."""
    if connection.vendor == "sqlite" and not connection.in_atomic_block:
        time.sleep(0.11)


@retry_on_collision
@transaction.atomic
def _switch(*, league: League, aside: League, cast: Cast, players, report: Report, built: bool):
    """Move what was built aside into ``league``, under its lock, in one short transaction."""
    _lock_league(league)
    moved = LeagueGame.objects.filter(league=aside)
    if built and league.games.exists():
        built = False  # games came meanwhile: the ratings are built again in the league
    if not built:
        RatingSnapshot.objects.filter(league=aside).delete()
        Standing.objects.filter(league=aside).delete()
    # Players matched to the league's: their rows move to those players.
    matched = {players[i].pk: p.player for i, p in enumerate(cast.people) if p.player}
    fresh = [players[i].pk for i, p in enumerate(cast.people) if not p.player]
    live = Player.objects.filter(league=league)
    found = {p.pk: p for p in live.filter(pk__in=set(matched.values()))}
    clash = live.filter(key__in=[players[i].key for i, p in enumerate(cast.people) if not p.player])
    if len(found) < len(set(matched.values())) or clash.exists():
        raise ImportConflict(LEAGUE_CHANGED())
    if matched:
        for old, new in matched.items():
            Placing.objects.filter(player_id=old).update(player_id=new)
            HandTally.objects.filter(player_id=old).update(player_id=new)
            ChipTally.objects.filter(player_id=old).update(player_id=new)
            ChipTally.objects.filter(opponent_id=old).update(opponent_id=new)
            RatingSnapshot.objects.filter(player_id=old).update(player_id=new)
            Standing.objects.filter(player_id=old).update(player_id=new)
        links = list(moved.only("pk", "seats"))
        for link in links:
            link.seats = {name: matched.get(pk, pk) for name, pk in link.seats.items()}
        LeagueGame.objects.bulk_update(links, ["seats"], batch_size=500)
        for person in cast.people:
            if person.player:
                _add_former_names(found[person.player], [*person.former_names, person.name])
        Player.objects.filter(pk__in=list(matched)).delete()
    Player.objects.filter(pk__in=fresh).update(league=league)
    first = moved.order_by("played", "pk").first()
    moved.update(league=league)
    Season.objects.filter(league=aside).update(league=league)
    RatingSnapshot.objects.filter(league=aside).update(league=league)
    Standing.objects.filter(league=aside).update(league=league)
    if report.settings_taken:
        League.objects.filter(pk=league.pk).update(**report.settings)
        for key, value in report.settings.items():
            setattr(league, key, value)
    aside.delete()
    if not built and first is not None:
        rebuild_scopes(league=league, scopes=league_scopes(league=league), since=first)


def _add_former_names(player: Player, names: Sequence[str]) -> None:
    extra = [n for n in names if _key(n) != player.key and n not in player.former_names]
    if extra:
        player.former_names = [*player.former_names, *dict.fromkeys(extra)][-MAX_FORMER_NAMES:]
        player.save(update_fields=["former_names"])


def _discard(aside: League) -> None:
    """Delete a league built aside and its games, in short steps."""
    while _discard_step(aside=aside):
        _pause()


@retry_on_collision
@transaction.atomic
def _discard_step(*, aside: League) -> bool:
    ids = list(Game.objects.filter(league_link__league=aside).values_list("pk", flat=True)[:200])
    if not ids:
        League.objects.filter(pk=aside.pk).delete()
        return False
    Game.objects.filter(pk__in=ids).delete()
    return True


@retry_on_collision
@transaction.atomic
def _sweep() -> None:
    """Discard leagues left aside by an import whose process died (an hour on)."""
    old = League.objects.filter(token_hash__startswith=ASIDE, created__lt=timezone.now() - STALE)
    for aside in old[:5]:
        _discard(aside)


def _fingerprint(day: dt.date | None, variant: str, players: Sequence[str], hands) -> str:
    return json.dumps([str(day), variant, list(players), list(hands)], sort_keys=True)


def _find_duplicates(league: League, report: Report) -> None:
    """Move the planned games the league already has to ``report.duplicates`` (unless they
    are allowed). Reads only the league's games on the days being imported."""
    days = {timezone.localdate(g.played) for g in report.games if g.played is not None}
    if not days:
        return
    known: dict[str, str] = {}
    links = _links(league).filter(
        played__gte=timezone.make_aware(dt.datetime.combine(min(days), dt.time.min)),
        played__lt=timezone.make_aware(
            dt.datetime.combine(max(days) + dt.timedelta(days=1), dt.time.min)
        ),
    )
    for link in links:
        key = _fingerprint(
            played_on(link),
            link.game.variant,
            [s.name for s in link.game.seats.all()],
            [h.entry for h in link.game.hands.all()],
        )
        known[key] = link.game.public_id
    fresh = []
    for game in report.games:
        day = timezone.localdate(game.played) if game.played is not None else None
        seen = known.get(_fingerprint(day, game.variant, game.players, game.hands))
        if seen is not None:
            game.duplicate_of = seen
            report.duplicates.append(game)
            if report.allow_duplicates:
                fresh.append(game)
        else:
            fresh.append(game)
    report.games = fresh

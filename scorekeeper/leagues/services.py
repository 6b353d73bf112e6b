"""Writes to leagues, and keeping a league's derived state in step with its games.

A league game is an ordinary game of the games app plus a :class:`LeagueGame` link. The games
app announces every stored write (``game_stored``); :func:`sync_game` then re-derives that game's
places through the engine and, when they changed, rebuilds the ratings of each scope the game
belongs to *from that game on*: snapshots before it stay, later ones are recomputed in order.
A game that finishes last costs one rating update per scope; correcting an early game costs
the games after it, never the whole history before it.
"""

from __future__ import annotations

import base64
import contextlib
import contextvars
import datetime as dt
import hmac
import secrets
import unicodedata
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from django.db import IntegrityError, connection, transaction
from django.db.models import Count, Max, OuterRef, Q, Subquery, Sum, TextField
from django.db.models.functions import Cast
from django.dispatch import receiver
from django.utils import timezone
from django.utils.crypto import salted_hmac
from django.utils.translation import gettext as _

from scorekeeper.games.models import Game, Hand, hash_token
from scorekeeper.games.scoresheet.locking import retry_on_collision
from scorekeeper.games.scoresheet.services import game_create, game_create_played
from scorekeeper.games.signals import game_checked, game_stored
from scorekeeper.games.table.seats import confirmation_status
from scorekeeper.rules.errors import ResultError, RulesError
from scorekeeper.rules.messages import N_, NP_, define
from scorekeeper.rules.standing import final_places
from scorekeeper.rules.text import TEXT_EXPECTED, check_name_characters, plain_text

from .models import (
    ChipTally,
    HandTally,
    League,
    LeagueGame,
    MergedPlayer,
    Placing,
    Player,
    RatingSnapshot,
    Season,
    Standing,
)
from .rating import MODEL, MU, SIGMA, rate_game  # noqa: F401 (MODEL: read by selectors, API)
from .tallies import write_tallies

MIN_GAMES_RANGE = define("league.min_games", N_("a whole number from 0 to 100"))
NAME_TAKEN = define("league.name_taken", N_("{name} is already a player of this league"))
DATE_EXPECTED = define("league.date_expected", N_("expected a date"))
SEASON_BACKWARDS = define("league.season_backwards", N_("a season cannot end before it starts"))
BOOL_EXPECTED = define("league.bool_expected", N_("expected true or false"))
SAME_PLAYER = define(
    "league.same_player", N_("{name} and {other} are one player in a league (names ignore case)")
)
MERGE_SAME = define("league.merge_same", N_("a player cannot be merged into themselves"))
MERGE_TOGETHER = define(
    "league.merge_together",
    N_("{name} and {other} played in the same game, so they are two people"),
)
INACTIVE_RANGE = define("league.inactive_nights", N_("a whole number from 0 to 52"))
PLAYER_GONE = define(
    "league.player_gone",
    N_("{name} was merged into another player a moment ago; reload the page and try again"),
)
MAX_NAME = 40
MAX_FORMER_NAMES = 20
LIST_EXPECTED = define("league.list_expected", N_("expected a list"))
TOO_MANY_FORMER = define(
    "league.former_names_too_many",
    NP_("at most {limit} former name", "at most {limit} former names"),
    count="limit",
)


# The mark of a league an import builds aside (its token hash: no token hashes to it); see
# scorekeeper.leagues.transfer. Never listed, never written by anyone else.
ASIDE = "aside:"


class PlayerGone(RulesError):
    """The player a write is about was merged away by another write that came first (409)."""

    code = "conflict"
    status = 409


def _still_there(league: League, player: Player, field: str | None = None) -> Player:
    """``player`` as committed now (call with the league's lock held), or :class:`PlayerGone`."""
    fresh = Player.objects.filter(league=league, pk=player.pk).first()
    if fresh is None:
        raise PlayerGone(PLAYER_GONE(name=player.name), field)
    return fresh


class LeagueForbidden(Exception):
    """A write to a league without its organiser token (or with another league's)."""

    code = "forbidden"


# -- scopes ------------------------------------------------------------------------------------


def scope_key(*, season: Season | int | None = None, variant: str | None = None) -> str:
    season_id = season.pk if isinstance(season, Season) else season
    return f"{season_id or ''}|{variant or ''}"


def _parse_scope(scope: str) -> tuple[int | None, str]:
    season, _, variant = scope.partition("|")
    return (int(season) if season else None), variant


def _scopes_of(link: LeagueGame, seasons: Iterable[Season]) -> list[str]:
    day = timezone.localdate(link.played)
    scopes = [scope_key(), scope_key(variant=link.variant)]
    for season in seasons:
        if season.starts <= day <= season.ends:
            scopes += [scope_key(season=season), scope_key(season=season, variant=link.variant)]
    return scopes


def scope_filter(*, variant: str | None = None, days: tuple | None = None, via: str = "") -> Q:
    """League games of ``variant`` played on ``days`` (the first and last, dates or query
    expressions), each when given; ``via`` reaches the league game from another model
    (``"league_game__"``). The one test of "in this scope" for games, standings and records."""
    where = Q()
    if variant:
        where &= Q(**{f"{via}variant": variant})
    if days is not None:
        first, last = days
        where &= Q(**{f"{via}played__date__gte": first, f"{via}played__date__lte": last})
    return where


def scope_games(*, league: League, scope: str):
    """The ranked, finished games a scope counts, oldest first."""
    season_id, variant = _parse_scope(scope)
    days = Season.objects.get(pk=season_id).days if season_id else None
    games = LeagueGame.objects.filter(league=league, ranked=True, finished=True, removed=False)
    return games.filter(scope_filter(variant=variant, days=days)).order_by("played", "pk")


# -- tokens ------------------------------------------------------------------------------------


class OrganiserGrant:
    """The organiser's right, as a browser proves it with its session's grant (see
    :mod:`scorekeeper.leagues.access`): accepted by every write in place of the token."""

    __slots__ = ("league_id", "token_hash")

    def __init__(self, league: League):
        self.league_id, self.token_hash = league.pk, league.token_hash


def link_secret(*, league: League) -> str:
    """The secret of the organiser link (``/leagues/<id>/join/#<secret>``): as good as the
    token, made from its hash with the server's secret key, so a share page can show it to an
    organiser's browser although no raw token is stored anywhere."""
    value = f"{league.public_id}:{league.token_hash}"
    digest = salted_hmac("rummy-table.league-link", value, algorithm="sha256").digest()
    return base64.urlsafe_b64encode(digest).rstrip(b"=").decode()


def token_valid(*, league: League, token: str | OrganiserGrant | None) -> bool:
    """Is ``token`` the organiser token, its link's secret, or a grant checked for ``league``?"""
    if isinstance(token, OrganiserGrant):
        return token.league_id == league.pk and hmac.compare_digest(
            token.token_hash, league.token_hash
        )
    token = token if isinstance(token, str) else ""
    return hmac.compare_digest(hash_token(token), league.token_hash) | hmac.compare_digest(
        token.encode(), link_secret(league=league).encode()
    )


def game_token_for(*, league: League, game: Game) -> str:
    """A league game's edit token, made from the league's token hash with the server's secret
    key: the organiser (by token or grant) can always correct the league's games, and a
    database reader cannot derive it."""
    value = f"{league.public_id}:{league.token_hash}:{game.public_id}"
    digest = salted_hmac("rummy-table.league-game", value, algorithm="sha256").digest()
    return base64.urlsafe_b64encode(digest).rstrip(b"=").decode()


def organiser_check(league: League, token) -> None:
    """Refuse (:class:`LeagueForbidden`) a token that is not the league's organiser's: the one
    check every organiser write makes, in the services and in the API alike."""
    if not token_valid(league=league, token=token):
        raise LeagueForbidden(_("this is not the league's organiser token"))


# -- the league itself -------------------------------------------------------------------------


def _text(value: Any, field: str, *, limit: int, required: bool = True) -> str:
    if value is None:  # the one check refuses no text where text is asked, as before
        raise ResultError(TEXT_EXPECTED(), field)
    return plain_text(value, field, limit=limit, required=required)


def _name(value: Any, field: str, *, limit: int) -> str:
    """A league's or season's name: visible characters only, as for player names (the
    engine's :func:`~scorekeeper.rules.text.check_name_characters`: control, zero-width and
    bidirectional-override characters are refused), NFC, single spaces. A name's own message
    (naming the character and its place) comes before the text check's."""
    if isinstance(value, str):
        check_name_characters(value.strip(), field)
    text = _text(value, field, limit=limit)
    return " ".join(unicodedata.normalize("NFC", text).split())


def _inactive(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 52:
        raise ResultError(INACTIVE_RANGE(), "inactive_nights")
    return value


def _variants(variants: Sequence[str] | None) -> list[str]:
    from scorekeeper.rules import get_variant
    from scorekeeper.rules.errors import RulesError

    chosen: list[str] = []
    for i, slug in enumerate(variants or ()):
        try:
            slug = get_variant(slug).slug
        except RulesError as err:
            raise err.at(f"variants[{i}]") from None
        if slug not in chosen:
            chosen.append(slug)
    return chosen


def _min_games(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 100:
        raise ResultError(MIN_GAMES_RANGE(), "min_games")
    return value


@transaction.atomic
def league_create(
    *,
    name: str,
    description: str = "",
    variants: Sequence[str] | None = None,
    min_games: int = 3,
    inactive_nights: int = 0,
) -> tuple[League, str]:
    """A new league; returns it with its organiser token, shown this once and never stored."""
    token = secrets.token_urlsafe(32)
    league = League.objects.create(
        name=_name(name, "name", limit=80),
        description=_text(description or "", "description", limit=2000, required=False),
        variants=_variants(variants),
        min_games=_min_games(min_games),
        inactive_nights=_inactive(inactive_nights),
        token_hash=hash_token(token),
    )
    return league, token


@transaction.atomic
def league_update(
    *,
    league: League,
    token: str | None,
    name: str,
    description: str = "",
    variants: Sequence[str] | None = None,
    min_games: int = 3,
    inactive_nights: int | None = None,
) -> League:
    """Change the league's settings. The minimum of games and the inactive nights only change
    how the table is listed, so nothing is recomputed."""
    organiser_check(league, token)
    league.name = _name(name, "name", limit=80)
    league.description = _text(description or "", "description", limit=2000, required=False)
    league.variants = _variants(variants)
    league.min_games = _min_games(min_games)
    if inactive_nights is not None:
        league.inactive_nights = _inactive(inactive_nights)
    league.save()
    return league


# -- players -----------------------------------------------------------------------------------


def _key(name: str) -> str:
    return name.casefold()


def _players_for(league: League, names: Sequence[str]) -> dict[str, Player]:
    """The league's player for each name, created when new; names match case-insensitively,
    and a name nobody has now matches the player who had it before (a former name)."""
    keys = {name: _key(name) for name in names}
    found = {p.key: p for p in Player.objects.filter(league=league, key__in=set(keys.values()))}
    missing = set(keys.values()) - set(found)
    if missing:
        for player in Player.objects.filter(league=league).exclude(former_names=[]):
            for former in player.former_names:
                if _key(former) in missing:
                    found.setdefault(_key(former), player)
    for name, key in keys.items():
        if key not in found:
            found[key] = Player.objects.create(league=league, name=name, key=key)
    return {name: found[keys[name]] for name in names}


def _player_name(value: Any, field: str = "name") -> str:
    from scorekeeper.rules.scoring.setup import player_name

    return player_name(_text(value, field, limit=MAX_NAME), field)


def player_names(name: Any, former_names: Any, *, field: str = "") -> tuple[str, list[str]]:
    """A player's name and former names as a league stores them, checked as every path that
    stores a player's name checks it (a rename, a game's seats, an import): visible
    characters, at most :data:`MAX_NAME` long, and at most :data:`MAX_FORMER_NAMES` former
    names. ``field`` prefixes the fields named in an error (``players[3]``)."""
    at = f"{field}." if field else ""
    name = _player_name(name, f"{at}name")
    formers = [] if former_names is None else former_names
    if not isinstance(formers, list):
        raise ResultError(LIST_EXPECTED(), f"{at}former_names")
    if len(formers) > MAX_FORMER_NAMES:
        raise ResultError(TOO_MANY_FORMER(limit=MAX_FORMER_NAMES), f"{at}former_names")
    checked = [_player_name(n, f"{at}former_names[{i}]") for i, n in enumerate(formers)]
    return name, list(dict.fromkeys(checked))


@retry_on_collision  # SQLite answers 'locked' to the second of two renames at once
@transaction.atomic
def player_rename(*, league: League, token, player: Player, name: str) -> Player:
    """Rename a player; every game, place and rating stays theirs, and the old name is kept
    among their former names (an import matches it). Two renames to one name at once: the
    league's lock lets one through, and the other is told the name is taken."""
    organiser_check(league, token)
    name = _player_name(name)
    _lock_league(league)
    player = _still_there(league, player)
    clash = Player.objects.filter(league=league, key=_key(name)).exclude(pk=player.pk).first()
    if clash is not None:
        raise ResultError(NAME_TAKEN(name=clash.name), "name")
    if name == player.name:
        return player
    former = [n for n in player.former_names if _key(n) != _key(name)]
    if _key(player.name) != _key(name) and player.name not in former:
        former.append(player.name)
    player.name, player.key, player.former_names = name, _key(name), former
    try:
        with transaction.atomic():
            player.save()
    except IntegrityError:  # a rename that slipped past the lock (a database without it)
        raise ResultError(NAME_TAKEN(name=name), "name") from None
    return player


@retry_on_collision
@transaction.atomic
def player_merge(*, league: League, token, player: Player, into: Player) -> Player:
    """Make two entries of one person one player: ``player``'s games, places and ratings move
    to ``into``, whose former names gain ``player``'s names; every scope is rebuilt."""
    organiser_check(league, token)
    if player.pk == into.pk:
        raise ResultError(MERGE_SAME(), "into")
    # The games whose seats change are locked first, then the league: the order a hand write
    # takes them in (game, then league), so a hand of one of them waits for the merge (and
    # then writes its tallies for ``into``) instead of writing them for a deleted player.
    _lock_games_of(league, player)
    _lock_league(league)
    player, into = _still_there(league, player), _still_there(league, into, "into")
    links = list(LeagueGame.objects.filter(league=league, seats__isnull=False))
    together = [
        link
        for link in links
        if player.pk in link.seats.values() and into.pk in link.seats.values()
    ]
    if together:
        raise ResultError(MERGE_TOGETHER(name=player.name, other=into.name), "into")
    for link in links:
        if player.pk in link.seats.values():
            link.seats = {
                name: (into.pk if pk == player.pk else pk) for name, pk in link.seats.items()
            }
            link.save(update_fields=["seats"])
            _write_tallies(link)  # the game's hands now count for ``into``
    Placing.objects.filter(player=player).update(player=into)
    former = list(into.former_names)
    for name in [*player.former_names, player.name]:
        if name not in former and _key(name) != into.key:
            former.append(name)
    into.former_names = former
    into.save(update_fields=["former_names"])
    # The old id (and the ids merged into it before) lead to ``into`` from now on.
    MergedPlayer.objects.filter(player=player).update(player=into)
    MergedPlayer.objects.create(league=league, old_id=player.pk, player=into)
    RatingSnapshot.objects.filter(league=league).delete()
    Standing.objects.filter(league=league).delete()
    player.delete()
    _rebuild_all(league)
    return into


def _lock_games_of(league: League, player: Player) -> None:
    ids = [
        link.game_id
        for link in LeagueGame.objects.filter(league=league).only("game_id", "seats")
        if player.pk in (link.seats or {}).values()
    ]
    if ids:
        list(Game.objects.select_for_update().filter(pk__in=ids).order_by("pk").values_list("pk"))


# -- seasons -----------------------------------------------------------------------------------


@transaction.atomic
def season_create(
    *, league: League, token: str | None, name: str, starts: dt.date, ends: dt.date
) -> Season:
    """A named date range; its standings and ratings are built from its games at once."""
    organiser_check(league, token)
    name = _name(name, "name", limit=60)
    if not isinstance(starts, dt.date) or not isinstance(ends, dt.date):
        raise ResultError(DATE_EXPECTED(), "starts")
    if ends < starts:
        raise ResultError(SEASON_BACKWARDS(), "ends")
    _lock_league(league)
    season = Season.objects.create(league=league, name=name, starts=starts, ends=ends)
    variants = (
        scope_games(league=league, scope=scope_key(season=season))
        .values_list("variant", flat=True)
        .distinct()
    )
    for scope in [scope_key(season=season)] + [
        scope_key(season=season, variant=v) for v in sorted(set(variants))
    ]:
        _rebuild(league, scope, since=None)
    return season


@transaction.atomic
def season_delete(*, league: League, token: str | None, season: Season) -> None:
    organiser_check(league, token)
    _lock_league(league)
    prefix = f"{season.pk}|"
    RatingSnapshot.objects.filter(league=league, scope__startswith=prefix).delete()
    Standing.objects.filter(league=league, scope__startswith=prefix).delete()
    season.delete()


def current_season(*, league: League, seasons: Sequence[Season] | None = None) -> Season | None:
    today = timezone.localdate()
    for season in seasons if seasons is not None else league.seasons.all():
        if season.starts <= today <= season.ends:
            return season
    return None


# -- league games ------------------------------------------------------------------------------


@transaction.atomic
def league_game_create(
    *,
    league: League,
    token: str | None,
    variant: str,
    options: dict | None,
    players: list[str],
    dealer: str | None,
    ranked: bool = True,
    played: dt.datetime | None = None,
    played_on: dt.date | None = None,
    hands: list[dict] | None = None,
    dealers: list[str | None] | None = None,
    seat_players: dict[str, Player] | None = None,
    removed: bool = False,
    accepted: bool = False,
) -> tuple[LeagueGame, str]:
    """Start a game in the league (organiser only); returns the link and the game's edit token.

    The game's token is derived from the league's (:func:`game_token_for`). ``hands``:
    the game's hands already played (an import), replayed and stored in one go. ``played_on``:
    the day of the game night it belongs to (default: today, or ``played``'s day).
    ``dealers``: who dealt each of ``hands``, as the table recorded it (an import keeps them,
    so every hand scores as it did). ``removed``: a game the export lists as taken out of the
    league (kept, counted nowhere); ``accepted``: one the export lists as accepted by the
    organiser without every player's confirmation.
    """
    organiser_check(league, token)
    if not isinstance(ranked, bool):
        raise ResultError(BOOL_EXPECTED(), "ranked")
    if played_on is not None:
        played = _on_day(_day(played_on), played)
    table = {"variant": variant, "options": options, "players": players, "dealer": dealer}
    if hands:
        game, _token = game_create_played(**table, entries=hands, dealers=dealers)
    else:
        game, _token = game_create(**table)
    names = list(game.seats.order_by("position").values_list("name", flat=True))
    keys: dict[str, str] = {}
    for i, name in enumerate(names):
        other = keys.get(_key(name))
        if other is not None:
            raise ResultError(
                SAME_PLAYER(name=name, other=other),
                f"players[{i}]",
            )
        keys[_key(name)] = name
    game_token = game_token_for(league=league, game=game)
    Game.objects.filter(pk=game.pk).update(token_hash=hash_token(game_token))
    game.token_hash = hash_token(game_token)
    _lock_league(league)  # players are matched and made as no merge or rename is under way
    given = {n: p for n, p in (seat_players or {}).items() if n in names}
    seats = {**_players_for(league, [n for n in names if n not in given]), **given}
    if len({p.pk for p in seats.values()}) < len(seats):
        taken = {}
        for i, name in enumerate(names):
            if seats[name].pk in taken:
                raise ResultError(
                    SAME_PLAYER(name=name, other=taken[seats[name].pk]), f"players[{i}]"
                )
            taken[seats[name].pk] = name
    link = LeagueGame.objects.create(
        league=league,
        game=game,
        ranked=ranked,
        played=played or game.created,
        variant=game.variant,
        finished=False,
        seats={name: player.pk for name, player in seats.items()},
        removed=bool(removed),
        accepted=bool(accepted),
    )
    _sync(link, game)
    return link, game_token


def _day(value: Any) -> dt.date:
    if isinstance(value, dt.datetime) or not isinstance(value, dt.date):
        if isinstance(value, str):
            try:
                return dt.date.fromisoformat(value)
            except ValueError:
                pass
        raise ResultError(DATE_EXPECTED(), "played_on")
    return value


def _on_day(day: dt.date, at: dt.datetime | None) -> dt.datetime:
    """A moment on ``day`` (local time): ``at``'s time of day if given, else now's, so games
    of one night keep the order they were started in."""
    clock = timezone.localtime(at or timezone.now()).time().replace(tzinfo=None)
    return timezone.make_aware(dt.datetime.combine(day, clock))


def played_on(link: LeagueGame) -> dt.date:
    """The day a league game was played: its game night."""
    return timezone.localdate(link.played)


@dataclass(frozen=True)
class _At:
    played: dt.datetime
    pk: int


@retry_on_collision
@transaction.atomic
def league_game_set_played_on(
    *, league: League, token, link: LeagueGame, played_on: Any
) -> LeagueGame:
    """Move a game to another night; every scope it was or now is in is rebuilt from the
    earlier of its two places in the history on."""
    organiser_check(league, token)
    day = _day(played_on)
    _lock_league(league)
    # Where the game is now, as the last write committed it (not as this request read it).
    link.refresh_from_db(fields=["played", "ranked", "finished"])
    if day == timezone.localdate(link.played):
        return link
    seasons = list(league.seasons.all())
    before = _scopes_of(link, seasons)
    old = _At(link.played, link.pk)
    link.played = _on_day(day, link.played)
    link.save(update_fields=["played"])
    if link.ranked and link.finished:
        RatingSnapshot.objects.filter(league_game=link).update(played=link.played)
        since = min(old, _At(link.played, link.pk), key=_order)
        for scope in dict.fromkeys(before + _scopes_of(link, seasons)):
            _rebuild(league, scope, since=since)
    return link


@transaction.atomic
def league_game_edit_token(*, league: League, token, link: LeagueGame) -> str:
    """The edit token of one of the league's games, for the organiser. A game made before
    league game tokens came from the token's hash gets its token made again (phones that held
    that game's old edit link open it again through the league)."""
    organiser_check(league, token)
    game_token = game_token_for(league=league, game=link.game)
    if not hmac.compare_digest(hash_token(game_token), link.game.token_hash):
        Game.objects.filter(pk=link.game_id).update(token_hash=hash_token(game_token))
        link.game.token_hash = hash_token(game_token)
    return game_token


def organiser_may_write(*, game: Game, token: Any) -> bool:
    """Is ``token`` (the organiser token, its link's secret or a grant) the organiser's of the
    league ``game`` belongs to? The organiser may correct, delete and restore the hands of
    every game of the league, as the game's own token may. One query."""
    link = LeagueGame.objects.filter(game_id=game.pk).select_related("league").first()
    return link is not None and token_valid(league=link.league, token=token)


@transaction.atomic
def league_game_remove(*, league: League, token, link: LeagueGame) -> LeagueGame:
    """Take a game out of the league (organiser only): it counts in no table or rating from
    now on, as if never played; its hands are kept, the export lists it as removed, and
    :func:`league_game_restore` puts it back. Every scope it counted in is rebuilt."""
    organiser_check(league, token)
    return _set_removed(link, True)


@transaction.atomic
def league_game_restore(*, league: League, token, link: LeagueGame) -> LeagueGame:
    """Put a removed game back into the league: it counts again where it did before."""
    organiser_check(league, token)
    return _set_removed(link, False)


def _set_removed(link: LeagueGame, removed: bool) -> LeagueGame:
    _lock_league(link.league)
    link.refresh_from_db(fields=["removed", "ranked", "finished", "played"])
    if link.removed == removed:
        return link
    link.removed = removed
    link.save(update_fields=["removed"])
    if link.ranked and link.finished:
        _rebuild_for(link)
    return link


@retry_on_collision
@transaction.atomic
def league_game_set_ranked(*, league: League, token: str | None, link: LeagueGame, ranked: bool):
    """Count a game, or make it a friendly; every scope it is in is rebuilt from it on."""
    organiser_check(league, token)
    _lock_league(league)
    link.refresh_from_db(fields=["played", "ranked", "finished"])
    if link.ranked == ranked:
        return link
    link.ranked = ranked
    link.save(update_fields=["ranked"])
    if link.finished:
        _rebuild_for(link)
    return link


# -- keeping derived state in step ---------------------------------------------------------------


@receiver(game_stored)
def _on_game_stored(sender, *, game: Game, **kwargs) -> None:
    sync_game(game=game)


@receiver(game_checked)
def _on_game_checked(sender, *, game: Game, **kwargs) -> None:
    """A seat, a confirmation or a dispute changed: in a league that waits for confirmations,
    whether the game counts may have changed (its hands did not: no tallies to rewrite)."""
    found = LeagueGame.objects.filter(game_id=game.pk).select_related("league").order_by()[:1]
    for link in found:
        if link.league.confirm_hands:
            _sync(link, game, tallies=False)


@transaction.atomic
def league_set_confirm_hands(*, league: League, token, confirm_hands: Any) -> League:
    """Ask (or stop asking) the players to confirm hands: a ranked game then counts only once it
    is over, no hand is disputed and every claimed seat confirmed every hand, or the organiser
    accepted it. Every finished game is decided again; each touched scope is rebuilt once."""
    organiser_check(league, token)
    if not isinstance(confirm_hands, bool):
        raise ResultError(BOOL_EXPECTED(), "confirm_hands")
    _lock_league(league)
    if league.confirm_hands == confirm_hands:
        return league
    league.confirm_hands = confirm_hands
    league.save(update_fields=["confirm_hands", "updated"])
    links = LeagueGame.objects.filter(league=league, game__over=True).select_related("game")
    with deferred():
        for link in links:
            link.league = league
            _sync(link, link.game, tallies=False)
    return league


@transaction.atomic
def league_game_accept(*, league: League, token, link: LeagueGame) -> LeagueGame:
    """The organiser counts a game without waiting for its confirmations (or despite a
    dispute); it counts once it is over."""
    organiser_check(league, token)
    if link.accepted:
        return link
    link.accepted = True
    link.save(update_fields=["accepted"])
    link.league = league
    _sync(link, link.game, tallies=False)
    return link


def counts(link: LeagueGame, game: Game) -> bool:
    """Does this league game count (its places, in the standings and ratings when ranked)?
    Once it is over; in a league that asks players to confirm hands, only once no hand is
    disputed and every claimed seat confirmed every hand, or the organiser accepted it."""
    if not game.over:
        return False
    if not link.league.confirm_hands or link.accepted:
        return True
    confirmed, disputed = confirmation_status(game=game)
    return confirmed and not disputed


def sync_game(*, game: Game) -> None:
    """Bring a game's league state in line with its stored hands (no-op for other games)."""
    # Every hand write of every game asks. A game read without a league link (game_get reads
    # it with the game) has none: a league game is made with its link. A league game's link is
    # read again after the game's lock (one indexed lookup, no ordering): a merge or a seat swap
    # may have changed it since the request read it.
    if Game.league_link.is_cached(game) and not _has_cached_link(game):
        return
    found = LeagueGame.objects.filter(game_id=game.pk).select_related("league").order_by()[:1]
    for link in found:
        _sync(link, game)


def _has_cached_link(game: Game) -> bool:
    try:
        game.league_link  # noqa: B018 (cached: no query)
    except LeagueGame.DoesNotExist:
        return False
    return True


def _sync(link: LeagueGame, game: Game, *, tallies: bool = True) -> None:
    if game.over or link.finished:
        # A game that ends or is corrected after its end changes the league's history: take
        # the league's lock before reading the link, so a move, merge or rebuild that came
        # first is seen (its night, its seats), and this game's rebuild starts where it is now.
        # A hand of a game in play takes no league lock (its game's lock is enough).
        _lock_league(link.league)
        link.refresh_from_db(
            fields=["played", "ranked", "finished", "seats", "removed", "accepted"]
        )
    if tallies:
        _write_tallies(link)  # every stored write, in play or not: a record counts both
    finished = counts(link, game)
    if not finished and not link.finished:
        return  # a hand of a game in play: nothing of it counts yet
    fresh = sorted(_placings(link, game)) if finished else []
    stored = sorted(link.placings.values_list("player_id", "seat", "place", "score"))
    if finished == link.finished and fresh == stored:
        return  # e.g. a hand of an unfinished game, or a correction that kept every place
    was_counted = link.finished
    link.placings.all().delete()
    Placing.objects.bulk_create(
        Placing(league_game=link, player_id=player, seat=seat, place=place, score=score)
        for player, seat, place, score in fresh
    )
    link.finished = finished
    link.save(update_fields=["finished"])
    if link.ranked and (was_counted or finished):
        _rebuild_for(link)


def _write_tallies(link: LeagueGame) -> None:
    """Rewrite what the game's stored hands add up to for each of its players."""
    write_tallies(link, hand_model=Hand, tally_model=HandTally, chip_model=ChipTally)


def _placings(link: LeagueGame, game: Game) -> list[tuple[int, str, int, int]]:
    """(player id, seat name, place, score) from the game's final totals, as the engine ranks
    them; the totals are the replay of the stored hands that the games app keeps."""
    players = list(link.seats)
    seated = game.seats.order_by("position").values_list("name", flat=True)
    players = [name for name in seated if name in link.seats] or players
    places = final_places(
        variant=game.variant, options=game.options, players=players, totals=game.totals
    )
    return [(link.seats[p.player], p.player, p.place, p.score) for p in places]


# Inside `deferred()`, rebuilds are collected and run once per scope when the block ends.
_DEFERRED: contextvars.ContextVar[dict | None] = contextvars.ContextVar("deferred", default=None)


@contextlib.contextmanager
def deferred(*, rebuild: bool = True) -> Iterator[None]:
    """Record many games (an import) and rebuild each touched scope once, at the end (or, with
    ``rebuild=False``, not at all: the caller rebuilds with :func:`rebuild_scopes`)."""
    if _DEFERRED.get() is not None:
        yield
        return
    pending: dict[tuple[int, str], tuple[League, LeagueGame | None]] = {}
    reset = _DEFERRED.set(pending)
    try:
        yield
    finally:
        _DEFERRED.reset(reset)
    if rebuild:
        for (_league_id, scope), (league, since) in pending.items():
            _rebuild(league, scope, since=since)


def _lock_league(league: League) -> None:
    """Serialise the rebuilds of one league: a rebuild reads the ratings the last one wrote, so
    two at once (two tables finishing together) would each miss the other's game. PostgreSQL
    waits here; SQLite already lets one writer through at a time. Always taken after the game's
    lock (hand writes lock their game first), so two writers can never wait on each other."""
    League.objects.select_for_update().filter(pk=league.pk).values_list("pk", flat=True).get()


def _rebuild_for(link: LeagueGame) -> None:
    _lock_league(link.league)
    link.refresh_from_db(fields=["played"])  # a move committed while this write waited
    seasons = list(link.league.seasons.all())
    for scope in _scopes_of(link, seasons):
        _rebuild(link.league, scope, since=link)


def _order(link) -> tuple[dt.datetime, int]:
    return (link.played, link.pk)


def _rebuild(league: League, scope: str, *, since: LeagueGame | None) -> None:
    """Recompute a scope's ratings from game ``since`` on (None: from the start), then its table."""
    pending = _DEFERRED.get()
    if pending is not None:
        key = (league.pk, scope)
        earlier = pending.get(key, (league, since))[1]
        if since is None or earlier is None:
            pending[key] = (league, None)
        else:
            pending[key] = (league, min(since, earlier, key=_order))
        return

    games = scope_games(league=league, scope=scope)
    snapshots = RatingSnapshot.objects.filter(league=league, scope=scope)
    if since is None:
        later_games, later_snaps = games, snapshots
    else:
        at = Q(played__gt=since.played) | Q(played=since.played, pk__gte=since.pk)
        snap_at = Q(played__gt=since.played) | Q(played=since.played, league_game_id__gte=since.pk)
        later_games, later_snaps = games.filter(at), snapshots.filter(snap_at)
    # The snapshots from this point on. SQLite overwrites them where the same player has a
    # rating after the same game again (an UPDATE of two floats touches no index: 8 ms for
    # 7,500 rows, against 75 ms to delete and insert them again) and deletes the rest.
    # PostgreSQL deletes them all and inserts the new ones: its UPDATE writes a new row
    # version into each of the table's indexes (200 ms for 5,500 rows, with a lower fill
    # factor too), where its DELETE and one INSERT of unnested arrays took 50 ms.
    by_copy = connection.vendor == "postgresql"
    stored: dict[tuple[int, int], tuple[int, float, float]] = {}
    if by_copy:
        removed, _counts = later_snaps.delete()
    else:
        stored = {
            (game, player): (pk, mu, sigma)
            for pk, game, player, mu, sigma in later_snaps.values_list(
                "pk", "league_game_id", "player_id", "mu", "sigma"
            ).order_by()
        }
        removed = len(stored)

    ratings: dict[int, tuple[float, float]] = {}
    if since is not None and not removed:
        # Nothing was rated after this point: the table holds the ratings just before it.
        ratings = {
            player: (mu, sigma)
            for player, mu, sigma in Standing.objects.filter(
                league=league, scope=scope
            ).values_list("player_id", "mu", "sigma")
        }
    elif since is not None:
        ratings = _ratings_before(league, scope, since)

    # Every place from this game on, in the order the games were played, as the driver gives
    # the rows: no date is converted in Python. PostgreSQL copies each snapshot's date from its
    # game as it inserts; SQLite gets the stored text back as it was read (an INSERT ... SELECT
    # per row there was four times slower than plain VALUES).
    places = Placing.objects.filter(league_game__in=later_games.values("pk")).order_by(
        "league_game__played", "league_game_id", "place", "pk"
    )
    if by_copy:
        rows = list(places.values_list("league_game_id", "player_id", "place"))
    else:
        text = Cast("league_game__played", TextField())
        rows = list(places.values_list("league_game_id", "player_id", "place", text))
    fresh: list[tuple] = []  # (game id, played, player id, mu, sigma): snapshots to insert
    changed: list[tuple] = []  # (snapshot id, mu, sigma): snapshots to overwrite
    default = (MU, SIGMA)
    start, count = 0, len(rows)
    while start < count:
        first = rows[start]
        game_id = first[0]
        end = start + 1
        while end < count and rows[end][0] == game_id:
            end += 1
        if end - start >= 2:
            at = None if by_copy else first[3]
            players = [row[1] for row in rows[start:end]]
            new = rate_game(
                [ratings.get(player, default) for player in players],
                [row[2] for row in rows[start:end]],
            )
            for player, (mu, sigma) in zip(players, new, strict=True):
                ratings[player] = (mu, sigma)
                old = stored.pop((game_id, player), None)
                if old is None:
                    fresh.append((game_id, at, player, mu, sigma))
                elif old[1] != mu or old[2] != sigma:
                    changed.append((old[0], mu, sigma))
        start = end
    _delete_snapshots([pk for pk, _mu, _sigma in stored.values()])
    _update_snapshots(changed)
    _insert_snapshots(league, scope, fresh)
    _write_table(league, scope, games, ratings)


def _ratings_before(league: League, scope: str, since) -> dict[int, tuple[float, float]]:
    """Each player's (μ, σ) in ``scope`` after their last game before ``since``: one indexed
    lookup per player of the league, however long its history."""
    before = Q(played__lt=since.played) | Q(played=since.played, league_game_id__lt=since.pk)
    # ``played <= since``, implied by ``before``, bounds the index scan (player, scope,
    # played): without it PostgreSQL read each player's whole history backwards (130 ms).
    last = (
        RatingSnapshot.objects.filter(
            league=league, scope=scope, player=OuterRef("pk"), played__lte=since.played
        )
        .filter(before)
        .order_by("-played", "-league_game_id")
    )
    rows = (
        Player.objects.filter(league=league)
        .annotate(mu=Subquery(last.values("mu")[:1]), sigma=Subquery(last.values("sigma")[:1]))
        .values_list("pk", "mu", "sigma")
        .order_by()
    )
    return {pk: (mu, sigma) for pk, mu, sigma in rows if mu is not None}


def _delete_snapshots(pks: Sequence[int]) -> None:
    for start in range(0, len(pks), 500):
        RatingSnapshot.objects.filter(pk__in=pks[start : start + 500]).delete()


def _update_snapshots(changed: Sequence[tuple]) -> None:
    """Overwrite (snapshot id, μ, σ) rows with one prepared UPDATE run over all of them (not
    used on PostgreSQL, which deletes and inserts: see :func:`_rebuild`)."""
    if not changed:
        return
    table = connection.ops.quote_name(RatingSnapshot._meta.db_table)
    with connection.cursor() as cursor:
        cursor.executemany(
            f"UPDATE {table} SET mu = %s, sigma = %s WHERE id = %s",
            [(mu, sigma, pk) for pk, mu, sigma in changed],
        )


def _insert_snapshots(league: League, scope: str, fresh: Sequence[tuple]) -> None:
    """Write a rebuild's rating snapshots, (game id, played, player id, μ, σ) each. PostgreSQL
    takes them all in one statement (four arrays, unnested, each row's date read from its
    game: ``played`` is None there); other databases run one prepared INSERT over all rows,
    with ``played`` as the database stored it. A rebuild from a league's first game writes
    thousands: building a model object for each (what ``bulk_create`` does) cost more than
    the ratings themselves."""
    if not fresh:
        return
    quote = connection.ops.quote_name
    table = quote(RatingSnapshot._meta.db_table)
    columns = ", ".join(quote(c) for c in _SNAPSHOT_COLUMNS)
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            games, players, mus, sigmas = (_array([row[i] for row in fresh]) for i in (0, 2, 3, 4))
            cursor.execute(
                f"INSERT INTO {table} ({columns}) "
                "SELECT %s, %s, v.game, g.played, v.player, v.mu, v.sigma "
                "FROM unnest(%s::bigint[], %s::bigint[], %s::float8[], %s::float8[]) "
                f"AS v(game, player, mu, sigma) JOIN {quote(LeagueGame._meta.db_table)} g "
                "ON g.id = v.game",
                [league.pk, scope, games, players, mus, sigmas],
            )
            return
        marks = ", ".join(["%s"] * len(_SNAPSHOT_COLUMNS))
        cursor.executemany(
            f"INSERT INTO {table} ({columns}) VALUES ({marks})",
            [(league.pk, scope, *row) for row in fresh],
        )


def _array(values: Sequence[int | float]) -> str:
    """A PostgreSQL array literal of numbers. psycopg builds one from a list element by
    element in Python (40 ms for two arrays of 7,500); ``repr`` of a float is the shortest text
    that reads back as the very same float, and joining is done in C (12 ms)."""
    return "{" + ",".join(map(repr, values)) + "}"


_SNAPSHOT_COLUMNS = ("league_id", "scope", "league_game_id", "played", "player_id", "mu", "sigma")


@dataclass(frozen=True)
class _Line:
    games: int
    wins: int
    place_sum: int
    score: int
    last: dt.datetime


def _write_table(league: League, scope: str, games, ratings: dict[int, tuple[float, float]]):
    lines = (
        Placing.objects.filter(league_game__in=games)
        .values("player_id")
        .annotate(
            n=Count("pk"),
            won=Count("pk", filter=Q(place=1)),
            places=Sum("place"),
            total=Sum("score"),
            last=Max("league_game__played"),
        )
    )
    Standing.objects.filter(league=league, scope=scope).delete()
    default = (MU, SIGMA)
    Standing.objects.bulk_create(
        Standing(
            league=league,
            scope=scope,
            player_id=line["player_id"],
            games=line["n"],
            wins=line["won"],
            place_sum=line["places"],
            score=line["total"],
            mu=ratings.get(line["player_id"], default)[0],
            sigma=ratings.get(line["player_id"], default)[1],
            last_played=line["last"],
        )
        for line in lines
    )


@transaction.atomic
def rebuild_league(*, league: League) -> None:
    """Recompute every scope of a league from nothing (a check; no request calls it)."""
    _lock_league(league)
    RatingSnapshot.objects.filter(league=league).delete()
    Standing.objects.filter(league=league).delete()
    _rebuild_all(league)


def _rebuild_all(league: League) -> None:
    for scope in league_scopes(league=league):
        _rebuild(league, scope, since=None)


def league_scopes(*, league: League, seasons: Iterable[Season] | None = None) -> list[str]:
    """Every scope of the league: all time and each season (``seasons``: default the
    league's), over all its variants and each variant it has games of."""
    variants = set(LeagueGame.objects.filter(league=league).values_list("variant", flat=True))
    scopes = [scope_key()] + [scope_key(variant=v) for v in sorted(variants)]
    for season in league.seasons.all() if seasons is None else seasons:
        scopes += [scope_key(season=season)]
        scopes += [scope_key(season=season, variant=v) for v in sorted(variants)]
    return scopes


def rebuild_scopes(*, league: League, scopes: Iterable[str], since: LeagueGame | None = None):
    """Rebuild each of ``scopes`` from ``since`` on (None: from the start), with the league's
    lock held; the caller holds the transaction."""
    _lock_league(league)
    for scope in scopes:
        _rebuild(league, scope, since=since)

"""The leagues' pages. Each view parses a form, calls a service or a selector, and renders.

Anyone with a league's public link reads it; only a browser holding the organiser token (its
creator's session, or one that opened the organiser link) records games and manages the league.
"""

from __future__ import annotations

import datetime as dt
from typing import Any
from urllib.parse import urlencode

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse, HttpResponsePermanentRedirect
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from scorekeeper.compression import holds_secret
from scorekeeper.games.pages.presentation import chart, qr_svg, seat_class
from scorekeeper.games.pages.starting import start_page
from scorekeeper.games.rights import access as game_access
from scorekeeper.games.rights.gates import SecretLink, guard
from scorekeeper.i18n import render_message
from scorekeeper.rules import RulesError, all_variants, get_variant
from scorekeeper.rules.errors import UnknownVariantError
from scorekeeper.rules.families import family_of
from scorekeeper.rules.standing import score_unit

from . import access
from .forms import ImportForm, LeagueForm, RenameForm, SeasonForm
from .models import League, LeagueGame, Player, Season
from .selectors import (
    games_page,
    is_provisional,
    league_get,
    league_players,
    league_variants,
    leagues_listed,
    merged_into,
    nights_of,
    player_get,
    player_hand_stats,
    player_record,
    rating_range,
    recent_games,
    season_get,
    standings,
)
from .services import (
    current_season,
    game_token_for,
    league_create,
    league_game_accept,
    league_game_create,
    league_game_edit_token,
    league_game_remove,
    league_game_restore,
    league_game_set_played_on,
    league_game_set_ranked,
    league_set_confirm_hands,
    league_update,
    link_secret,
    player_merge,
    player_rename,
    scope_key,
    season_create,
    season_delete,
)
from .transfer import export_csv, import_games

RECENT_GAMES = 20  # on the league page, grouped by game night
FORM_CHANGES = 10  # rating changes listed on a player's page


def _league(league_id: str) -> League:
    try:
        return league_get(public_id=league_id)
    except League.DoesNotExist:
        raise Http404("no such league") from None


def _forbidden(request: HttpRequest, league: League, reason: str | None = None) -> HttpResponse:
    context = {"league": league, "reason": reason}
    return render(request, "leagues/forbidden.html", context, status=403)


# Load the URL's league; without its organiser grant the answer is 403 and the view never runs
# (it gets the league and the grant).
_organisers_only = guard(
    load=_league, key="league_id", right=access.organiser, refuse=_forbidden, pass_right=True
)


def _rules_error_to_form(form, error: RulesError, fields: set[str]) -> None:
    field = getattr(error, "field", None)
    form.add_error(field if field in fields else None, render_message(error.message))


# -- create, list, join, share ------------------------------------------------------------------


@require_http_methods(["GET", "POST"])
def league_new(request: HttpRequest) -> HttpResponse:
    form = LeagueForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            league, token = league_create(
                name=form.cleaned_data["name"],
                description=form.cleaned_data["description"],
                variants=form.cleaned_data["variants"],
                min_games=form.cleaned_data["min_games"],
                inactive_nights=form.cleaned_data["inactive_nights"],
            )
        except RulesError as error:
            _rules_error_to_form(form, error, set(form.fields))
        else:
            access.remember_league(request, league, token=token)
            messages.success(
                request,
                _(
                    "Your league is ready. Keep the organiser link safe: only phones that opened it can see it again."
                ),
            )
            return redirect("league_share", league_id=league.public_id)
    return render(request, "leagues/new.html", {"form": form})


@require_GET
def my_leagues(request: HttpRequest) -> HttpResponse:
    items = [
        {"league": league, "organiser": access.organiser(request, league) is not None}
        for league in leagues_listed(public_ids=access.my_league_ids(request))
    ]
    return render(request, "leagues/mine.html", {"items": items})


# The organiser link, ``/leagues/<id>/join/#<secret>`` (the flow: games.rights.gates, as a game's
# edit link): the organiser token or its link's secret gives this browser a grant.
ORGANISER_LINK = SecretLink(
    page="leagues/join.html",
    context=lambda league: {"league": league},
    holds=access.organiser,
    redeem=access.join_league,
    done=gettext_lazy("You can now record and correct this league's games here."),
    target="league",
)


@require_http_methods(["GET", "POST"])
def league_join(request: HttpRequest, league_id: str) -> HttpResponse:
    """The organiser link: GET draws the page that posts the secret after ``#``, POST checks
    it and gives this browser a grant (never the token)."""
    return ORGANISER_LINK.answer(request, _league(league_id))


@require_GET
def league_join_legacy(request: HttpRequest, league_id: str, token: str) -> HttpResponse:
    """Organiser links from before the fragment (``/leagues/<id>/join/<token>/``) keep
    working: the browser gets its grant and is sent to the clean URL."""
    return ORGANISER_LINK.legacy(request, _league(league_id), token, "league_join")


def organiser_link(request: HttpRequest, league: League) -> str:
    join = request.build_absolute_uri(reverse("league_join", args=[league.public_id]))
    return f"{join}#{link_secret(league=league)}"


@require_GET
def league_share(request: HttpRequest, league_id: str) -> HttpResponse:
    """Both links with QR codes: the public one for everyone, the organiser's for its holders."""
    league = _league(league_id)
    public_url = request.build_absolute_uri(reverse("league", args=[league.public_id]))
    grant = access.organiser(request, league)
    organiser_url = organiser_link(request, league) if grant else None
    context = {
        "league": league,
        "public_url": public_url,
        "public_qr": qr_svg(public_url),
        "organiser_url": organiser_url,
        "organiser_qr": qr_svg(organiser_url) if organiser_url else None,
    }
    response = render(request, "leagues/share.html", context)
    if organiser_url is not None:
        holds_secret(response)  # the organiser link: never compressed (BREACH), never cached
    return response


# -- the league page ----------------------------------------------------------------------------


def _scope_from(
    request: HttpRequest, league: League, seasons: list[Season], *, default_current: bool = True
):
    """The season and variant asked for; no season asked means the current one (if any), or
    every season with ``default_current=False``."""
    asked = request.GET.get("season")
    if asked is None:
        season = current_season(league=league, seasons=seasons) if default_current else None
    elif asked in {"", "all"}:
        season = None
    else:
        try:
            season = season_get(league=league, season_id=asked)
        except Season.DoesNotExist:
            raise Http404("no such season") from None
    slug = _variant_asked(request)
    return season, slug


def _as_of_asked(request: HttpRequest) -> dt.date | None:
    """The day a page shows the table as it stood at the end of (``?as_of=YYYY-MM-DD``), or
    None for now. A day that is not a date is said so, and now is shown."""
    text = (request.GET.get("as_of") or "").strip()
    if not text:
        return None
    try:
        return dt.date.fromisoformat(text)
    except ValueError:
        messages.error(
            request,
            _("as_of: %(value)s is not a date (YYYY-MM-DD); the table is shown as it is now")
            % {"value": text[:20]},
        )
        return None


def _table_as_of(rows) -> dt.date | None:
    """The day of the latest game the table counts."""
    days = [row.as_of for row in rows if row.as_of is not None]
    return max(days) if days else None


def ordinal(n: int | None) -> str:
    """A place as the page's language writes it: "1st", "2nd", "3rd" in English."""
    if n is None:
        return "–"
    if n % 100 in (11, 12, 13) or n % 10 not in (1, 2, 3):
        template = pgettext("ordinal place", "%(n)sth")
    elif n % 10 == 1:
        template = pgettext("ordinal place", "%(n)sst")
    elif n % 10 == 2:
        template = pgettext("ordinal place", "%(n)snd")
    else:
        template = pgettext("ordinal place", "%(n)srd")
    return template % {"n": n}


@require_GET
def league_page(request: HttpRequest, league_id: str) -> HttpResponse:
    """Standings (by season and variant, as of a day if asked), seasons, recent games and
    players."""
    league = _league(league_id)
    access.remember_league(request, league)
    token = access.organiser(request, league)
    seasons = list(league.seasons.all())
    season, slug = _scope_from(request, league, seasons)
    as_of = _as_of_asked(request)
    rows = standings(league=league, season=season, variant=slug, as_of=as_of, movement=True)
    variants = [get_variant(v) for v in league_variants(league=league)]
    scope = scope_key(season=season, variant=slug)
    context = {
        "league": league,
        "organiser": token is not None,
        "seasons": seasons,
        "season": season,
        "current": current_season(league=league, seasons=seasons),
        "variant": get_variant(slug) if slug else None,
        "variants": variants,
        "unit": score_unit(slug) if slug else None,
        "scope_query": _scope_query(season, slug),
        "games_query": _scope_query(season, slug, every_season=True),
        "as_of": as_of,
        "table_as_of": _table_as_of(rows),
        "ranked_rows": [r for r in rows if not r.unranked and not r.inactive],
        "provisional_rows": [r for r in rows if r.unranked and not r.inactive],
        "inactive_rows": [r for r in rows if r.inactive],
        "nights": _nights(league, scope, until=as_of),
        "players": league_players(league=league),
        "season_form": SeasonForm(),
    }
    response = render(request, "leagues/league.html", context)
    response["Cache-Control"] = "no-store"
    return response


def _nights(league: League, scope: str, *, until: dt.date | None = None) -> list[dict[str, Any]]:
    """The latest games of the season and variant shown (up to the night ``until``: a page as
    of that night), by night, each with its variant (its name heads the game)."""
    latest = recent_games(
        league=league, limit=RECENT_GAMES, scope=scope, removed=False, until=until
    )
    nights = nights_of(latest)
    for night in nights:
        for item in night["games"]:
            item["variant"] = get_variant(item["game"].variant)
    return nights


@require_GET
def league_games(request: HttpRequest, league_id: str) -> HttpResponse:
    """Every game of the league, newest first, 50 a page, in the season and variant asked for
    (the current season unless asked, as the league page); the organiser corrects, moves,
    removes and puts back any of them from here."""
    league = _league(league_id)
    seasons = list(league.seasons.all())
    season, slug = _scope_from(request, league, seasons)
    try:
        page = max(1, int(request.GET.get("page") or 1))
    except ValueError:  # not a number (or thousands of digits)
        raise Http404("no such page") from None
    # A page past the last is the last page.
    found = games_page(league=league, scope=scope_key(season=season, variant=slug), page=page)
    for item in found["games"]:
        item["variant"] = get_variant(item["game"].variant)
    found["nights"] = nights_of(found["games"])
    query = _scope_query(season, slug, every_season=True)
    context = {
        "league": league,
        "organiser": access.organiser(request, league) is not None,
        "seasons": seasons,
        "season": season,
        "current": current_season(league=league, seasons=seasons),
        "variant": get_variant(slug) if slug else None,
        "variants": [get_variant(v) for v in league_variants(league=league)],
        "found": found,
        "page_query": (query + "&" if query else "?") + "page=",
        "here": request.get_full_path(),
    }
    return render(request, "leagues/games.html", context)


def _back(request: HttpRequest, league: League):
    """Where an organiser action returns: the page it was made on (``next``, a path of this
    league), else the league page."""
    target = request.POST.get("next") or ""
    prefix = reverse("league", args=[league.public_id])
    if target.startswith(prefix) and url_has_allowed_host_and_scheme(
        target, allowed_hosts={request.get_host()}
    ):
        return redirect(target)
    return redirect("league", league_id=league.public_id)


def _scope_query(season: Season | None, slug: str | None, *, every_season: bool = False) -> str:
    """``?season=…&variant=…`` for links to a player's page in the scope shown ("" for every
    season and game, the player page's own default). ``every_season``: say ``season=all``
    when no season is shown (for pages whose default is the current season)."""
    asked = {"season": season.pk if season else ("all" if every_season else None), "variant": slug}
    query = urlencode({key: value for key, value in asked.items() if value})
    return f"?{query}" if query else ""


def _variant_asked(request: HttpRequest) -> str | None:
    """The variant a page is filtered to (``?variant=``), or None for all; 404 if unknown."""
    slug = request.GET.get("variant") or None
    if slug is None:
        return None
    try:
        return get_variant(slug).slug
    except UnknownVariantError:
        raise Http404("no such variant") from None


@require_GET
def player_page(request: HttpRequest, league_id: str, player_id: int) -> HttpResponse:
    """A player's rating history, results by variant, what the table told, in the season and
    variant asked for (every season and game unless asked); recent form; and, lifetime, head
    to head and who owes whom."""
    league = _league(league_id)
    try:
        player = player_get(league=league, player_id=player_id)
    except Player.DoesNotExist:
        into = merged_into(league=league, player_id=player_id)
        if into is None:
            raise Http404("no such player") from None
        # A merged player's old page: the player it is now, for good (same query).
        target = reverse("league_player", args=[league.public_id, into])
        query = request.META.get("QUERY_STRING", "")
        return HttpResponsePermanentRedirect(f"{target}?{query}" if query else target)
    seasons = list(league.seasons.all())
    season, slug = _scope_from(request, league, seasons, default_current=False)
    record = player_record(
        league=league, player=player, scope=scope_key(season=season, variant=slug)
    )
    as_of = _as_of_asked(request)
    history = [i for i in record["history"] if as_of is None or i["played_on"] <= as_of]
    for item in history:
        item["place_ordinal"] = ordinal(item["place"])
        item["expected_ordinal"] = ordinal(item["expected_place"])
        item["opponent_names"] = ", ".join(other["player"] for other in item["opponents"])
    points = [{player.name: round(item["after"], 1)} for item in history]
    latest = history[-1] if history else None
    drawn = chart([player.name], points, start=0)
    context = {
        "league": league,
        "player": player,
        "seasons": seasons,
        "season": season,
        "current": current_season(league=league, seasons=seasons),
        "variant": get_variant(slug) if slug else None,
        "variants": [get_variant(v) for v in league_variants(league=league)],
        "chart": drawn,
        "chart_series": [(series, seat_class(0)) for series in drawn.series] if drawn else [],
        "latest": latest,
        "as_of": as_of,
        "provisional": latest is None or is_provisional(games=len(history)),
        "rating_range": rating_range(mu=latest["mu"], sigma=latest["sigma"]) if latest else None,
        "changes": list(reversed(history[-FORM_CHANGES:])),
        "others": [p for p in league_players(league=league) if p.pk != player.pk],
        "by_variant": [
            {
                "standing": s,
                "variant": get_variant(s.scope.split("|")[1]),
                "unit": score_unit(s.scope.split("|")[1]),
            }
            for s in record["by_variant"]
        ],
        "form": record["form"],
        "head_to_head": record["head_to_head"],
        "scope_query": _scope_query(season, slug),
        **_table_record(league, player, season, slug),
        "organiser": access.organiser(request, league) is not None,
        "rename_form": RenameForm(initial={"name": player.name}),
    }
    return render(request, "leagues/player.html", context)


def _table_record(
    league: League, player: Player, season: Season | None, slug: str | None
) -> dict[str, Any]:
    """What the hands told of the player in the scope, per variant, each figure named by its
    family; and, lifetime, who owes whom in chip games."""
    stats = player_hand_stats(league=league, player=player, season=season, variant=slug)
    at_table = []
    for item in stats["by_variant"]:
        family = family_of(item["variant"])
        lines = [
            {"key": key, "label": _(label), "value": item[key]}
            for key, label in family.tally_labels.items()
            if key in item
        ]
        at_table.append({"variant": get_variant(item["variant"]), "lines": lines})
    return {
        "at_table": at_table,
        "in_progress": stats["in_progress"],
        "chips": stats["chips"],
        "chips_in_progress": stats["chips_in_progress"],
    }


# -- organiser actions --------------------------------------------------------------------------


@require_http_methods(["GET", "POST"])
@_organisers_only
def league_game_new(request: HttpRequest, league: League, token: str) -> HttpResponse:
    """The start form with the league's players offered and its variants first."""
    ranked_variants = [get_variant(v) for v in league_variants(league=league)]
    others = [v for v in all_variants() if v.slug not in {r.slug for r in ranked_variants}]

    def create(*, data, token_seed: str, **table: Any):
        # A league game's token is made from the organiser's, not from a seed.
        link, game_token = league_game_create(
            league=league, token=token, ranked=data.get("ranked") == "on", **table
        )
        return link.game, game_token

    def token_again(game, _seed: str) -> str:
        return game_token_for(league=league, game=game)

    data = request.POST if request.method == "POST" else None
    ranked = data is None or data.get("ranked") == "on"
    return start_page(
        request,
        start_url=reverse("league_game_new", args=[league.public_id]),
        create=create,
        token_again=token_again,
        names=[p.name for p in league_players(league=league)],
        variants=ranked_variants + others,
        context={"league": league, "ranked": ranked},
        template="leagues/game_new.html",
    )


@require_POST
@_organisers_only
def league_game_correct(request: HttpRequest, league: League, token: str, game_id: str):
    """Give this browser the edit rights of one of the league's games, then open it."""
    link = _link(league, game_id)
    game_token = league_game_edit_token(league=league, token=token, link=link)
    game_access.remember_game(request, link.game, token=game_token)
    return redirect("game", game_id=link.game.public_id)


@require_POST
@_organisers_only
def league_game_ranked(request: HttpRequest, league: League, token: str, game_id: str):
    link = _link(league, game_id)
    league_game_set_ranked(
        league=league, token=token, link=link, ranked=request.POST.get("ranked") == "on"
    )
    return _back(request, league)


@require_POST
@_organisers_only
def league_game_remove_view(request: HttpRequest, league: League, token, game_id: str):
    """Take a game out of the league (it is kept and can be put back)."""
    link = _link(league, game_id)
    league_game_remove(league=league, token=token, link=link)
    messages.success(
        request, _("Game removed from the league; the standings follow. Put it back any time.")
    )
    return _back(request, league)


@require_POST
@_organisers_only
def league_game_restore_view(request: HttpRequest, league: League, token, game_id: str):
    """Put a removed game back into the league."""
    link = _link(league, game_id)
    league_game_restore(league=league, token=token, link=link)
    messages.success(request, _("Game put back into the league; the standings follow."))
    return _back(request, league)


@require_POST
@_organisers_only
def league_game_accept_view(request: HttpRequest, league: League, token: str, game_id: str):
    """Count a game without waiting for its players' confirmations."""
    league_game_accept(league=league, token=token, link=_link(league, game_id))
    return redirect("league", league_id=league.public_id)


def _link(league: League, game_id: str) -> LeagueGame:
    link = (
        LeagueGame.objects.filter(league=league, game__public_id=game_id)
        .select_related("game", "league")
        .first()
    )
    if link is None:
        raise Http404("no such game in this league")
    return link


@require_POST
@_organisers_only
def league_game_played_on(request: HttpRequest, league: League, token, game_id: str):
    """Move a game to the night it was really played."""
    link = _link(league, game_id)
    try:
        league_game_set_played_on(
            league=league, token=token, link=link, played_on=request.POST.get("played_on", "")
        )
    except RulesError as error:
        messages.error(request, render_message(error.message))
    else:
        messages.success(request, _("Game night changed; the standings follow."))
    return _back(request, league)


@require_POST
@_organisers_only
def player_merge_view(request: HttpRequest, league: League, token, player_id: int):
    """Two entries of one person become one player (the one chosen keeps its name)."""
    try:
        player = player_get(league=league, player_id=player_id)
        into = player_get(league=league, player_id=request.POST.get("into"))
    except Player.DoesNotExist:
        messages.error(request, _("Choose the player to merge with."))
        return redirect("league_player", league_id=league.public_id, player_id=player_id)
    try:
        player_merge(league=league, token=token, player=player, into=into)
    except RulesError as error:
        messages.error(request, render_message(error.message))
        return redirect("league_player", league_id=league.public_id, player_id=player.pk)
    messages.success(request, _("Merged: every game and rating now counts for one player."))
    return redirect("league_player", league_id=league.public_id, player_id=into.pk)


@require_POST
@_organisers_only
def season_add(request: HttpRequest, league: League, token: str) -> HttpResponse:
    form = SeasonForm(request.POST)
    if form.is_valid():
        try:
            season = season_create(league=league, token=token, **form.cleaned_data)
        except RulesError as error:
            messages.error(request, render_message(error.message))
        else:
            messages.success(request, _("Season added."))
            return redirect(f"{reverse('league', args=[league.public_id])}?season={season.pk}")
    else:
        for errors in form.errors.values():
            for error in errors:
                messages.error(request, error)
    return redirect("league", league_id=league.public_id)


@require_POST
@_organisers_only
def season_remove(request: HttpRequest, league: League, token: str, season_id: int):
    try:
        season = season_get(league=league, season_id=season_id)
    except Season.DoesNotExist:
        raise Http404("no such season") from None
    season_delete(league=league, token=token, season=season)
    messages.success(request, _("Season removed; its games stay in the league."))
    return redirect(f"{reverse('league', args=[league.public_id])}?season=all")


@require_POST
@_organisers_only
def player_rename_view(request: HttpRequest, league: League, token: str, player_id: int):
    try:
        player = player_get(league=league, player_id=player_id)
    except Player.DoesNotExist:
        raise Http404("no such player") from None
    form = RenameForm(request.POST)
    if form.is_valid():
        try:
            player_rename(league=league, token=token, player=player, name=form.cleaned_data["name"])
        except RulesError as error:
            messages.error(request, render_message(error.message))
        else:
            messages.success(request, _("Renamed; every game and rating stays theirs."))
    return redirect("league_player", league_id=league.public_id, player_id=player.pk)


@require_http_methods(["GET", "POST"])
@_organisers_only
def league_settings(request: HttpRequest, league: League, token: str) -> HttpResponse:
    initial = {
        "name": league.name,
        "description": league.description,
        "variants": league.variants,
        "min_games": league.min_games,
        "inactive_nights": league.inactive_nights,
        "confirm_hands": league.confirm_hands,
    }
    form = LeagueForm(request.POST or None, initial=initial)
    if request.method == "POST" and form.is_valid():
        confirm_hands = form.cleaned_data.pop("confirm_hands")
        try:
            league_update(league=league, token=token, **form.cleaned_data)
            league_set_confirm_hands(league=league, token=token, confirm_hands=confirm_hands)
        except RulesError as error:
            _rules_error_to_form(form, error, set(form.fields))
        else:
            messages.success(request, _("Settings saved."))
            return redirect("league", league_id=league.public_id)
    return render(request, "leagues/settings.html", {"league": league, "form": form})


@require_GET
def league_export(request: HttpRequest, league_id: str) -> HttpResponse:
    """The league's games, hands, places and standings as one CSV file (public, like the page)."""
    league = _league(league_id)
    response = HttpResponse(export_csv(league=league), content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="league-{league.public_id}.csv"'
    return response


@require_http_methods(["GET", "POST"])
@_organisers_only
def league_import(request: HttpRequest, league: League, token: str) -> HttpResponse:
    """Upload or paste a CSV; "check" reports without writing, "import" writes if all is well."""
    form = ImportForm(request.POST or None, request.FILES or None)
    report = None
    if request.method == "POST" and form.is_valid():
        text = form.csv_text()
        if text is not None:
            dry_run = request.POST.get("action") != "import"
            report = import_games(league=league, token=token, csv_text=text, dry_run=dry_run)
            if report.created:
                messages.success(request, _("Games imported."))
                return redirect("league", league_id=league.public_id)
    status = 400 if report is not None and not report.ok else 200
    context = {"league": league, "form": form, "report": report}
    return render(request, "leagues/import.html", context, status=status)
